import {
  AVAILABILITY_MSG, availability, availabilityMessage, bulkPublishQuestion, dayAvailability, driverShiftErrors, overlappingShift, periodsOn,
  publishAvailabilityMessage, worksForRestaurant, type DriverWorkingTime, type TimedShift,
} from '../../domain/availability';

const H = { yes: 10, no: 20 };
// Thursday 19/11/2026 is week_day 3; Saturday 21/11/2026 is 5.
const driver: DriverWorkingTime = {
  default_working_time: [
    { week_day: 3, holiday: H.no, start_at: '17:00', stop_at: '23:00' },
    { week_day: 3, holiday: H.no, start_at: '11:00', stop_at: '15:00' },
    { week_day: 4, holiday: H.no, start_at: '16:00', stop_at: '02:00' },
    { week_day: 5, holiday: H.yes, start_at: '00:00', stop_at: '23:45' },
  ],
  actual_override_working_time: [
    { period_date: '2026-11-26', holiday: H.yes, start_at: '00:00', stop_at: '23:45' },
    { period_date: '2026-11-28', holiday: H.no, start_at: '12:00', stop_at: '18:00' },
  ],
};

describe('driver availability (spec 3, section 4.3)', () => {
  it.each<[string, string, string, string, string | null]>([
    ['inside the evening window', '2026-11-19', '18:00', '22:00', null],
    ['exactly the window', '2026-11-19', '17:00', '23:00', null],
    ['inside the lunch window', '2026-11-19', '11:30', '14:30', null],
    ['across the gap between windows', '2026-11-19', '14:00', '18:00', 'Driver working time: 11:00-15:00, 17:00-23:00'],
    ['ending after the window', '2026-11-19', '18:00', '23:15', 'Driver working time: 11:00-15:00, 17:00-23:00'],
    ['overnight inside an overnight window', '2026-11-20', '20:00', '01:00', null],
    ['overnight past an overnight window', '2026-11-20', '20:00', '03:00', 'Driver working time: 16:00-02:00'],
    ['on a weekly holiday', '2026-11-21', '12:00', '15:00', 'Driver unavailable'],
    // An empty day reads 'Available' in the Unavailability dialog (spec 2, section 2): free all day.
    ['on a day without any working time', '2026-11-16', '12:00', '15:00', null],
    ['overnight on a day without any working time', '2026-11-16', '20:00', '02:00', null],
    ['an override holiday beats the Thursday default', '2026-11-26', '18:00', '22:00', 'Driver unavailable'],
    ['an override window beats the Saturday holiday', '2026-11-28', '12:00', '17:00', null],
    ['outside the override window', '2026-11-28', '17:00', '19:00', 'Driver working time: 12:00-18:00'],
  ])('%s (%s %s-%s)', (_name, date, start, finish, message) => {
    expect(availabilityMessage(availability(driver, date, start, finish))).toBe(message);
  });

  it('lets an override without times free a weekly holiday, and never leaves a driver with no periods unavailable', () => {
    const freed: DriverWorkingTime = {
      ...driver,
      actual_override_working_time: [{ period_date: '2026-11-21', holiday: H.no, start_at: null, stop_at: null }],
    };
    expect(dayAvailability(freed, '2026-11-21')).toEqual({ kind: 'allDay' });
    expect(availability(freed, '2026-11-21', '12:00', '15:00')).toEqual({ available: true });
    const neverFilledIn: DriverWorkingTime = { default_working_time: [], actual_override_working_time: [] };
    for (const date of ['2026-11-16', '2026-11-19', '2026-11-22']) expect(availability(neverFilledIn, date, '09:00', '17:00')).toEqual({ available: true });
    expect(dayAvailability(driver, '2026-11-19')).toEqual({
      kind: 'windows',
      windows: [{ start_at: '11:00', stop_at: '15:00' }, { start_at: '17:00', stop_at: '23:00' }],
    });
    expect(dayAvailability(driver, '2026-11-21')).toEqual({ kind: 'holiday' });
  });

  it('takes the date overrides instead of the weekday periods', () => {
    expect(periodsOn(driver, '2026-11-28')).toEqual([driver.actual_override_working_time[1]]);
    expect(periodsOn(driver, '2026-11-19')).toHaveLength(2);
  });

  it('words the single-publish block with the name and the date', () => {
    expect(publishAvailabilityMessage(availability(driver, '2026-11-21', '12:00', '15:00'), 'Dan Driver', '2026-11-21')).toBe(
      'Driver Dan Driver unavailable at 21/11/2026',
    );
    expect(publishAvailabilityMessage(availability(driver, '2026-11-19', '09:00', '12:00'), 'Dan Driver', '2026-11-19')).toBe(
      'Driver Dan Driver working time: 11:00-15:00, 17:00-23:00 at 19/11/2026',
    );
    expect(publishAvailabilityMessage(availability(driver, '2026-11-19', '18:00', '22:00'), 'Dan Driver', '2026-11-19')).toBeNull();
  });

  it('asks the bulk-publish question with the count, as the spec spells it', () => {
    expect(bulkPublishQuestion(['Driver A unavailable at 19/11/2026', 'Driver B working time: 11:00-15:00 at 20/11/2026'])).toBe(
      'Some driver unvalilable on published shifts(2): Driver A unavailable at 19/11/2026; Driver B working time: 11:00-15:00 at 20/11/2026. ' +
        'Skip to publish incorrect shifts and publish correct shifts?',
    );
  });
});

