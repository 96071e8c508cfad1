import {
  asksToNotify, assignedStatusFor, bonusLabel, canCancel, canDelete, canMove, canPublish, canRemove, canRestaurantPublish,
  canRestaurantUnpublish, canUnpublish, isEditableFreeShift, priceShift, publishShiftsQuestion, rejectedByLabel, removeShiftQuestion,
  shiftLength, shiftRejectedBy, shiftTotals, type ShiftState,
} from '../../domain/shifts';
import { shiftHours } from '../../domain/dates';

const S = { new: 10, published: 20, draft: 30 };
const A = { assigned: 10, free: 20, stale: 30 };
const state = (over: Partial<ShiftState>): ShiftState => ({
  status: S.new, status_assigned: A.assigned, driver_id: 7, has_timesheet: false, restaurant_made: false, ...over,
});

describe('status_assigned follows the driver (spec 3, section 4.1)', () => {
  it.each<[number | null, number | undefined, number]>([
    [7, undefined, A.assigned],
    [7, A.stale, A.assigned],
    [null, undefined, A.free],
    [null, A.assigned, A.free],
    [null, A.stale, A.stale],
  ])('driver %s after %s → %i', (driver, previous, expected) => {
    expect(assignedStatusFor(driver, previous)).toBe(expected);
  });
});

describe('what administrators and managers may do with a shift (spec 3, section 4.1)', () => {
  type Row = [string, Partial<ShiftState>, { publish: boolean; unpublish: boolean; remove: boolean; del: boolean; cancel: boolean; move: boolean; notify: boolean }];
  it.each<Row>([
    ['unpublished, assigned', {}, { publish: true, unpublish: false, remove: false, del: true, cancel: false, move: true, notify: false }],
    ['unpublished, open', { driver_id: null, status_assigned: A.free }, { publish: true, unpublish: false, remove: true, del: true, cancel: false, move: true, notify: true }],
    ['published, assigned', { status: S.published }, { publish: false, unpublish: true, remove: false, del: false, cancel: true, move: true, notify: false }],
    ['published, open (offered again)', { status: S.published, driver_id: null, status_assigned: A.free }, { publish: true, unpublish: true, remove: false, del: false, cancel: false, move: true, notify: true }],
    ['published, stale (rejected)', { status: S.published, driver_id: null, status_assigned: A.stale }, { publish: true, unpublish: true, remove: false, del: false, cancel: false, move: true, notify: true }],
    ['published with a timesheet', { status: S.published, has_timesheet: true }, { publish: false, unpublish: false, remove: false, del: false, cancel: false, move: false, notify: false }],
    ['draft, open', { status: S.draft, driver_id: null, status_assigned: A.free }, { publish: false, unpublish: false, remove: true, del: true, cancel: false, move: true, notify: true }],
    ['unpublished, open, with a timesheet', { driver_id: null, has_timesheet: true }, { publish: true, unpublish: false, remove: false, del: false, cancel: false, move: false, notify: true }],
  ])('%s', (_name, over, expected) => {
    const s = state(over);
    expect({
      publish: canPublish(s),
      unpublish: canUnpublish(s),
      remove: canRemove(s),
      del: canDelete(s),
      cancel: canCancel(s),
      move: canMove(s),
      notify: asksToNotify(s),
    }).toEqual(expected);
  });
});

describe('what a restaurant account may do with a shift (spec 3, sections 4.1 and 6)', () => {
  it.each<[string, Partial<ShiftState>, { edit: boolean; publish: boolean; unpublish: boolean }]>([
    ['its own draft', { status: S.draft, driver_id: null, restaurant_made: true }, { edit: true, publish: true, unpublish: false }],
    ['its own shift in moderation', { status: S.new, driver_id: null, restaurant_made: true }, { edit: true, publish: false, unpublish: true }],
    ['its own shift once published', { status: S.published, driver_id: null, restaurant_made: true }, { edit: false, publish: false, unpublish: false }],
    ['its own shift a driver took', { status: S.new, driver_id: 7, restaurant_made: true }, { edit: false, publish: false, unpublish: false }],
    ['its own shift with a timesheet', { status: S.new, driver_id: null, restaurant_made: true, has_timesheet: true }, { edit: false, publish: false, unpublish: false }],
    ["the office's shift", { status: S.new, driver_id: null, restaurant_made: false }, { edit: false, publish: false, unpublish: false }],
  ])('%s', (_name, over, expected) => {
    const s = state(over);
    expect({ edit: isEditableFreeShift(s), publish: canRestaurantPublish(s), unpublish: canRestaurantUnpublish(s) }).toEqual(expected);
  });
});

