import { DATA_FULL_FIELDS, dataFull, dataFullBand, missingDataFullFields } from '../../domain/dataFull';
import { DRIVER_FILTER, matchesDriverFilter, readDriverFilter } from '../../domain/driverFilters';
import { fieldErrors } from '../../domain/validation/auth';
import { readDate } from '../../domain/dates';
import { AMOUNT_MSG } from '../../domain/validation/fields';
import { DRIVER_MSG, activityLabel, driverFormSchema, halfBoardSchema } from '../../domain/validation/driver';
import { RESTAURANT_MSG, readRestaurantStatus, restaurantFormSchema, restaurantInUseMessage, restaurantProfileFormSchema } from '../../domain/validation/restaurant';
import { PERIOD_MSG, dayProblems, isHolidayDate, normaliseDay, workingTimesMessages } from '../../domain/validation/workingTimes';

const messages = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
};

describe('Data Full (spec 2, sections 4, 5 and 9)', () => {
  const full = Object.fromEntries(DATA_FULL_FIELDS.map((f) => [f, f === 'right_to_work_photos' ? [{ id: 1 }] : f === 'have_experience' ? 20 : 'x']));

  it('counts 24 fields, each worth a 24th, rounded down to a whole percentage', () => {
    expect(DATA_FULL_FIELDS).toHaveLength(24);
    expect(new Set(DATA_FULL_FIELDS).size).toBe(24);
    expect(dataFull(full)).toBe(100);
    expect(dataFull({})).toBe(0);
    expect(dataFull({ first_name: 'Ann', last_name: 'Lee', email: 'a@b' })).toBe(12); // 3/24 = 12.5
    expect(dataFull({ ...full, photo_src: null })).toBe(95); // 23/24 = 95.8
    expect(dataFull({ ...full, right_to_work_photos: [] })).toBe(95);
  });

  it('does not count blanks, empty lists, or the two optional extras', () => {
    expect(dataFull({ first_name: '  ', right_to_work_photos: [] })).toBe(0);
    expect(dataFull({ address_2: 'Flat 2', experience_description: 'Years' } as never)).toBe(0);
    expect(missingDataFullFields({ ...full, city: '', car_insurer: null })).toEqual(['city', 'car_insurer']);
  });

  it.each([
    [100, 'green'], [95, 'green'], [94, 'blue-grey'], [80, 'blue-grey'], [79, 'blue'], [50, 'blue'],
    [49, 'deep orange'], [40, 'deep orange'], [39, 'dark red'], [30, 'dark red'], [29, 'pink'], [0, 'pink'],
  ])('%i %% is %s', (percent, band) => {
    expect(dataFullBand(percent).name).toBe(band);
  });
});

describe('driver filters (spec 2, section 4)', () => {
  const d = (status: number, not_progressing: number, data_full: number) => ({ status, not_progressing, data_full });
  it.each([
    [DRIVER_FILTER.all, d(20, 10, 0), true],
    [DRIVER_FILTER.active, d(10, 20, 0), true],
    [DRIVER_FILTER.active, d(30, 20, 100), false],
    [DRIVER_FILTER.inactive, d(20, 20, 0), true],
    [DRIVER_FILTER.completed, d(30, 20, 70), true],
    [DRIVER_FILTER.completed, d(30, 20, 69), false],
    [DRIVER_FILTER.completed, d(10, 20, 100), false],
    [DRIVER_FILTER.incomplete, d(30, 20, 69), true],
    [DRIVER_FILTER.incomplete, d(30, 20, 70), false],
    [DRIVER_FILTER.notProgressing, d(10, 10, 0), true],
    [DRIVER_FILTER.notProgressing, d(30, 20, 0), false],
    [DRIVER_FILTER.progressing, d(30, 20, 0), true],
  ])('filter %i on %j is %s', (code, driver, expected) => {
    expect(matchesDriverFilter(driver, code)).toBe(expected);
  });

  it('reads the status query, 10 (active) when none or an unknown one is given (spec 2, section 4)', () => {
    expect(readDriverFilter('120')).toBe(120);
    expect(readDriverFilter(' 10 ')).toBe(10);
    expect(readDriverFilter('30')).toBe(DRIVER_FILTER.all);
    expect(readDriverFilter('99')).toBe(DRIVER_FILTER.active);
    expect(readDriverFilter(undefined)).toBe(DRIVER_FILTER.active);
    expect(readRestaurantStatus('20')).toBe(20);
    expect(readRestaurantStatus('30')).toBe(10);
    expect(readRestaurantStatus(undefined)).toBe(10);
  });

  it("shows activity as online, 'was online {relative time}' or 'never'", () => {
    const ago = () => '3 hours ago';
    expect(activityLabel({ activity_status: 10, activity_time: '2026-01-01T10:00:00Z' }, ago)).toBe('online');
    expect(activityLabel({ activity_status: 20, activity_time: '2026-01-01T10:00:00Z' }, ago)).toBe('was online 3 hours ago');
    expect(activityLabel({ activity_status: 20, activity_time: null }, ago)).toBe('never');
  });
});