const shift = (over: Partial<TimedShift>): TimedShift => ({
  id: 1, driver_id: 7, status: 20, period_date: '2026-11-19', start_time: '17:00', finish_time: '22:00', ...over,
});

describe('overlap with another published shift of the driver that day (spec 3, section 5)', () => {
  const published = shift({ id: 2 });
  it.each<[string, Partial<TimedShift>, TimedShift[], boolean]>([
    ['same time', { id: 1 }, [published], true],
    ['inside it', { start_time: '18:00', finish_time: '19:00' }, [published], true],
    ['touching its end', { start_time: '22:00', finish_time: '23:30' }, [published], true],
    ['touching its start', { start_time: '12:00', finish_time: '17:00' }, [published], true],
    ['before it', { start_time: '11:00', finish_time: '15:00' }, [published], false],
    ['another driver', { driver_id: 8 }, [published], false],
    ['another day', { period_date: '2026-11-20' }, [published], false],
    ['the other is unpublished', {}, [shift({ id: 2, status: 10 })], false],
    ['the other is a draft', {}, [shift({ id: 2, status: 30 })], false],
    ['itself', { id: 2 }, [published], false],
    ['an overnight shift is not checked', { start_time: '21:00', finish_time: '01:00' }, [published], false],
    ['the other runs past midnight', { start_time: '23:00', finish_time: '23:45' }, [shift({ id: 2, start_time: '22:00', finish_time: '02:00' })], true],
    ['open shift', { driver_id: null }, [published], false],
  ])('%s', (_name, over, others, overlaps) => {
    expect(!!overlappingShift(shift(over), others)).toBe(overlaps);
  });
});

describe('drivers offered for a restaurant (spec 3, section 5)', () => {
  const restaurant = { id: 11, area_id: 1 };
  const areas = (...ids: number[]) => ids.map((area_id) => ({ area_id }));
  const places = (...ids: number[]) => ids.map((restaurant_id) => ({ restaurant_id }));
  it.each<[string, number[], number[], boolean]>([
    ['no areas at all', [], [], true],
    ['no areas, restaurants elsewhere', [], [99], true],
    ['its area, no restaurant restriction', [1], [], true],
    ['its area and this restaurant', [1, 2], [11], true],
    ['its area but tied to other restaurants', [1], [12], false],
    ['another area only', [2], [], false],
  ])('%s', (_name, areaIds, restaurantIds, offered) => {
    expect(worksForRestaurant({ area_ids: areas(...areaIds), restaurant_ids: places(...restaurantIds) }, restaurant)).toBe(offered);
  });
});

describe('every reason a driver cannot take a shift', () => {
  it('lists the overlap first, then the working time', () => {
    const others = [shift({ id: 2, start_time: '08:00', finish_time: '12:00' })];
    expect(driverShiftErrors(shift({ id: 1, start_time: '09:00', finish_time: '12:00' }), driver, others)).toEqual([
      AVAILABILITY_MSG.overlap,
      'Driver working time: 11:00-15:00, 17:00-23:00',
    ]);
    expect(driverShiftErrors(shift({ id: 1, start_time: '18:00', finish_time: '22:00' }), driver, others)).toEqual([]);
  });
});