describe('shift money (spec 3, sections 1 and 9)', () => {
  const rates = { band0: 1.5, band3: 3, band6: 5 };
  const none = { fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0 };
  it.each<[string, string, string, string, { standard: number | null; weekend: number | null }, number, typeof none, [number, number, number]]>([
    ['Monday, restaurant rate', '2026-11-23', '17:00', '22:00', { standard: 12.5, weekend: 14 }, 5, { fuel_bonus_0: 2, fuel_bonus_3: 1, fuel_bonus_6: 0 }, [12.5, 6, 73.5]],
    ['Thursday, area rate', '2026-11-26', '11:00', '14:30', { standard: null, weekend: null }, 0, none, [12, 0, 42]],
    ['Friday, weekend rate', '2026-11-27', '18:00', '22:00', { standard: 12.5, weekend: 14 }, 0, none, [14, 0, 56]],
    ['Sunday, area weekend rate', '2026-11-29', '18:00', '22:00', { standard: 12.5, weekend: null }, 0, none, [13.5, 0, 54]],
    ['overnight into the next day', '2026-11-27', '20:00', '02:00', { standard: null, weekend: 14 }, 10, none, [14, 0, 94]],
    ['a quarter hour at £11.75', '2026-11-23', '10:00', '10:15', { standard: 11.75, weekend: null }, 0, none, [11.75, 0, 2.94]],
    ['all three fuel bands', '2026-11-23', '17:00', '22:00', { standard: 10, weekend: null }, -10, { fuel_bonus_0: 3, fuel_bonus_3: 2, fuel_bonus_6: 1 }, [10, 15.5, 55.5]],
  ])('%s', (_name, date, start, finish, restaurant, bonus, fuel, [rate, fuelBonus, total]) => {
    expect(priceShift({ date, start, finish, restaurant, area: { standard: 12, weekend: 13.5 }, bonus, fuel, fuelRates: rates })).toEqual({
      cost_per_hour: rate,
      const_fuel_bonus: fuelBonus,
      cost_total: total,
    });
  });

  it("measures a shift's length with the one rule of dates.ts (its cases in pay.test.ts)", () => {
    expect(shiftLength).toBe(shiftHours);
  });
});

describe('the totals bar', () => {
  it('counts by status, open shifts, filled hours (1 decimal), cost and expected sales', () => {
    const shifts = [
      { restaurant_id: 1, status: 20, driver_id: 7, period_date: '2026-11-19', start_time: '17:00', finish_time: '22:00', cost_total: 60 },
      { restaurant_id: 1, status: 20, driver_id: null, period_date: '2026-11-19', start_time: '11:00', finish_time: '15:00', cost_total: 48 },
      { restaurant_id: 2, status: 10, driver_id: 8, period_date: '2026-11-19', start_time: '18:00', finish_time: '22:20', cost_total: 52.01 },
      { restaurant_id: 2, status: 30, driver_id: null, period_date: '2026-11-19', start_time: '18:00', finish_time: '22:00', cost_total: 0 },
    ];
    const commission = (id: number) => (id === 1 ? 1.5 : 2);
    expect(shiftTotals(shifts, commission)).toEqual({
      published: 2,
      unpublished: 1,
      draft: 1,
      open: 2,
      total: 4,
      filledHours: 9.3,
      estimatedCost: 160.01,
      // 160.01 + 5 × 1.5 + 4 × 1.5 + 4.33 × 2 + 4 × 2
      expectedSales: 190.17,
    });
    expect(shiftTotals([])).toMatchObject({ total: 0, filledHours: 0, estimatedCost: 0 });
  });
});

describe('labels and questions, word for word', () => {
  it('reads as the spec writes them', () => {
    expect(rejectedByLabel('Dan Driver')).toBe('Rejected by: Dan Driver');
    expect(shiftRejectedBy('Dan Driver')).toBe('Shift rejected by Dan Driver');
    expect(removeShiftQuestion('2026-11-23')).toBe('Remove shift 23/11/2026?');
    expect(publishShiftsQuestion(3)).toBe('Publish 3 shifts?');
    expect([0, 10, 20, -10].map(bonusLabel)).toEqual(['No bonus', '+£10', '+£20', '-£10']);
  });
});