describe('working periods (spec 2, section 5)', () => {
  const p = (start_at: string | null, stop_at: string | null, holiday = 20) => ({ start_at, stop_at, holiday });

  it('needs both times, the start before the stop', () => {
    expect(dayProblems('Monday', [p(null, '12:00')])).toEqual([{ start_at: "Monday 'Start at' required" }]);
    expect(dayProblems('Monday', [p('10:00', null)])).toEqual([{ stop_at: "Monday 'Stop at' required" }]);
    expect(dayProblems('Monday', [p('12:00', '10:00')])).toEqual([{ start_at: "Monday 'Start at' can't be greater then 'Stop at'" }]);
    expect(dayProblems('Monday', [p('10:00', '10:00')])).toEqual([{ start_at: PERIOD_MSG.startAfterStop('Monday') }]);
    expect(dayProblems('Monday', [p(null, null, 10)])).toEqual([{}]);
  });

  it('finds overlaps on the end that lies inside the other period; touching ends are fine', () => {
    expect(dayProblems('Friday', [p('10:00', '14:00'), p('13:00', '18:00')])).toEqual([
      { stop_at: "Friday 'Stop at' has intersection with other period" },
      { start_at: "Friday 'Start at' has intersection with other period" },
    ]);
    expect(dayProblems('Friday', [p('10:00', '12:00'), p('12:00', '14:00')])).toEqual([{}, {}]);
    expect(dayProblems('Friday', [p('09:00', '20:00'), p('12:00', '14:00')])).toEqual([
      { start_at: PERIOD_MSG.startIntersects('Friday') },
      { start_at: PERIOD_MSG.startIntersects('Friday'), stop_at: PERIOD_MSG.stopIntersects('Friday') },
    ]);
  });

  it('names weekdays from Monday and dates as DD/MM/YYYY in the messages', () => {
    expect(
      workingTimesMessages(
        [{ week_day: 6, holiday: 20, start_at: '10:00', stop_at: null }],
        [{ period_date: '2026-12-24', holiday: 20, start_at: null, stop_at: '10:00' }],
      ),
    ).toEqual(["Sunday 'Stop at' required", "24/12/2026 'Start at' required"]);
  });

  it('lets a holiday replace the day, and knows holiday dates', () => {
    expect(normaliseDay([p('10:00', '12:00'), p(null, null, 10)])).toEqual([{ start_at: '00:00', stop_at: '23:45', holiday: 10 }]);
    expect(normaliseDay([p('17:00', '20:00'), p('10:00', '12:00')]).map((x) => x.start_at)).toEqual(['10:00', '17:00']);
    const leave = [{ period_date: '2026-12-24', holiday: 10, start_at: '00:00', stop_at: '23:45' }];
    expect(isHolidayDate(leave, '2026-12-24')).toBe(true);
    expect(isHolidayDate(leave, '2026-12-25')).toBe(false);
  });
});

describe('restaurant forms (spec 2, section 5)', () => {
  const valid = {
    name: 'Kitchen', contactName: 'Sam', address: '1 Road', email: 'a@b.test', business_email: 'c@d.test', telephone: '0207', area_id: '3',
  };

  it("gives the spec's message for each required field, top field first", () => {
    expect(Object.entries(messages(restaurantFormSchema(false), {}))).toEqual([
      ['name', [RESTAURANT_MSG.nameRequired]],
      ['contactName', [RESTAURANT_MSG.contactNameRequired]],
      ['address', [RESTAURANT_MSG.addressRequired]],
      ['email', [RESTAURANT_MSG.emailRequired]],
      ['business_email', [RESTAURANT_MSG.businessEmailRequired]],
      ['telephone', [RESTAURANT_MSG.telephoneRequired]],
      ['area_id', [RESTAURANT_MSG.areaRequired]],
    ]);
    expect(messages(restaurantFormSchema(false), { ...valid, email: 'x', business_email: 'y' })).toEqual({
      email: [RESTAURANT_MSG.validEmail],
      business_email: [RESTAURANT_MSG.validBusinessEmail],
    });
  });

  it('asks for the password only while its switch is on', () => {
    expect(restaurantFormSchema(false).safeParse(valid).success).toBe(true);
    expect(messages(restaurantFormSchema(true), valid)).toEqual({ password: [RESTAURANT_MSG.enterPassword] });
    expect(messages(restaurantFormSchema(true), { ...valid, password: '12345' })).toEqual({ password: [RESTAURANT_MSG.passwordSixSymbols] });
  });

  it('reads amounts as pounds and pence, optional', () => {
    const parsed = restaurantFormSchema(false).parse({ ...valid, standard_pay: '£12.5', booking_fee: '' });
    expect(parsed).toMatchObject({ standard_pay: 12.5, booking_fee: null, send_invoice: true, area_id: 3 });
    expect(messages(restaurantFormSchema(false), { ...valid, weekend_pay: '12,50' })).toEqual({ weekend_pay: [AMOUNT_MSG.notNumber] });
  });

  it('checks the profile form, with the current password when changing it', () => {
    expect(messages(restaurantProfileFormSchema(false), { name: 'x', contactName: 'y', address: 'z', telephone: '' })).toEqual({
      telephone: [RESTAURANT_MSG.telephoneRequired],
    });
    expect(messages(restaurantProfileFormSchema(true), { name: 'x', contactName: 'y', address: 'z', telephone: '1', password: 'secret1' })).toEqual({
      current_password: [RESTAURANT_MSG.currentPasswordRequired],
    });
  });

  it('says what keeps a restaurant from being removed', () => {
    expect(restaurantInUseMessage('Sushi', { shifts: 1200, timesheets: 1, invoices: 2, reports: 4 })).toBe(
      'Sushi has 1,200 shifts, 1 timesheet and 2 invoices: mark it inactive instead, so they are kept',
    );
    expect(restaurantInUseMessage('Sushi', { shifts: 0, timesheets: 0, invoices: 0, reports: 0 })).toBeNull();
  });
});

describe('driver forms (spec 2, section 5)', () => {
  it('needs a first name and an e-mail; dates are DD/MM/YYYY', () => {
    expect(messages(driverFormSchema(false), {})).toEqual({ first_name: [DRIVER_MSG.firstNameRequired], email: [DRIVER_MSG.emailRequired] });
    expect(messages(driverFormSchema(false), { first_name: 'A', email: 'a@b', date_of_birth: '1990-02-30' })).toEqual({ date_of_birth: [DRIVER_MSG.dateInvalid] });
    expect(driverFormSchema(false).parse({ first_name: 'A', email: 'a@b', date_of_birth: '01/02/1990' }).date_of_birth).toBe('1990-02-01');
  });

  it('half board needs first name, last name and e-mail', () => {
    expect(messages(halfBoardSchema, { email: 'nope' })).toEqual({
      first_name: [DRIVER_MSG.firstNameRequired],
      last_name: [DRIVER_MSG.lastNameRequired],
      email: [DRIVER_MSG.validEmail],
    });
  });

  it.each([
    ['14/02/1995', '1995-02-14'], ['1995-02-14', '1995-02-14'], ['29/02/2024', '2024-02-29'],
    ['29/02/2023', null], ['2/3/1990', null], ['1995-2-14', null], ['31/04/2000', null],
  ])('reads the date %s as %s', (text, iso) => {
    expect(readDate(text)).toBe(iso);
  });
});
