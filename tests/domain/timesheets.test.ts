import {
  actionRefusal,
  approveAllChoice,
  approveAllPlan,
  approveFailure,
  buttonStates,
  cancellationTimesheet,
  driverSummaries,
  isAllowedBonus,
  isCancellation,
  latestTimesheetDate,
  londonTime,
  matchesStatusFilter,
  placeholderFromShift,
  progressLabel,
  rateFor,
  removeRefusal,
  requestedChange,
  statusLabel,
  targetState,
  timesheetCost,
  timesheetHours,
  timesheetTotals,
  timesOverlap,
  TIMESHEET_FILTER,
  type TimesheetAction,
  type TimesheetFacts,
} from '../../domain/timesheets';
import { CANCELLATION_TIMESHEET as C, TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import { TIMESHEET_MSG, dateTooLateMessage, timesheetSchema } from '../../domain/validation/timesheet';
import { fieldErrors } from '../../domain/validation/auth';
import { OWN_MSG } from '../../domain/messages';

const sheet = (status: number, progress: number, extra: Partial<TimesheetFacts> = {}): TimesheetFacts => ({
  id: 7,
  driver_id: 3,
  status,
  status_progress: progress,
  ...extra,
});

describe('transitions (spec 3, section 4.2)', () => {
  it.each<[TimesheetAction, number, number, number, number]>([
    ['approve', S.pending, P.submitted, S.approved, P.payApproved],
    ['approve', S.pending, P.notSubmitted, S.approved, P.payApproved],
    ['approve', S.pending, P.timeApproved, S.approved, P.payApproved],
    ['approve', S.discarded, P.discarded, S.approved, P.payApproved],
    ['approve', S.discarded, P.discardedByDriver, S.approved, P.discardedByDriver],
    ['discard', S.pending, P.submitted, S.discarded, P.discarded],
    ['discard', S.pending, P.discardedByDriver, S.discarded, P.discardedByDriver],
    ['discard', S.approved, P.payApproved, S.discarded, P.discarded],
    ['unapproveTime', S.approved, P.payApproved, S.pending, P.submitted],
    ['unapproveTime', S.pending, P.timeApproved, S.pending, P.submitted],
    ['unapprovePay', S.approved, P.payApproved, S.pending, P.timeApproved],
  ])('%s from (%i, %i) gives (%i, %i)', (action, status, progress, toStatus, toProgress) => {
    const current = sheet(status, progress);
    expect(actionRefusal(action, current)).toBeNull();
    expect(targetState(action, current)).toEqual({ status: toStatus, status_progress: toProgress });
  });

  it.each<[TimesheetAction, TimesheetFacts, string]>([
    ['approve', sheet(S.pending, P.submitted, { driver_id: null }), "Can't approve Open shift"],
    ['approve', sheet(S.pending, P.notSubmitted, { driver_id: 0, id: -4 }), "Can't approve Open shift"],
    ['approve', sheet(S.approved, P.payApproved), TIMESHEET_MSG.alreadyApproved],
    ['discard', sheet(S.pending, P.notSubmitted, { driver_id: null }), "Can't discard Open shift"],
    ['discard', sheet(S.discarded, P.discarded), TIMESHEET_MSG.alreadyDiscarded],
    ['unapproveTime', sheet(S.pending, P.submitted), TIMESHEET_MSG.notApproved],
    ['unapproveTime', sheet(S.discarded, P.discarded), TIMESHEET_MSG.notApproved],
    ['unapprovePay', sheet(S.pending, P.timeApproved), TIMESHEET_MSG.notApproved],
    ['unapprovePay', sheet(S.approved, P.timeApproved), TIMESHEET_MSG.payUnapproved],
  ])('%s is refused for %j', (action, current, message) => {
    expect(actionRefusal(action, current)).toBe(message);
  });

  it('reads a requested state as an edit, the action leading there, or a refusal', () => {
    expect(requestedChange(sheet(S.pending, P.submitted), { status: S.pending, status_progress: P.submitted })).toBe('edit');
    expect(requestedChange(sheet(S.approved, P.payApproved), { status: S.approved, status_progress: P.payApproved })).toBe('edit');
    expect(requestedChange(sheet(S.pending, P.submitted), { status: S.approved, status_progress: P.payApproved })).toBe('approve');
    expect(requestedChange(sheet(S.approved, P.payApproved), { status: S.pending, status_progress: P.timeApproved })).toBe('unapprovePay');
    expect(requestedChange(sheet(S.approved, P.payApproved), { status: S.pending, status_progress: P.submitted })).toBe('unapproveTime');
    expect(requestedChange(sheet(S.pending, P.timeApproved), { status: S.pending, status_progress: P.submitted })).toBe('unapproveTime');
    // Not allowed: approving with a progress the rule does not give, a driver's discard dropped, undoing a discard.
    expect(requestedChange(sheet(S.pending, P.submitted), { status: S.approved, status_progress: P.timeApproved })).toBeNull();
    expect(requestedChange(sheet(S.pending, P.discardedByDriver), { status: S.approved, status_progress: P.payApproved })).toBeNull();
    expect(requestedChange(sheet(S.discarded, P.discarded), { status: S.pending, status_progress: P.submitted })).toBeNull();
    expect(requestedChange(sheet(S.pending, P.submitted), { status: S.pending, status_progress: P.timeApproved })).toBeNull();
    expect(requestedChange(sheet(S.pending, P.submitted, { driver_id: null }), { status: S.approved, status_progress: P.payApproved })).toBeNull();
  });

  it('removal: only saved timesheets with a driver that are not approved', () => {
    expect(removeRefusal(sheet(S.pending, P.submitted))).toBeNull();
    expect(removeRefusal(sheet(S.discarded, P.discarded))).toBeNull();
    expect(removeRefusal(sheet(S.pending, P.notSubmitted, { driver_id: null }))).toBe("Can't remove Open shift");
    expect(removeRefusal(sheet(S.pending, P.notSubmitted, { id: -12 }))).toBe("Can't not remove submited Timesheet");
    expect(removeRefusal(sheet(S.approved, P.payApproved))).toBe(TIMESHEET_MSG.approvedRemoval);
  });
});

describe('buttons of the summary form', () => {
  it.each([
    ['pending submitted', sheet(S.pending, P.submitted), true, { approve: true, discard: true, remove: true, unapproveShown: false, unapproveTime: false, unapprovePay: false, locked: false }],
    ['pending but the form invalid', sheet(S.pending, P.submitted), false, { approve: false, discard: false, remove: true, unapproveShown: false, unapproveTime: false, unapprovePay: false, locked: false }],
    ['approved', sheet(S.approved, P.payApproved), true, { approve: false, discard: true, remove: false, unapproveShown: true, unapproveTime: true, unapprovePay: true, locked: true }],
    ['time approved', sheet(S.pending, P.timeApproved), true, { approve: true, discard: true, remove: true, unapproveShown: true, unapproveTime: true, unapprovePay: false, locked: false }],
    ['discarded', sheet(S.discarded, P.discarded), true, { approve: true, discard: false, remove: true, unapproveShown: false, unapproveTime: false, unapprovePay: false, locked: false }],
    ['open-shift placeholder', sheet(S.pending, P.notSubmitted, { id: -3, driver_id: null }), true, { approve: false, discard: false, remove: false, unapproveShown: false, unapproveTime: false, unapprovePay: false, locked: false }],
    ['cancellation fee', sheet(C.status, C.progress), true, { approve: false, discard: false, remove: true, unapproveShown: false, unapproveTime: false, unapprovePay: false, locked: true }],
  ])('%s', (_name, t, valid, expected) => {
    const states = buttonStates(t, valid);
    expect(states).toMatchObject(expected);
    // Every disabled button has its reason, and an enabled one none.
    for (const button of ['approve', 'discard', 'remove'] as const) expect(states.why[button] === null).toBe(states[button]);
  });

  it('says why each button is disabled, in the words the server would refuse with', () => {
    expect(buttonStates(sheet(S.approved, P.payApproved), true).why).toEqual({
      approve: TIMESHEET_MSG.alreadyApproved, discard: null, remove: TIMESHEET_MSG.approvedRemoval, unapproveTime: null, unapprovePay: null,
    });
    expect(buttonStates(sheet(S.pending, P.submitted), false).why).toMatchObject({ approve: TIMESHEET_MSG.fieldsFirst, discard: TIMESHEET_MSG.fieldsFirst });
    expect(buttonStates(sheet(S.pending, P.timeApproved), true).why.unapprovePay).toBe(TIMESHEET_MSG.notApproved);
    expect(buttonStates(sheet(S.pending, P.notSubmitted, { id: -3, driver_id: null }), true).why.approve).toBe("Can't approve Open shift");
  });

  it('reads a cancellation timesheet as Cancelled (Shift cancelled), and refuses every action on it', () => {
    const t = sheet(C.status, C.progress);
    expect([statusLabel(t), progressLabel(t)]).toEqual(['Cancelled', 'Shift cancelled']);
    for (const action of ['approve', 'discard', 'unapproveTime', 'unapprovePay'] as const) expect(actionRefusal(action, t)).toBe(TIMESHEET_MSG.cancellationFixed);
    expect(requestedChange(t, targetState('approve', t))).toBeNull();
  });
});

describe('the cancellation timesheet (spec 3, section 4.1)', () => {
  const shift = { id: 77, restaurant_id: 3, period_date: '2026-11-20', start_time: '17:00', finish_time: '22:00' };

  it("belongs to the cancelled driver, carries the fee as cost_extra_bonus and as its whole pay, and names its shift apart from shift_id", () => {
    expect(cancellationTimesheet(shift, 9, -15, 'Driver ill')).toEqual({
      cancelled_shift_id: 77, restaurant_id: 3, driver_id: 9, status: C.status, status_progress: C.progress, period_date: '2026-11-20',
      start_time: '17:00', finish_time: '22:00', cost_per_hour: 0, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: -15, cost_total: -15,
      comment: 'Driver ill',
    });
    expect(isCancellation(cancellationTimesheet(shift, 9, 0, null))).toBe(true);
    expect(Object.values(S)).not.toContain(C.status);
  });

  it('counts in the totals and the driver panel as pay without hours, and not as sales', () => {
    const worked = { id: 1, driver_id: 9, status: S.approved, status_progress: P.payApproved, period_date: '2026-11-19', start_time: '11:00', finish_time: '15:00', cost_total: 50, restaurant_id: 3 };
    const fee = { ...cancellationTimesheet(shift, 9, -15, null), id: 2 };
    expect(timesheetTotals([worked, fee], () => 1.5)).toEqual({
      total_timesheets: 2, approved: 1, unapproved: 0, free: 0, filled_hours: 4, estimated_cost: 35, expected_sales: 56,
    });
    expect(driverSummaries([worked, fee]).get(9)).toEqual({ driver_id: 9, count: 2, hours: 4, cost: 35 });
    expect(timesheetHours(fee)).toBe(0);
    expect(approveAllPlan([fee]).pending).toEqual([]);
  });
});

describe('Approve All', () => {
  const list = [
    sheet(S.pending, P.submitted, { id: 1 }),
    sheet(S.pending, P.notSubmitted, { id: 2 }),
    sheet(S.pending, P.notSubmitted, { id: -30 }),
    sheet(S.pending, P.notSubmitted, { id: -31, driver_id: null }),
    sheet(S.pending, P.inWork, { id: 3 }),
    sheet(S.pending, P.discardedByDriver, { id: 6 }),
    sheet(S.approved, P.payApproved, { id: 4 }),
    sheet(S.discarded, P.discarded, { id: 5 }),
  ];

  it('counts pending timesheets with a driver (not those the driver discarded), and asks about the not submitted ones', () => {
    const plan = approveAllPlan(list);
    expect(plan.pending.map((t) => t.id)).toEqual([1, 2, -30, 3]);
    expect(plan.notSubmitted.map((t) => t.id)).toEqual([2, -30]);
    expect(approveAllChoice(plan, true).map((t) => t.id)).toEqual([1, 2, -30, 3]);
    expect(approveAllChoice(plan, false).map((t) => t.id)).toEqual([1]);
  });

  it('approves every pending one when none is left unsubmitted', () => {
    const plan = approveAllPlan(list.filter((t) => t.status_progress !== P.notSubmitted));
    expect(approveAllChoice(plan, false).map((t) => t.id)).toEqual([1, 3]);
  });

  it('words a failure with the date and the first message', () => {
    expect(approveFailure('2026-11-12', { start_time: ['Start Time is required.'] })).toBe("Can't approve timesheet 12/11/2026. Start Time is required.");
  });
});

describe('placeholders from shifts', () => {
  const shift = {
    id: 41, restaurant_id: 2, driver_id: 9, status: 20, period_date: '2026-11-13', start_time: '17:00', finish_time: '22:30',
    cost_per_hour: 12.5, cost_bonus: 5, cost_extra_bonus: 0, fuel_bonus_0: 2, fuel_bonus_3: 1, fuel_bonus_6: 0, comment: 'Busy night',
  };
  const fuel = { band0: 1.5, band3: 3, band6: 5 };

  it('is a pending, not submitted timesheet with id ≤ 0 carrying the scheduled times and bonus', () => {
    const p = placeholderFromShift(shift, 12.5, fuel);
    expect(p).toMatchObject({
      id: -41, shift_id: 41, driver_id: 9, status: S.pending, status_progress: P.notSubmitted, period_date: '2026-11-13',
      start_time: '17:00', finish_time: '22:30', cost_per_hour: 12.5, cost_bonus: 5, const_fuel_bonus: 6, comment: 'Busy night',
    });
    // 12.50 × 5.5 h = 68.75, + 5 bonus + (2 × 1.50 + 1 × 3) fuel = 79.75
    expect(p.cost_total).toBe(79.75);
    expect(progressLabel(p)).toBe('Not submited');
    expect(progressLabel({ ...p, driver_id: null })).toBe('Open shift');
  });

  it("pays the shift's rate unless it has none or the timesheet moved", () => {
    expect(rateFor({ restaurant_id: 2, period_date: '2026-11-13' }, shift, 11)).toBe(12.5);
    expect(rateFor({ restaurant_id: 2, period_date: '2026-11-13' }, { ...shift, cost_per_hour: 0 }, 11)).toBe(11);
    expect(rateFor({ restaurant_id: 3, period_date: '2026-11-13' }, shift, 11)).toBe(11);
    expect(rateFor({ restaurant_id: 2, period_date: '2026-11-14' }, shift, 13)).toBe(13);
    expect(rateFor({ restaurant_id: 2, period_date: '2026-11-14' }, null, 13)).toBe(13);
  });
});

describe('cost of a timesheet (spec 3, section 9)', () => {
  const fuel = { band0: 1.5, band3: 3, band6: 5 };
  it.each([
    // rate, start, finish, bonus, fuel counts, fuel bonus, total
    [12, '17:00', '22:00', 0, [0, 0, 0], 0, 60],
    [12.75, '11:00', '15:15', 10, [4, 2, 1], 17, 81.19],
    [13.5, '20:00', '02:00', -10, [0, 0, 0], 0, 71],
    [11.35, '09:15', '09:30', 0, [1, 0, 0], 1.5, 4.34],
    [12, '18:00', '17:45', 20, [0, 0, 2], 10, 315],
    [12, '18:00', '18:00', 20, [0, 0, 2], 10, 30],
  ])('£%d/h from %s to %s, bonus %d, fuel %j: fuel £%d, total £%d', (rate, start, finish, bonus, [f0, f3, f6], fuelBonus, total) => {
    const cost = timesheetCost({ cost_per_hour: rate, period_date: '2026-11-19', start_time: start, finish_time: finish, cost_bonus: bonus, fuel_bonus_0: f0, fuel_bonus_3: f3, fuel_bonus_6: f6 }, fuel);
    expect(cost).toEqual({ const_fuel_bonus: fuelBonus, cost_total: total });
  });

  it('takes the five bonus choices, and keeps a scheduled amount outside them', () => {
    for (const v of [0, 10, 20, -10, -20]) expect(isAllowedBonus(v)).toBe(true);
    expect(isAllowedBonus(5)).toBe(false);
    expect(isAllowedBonus(15, [0])).toBe(false);
    expect(isAllowedBonus(5, [null, 5])).toBe(true);
  });
});

describe('dates, times and overlaps', () => {
  it('caps the summary form at tomorrow and Add Time Sheet at today', () => {
    expect(latestTimesheetDate('form', '2026-11-30')).toBe('2026-12-01');
    expect(latestTimesheetDate('add', '2026-11-30')).toBe('2026-11-30');
  });

  it('reads the London clock', () => {
    expect(londonTime(new Date('2026-07-01T22:05:00Z'))).toBe('23:05');
    expect(londonTime(new Date('2026-12-01T00:20:00Z'))).toBe('00:20');
  });

  it.each([
    [['2026-11-13', '17:00', '22:00'], ['2026-11-13', '21:00', '23:00'], true],
    [['2026-11-13', '17:00', '22:00'], ['2026-11-13', '22:00', '23:00'], false],
    [['2026-11-13', '20:00', '02:00'], ['2026-11-14', '01:00', '05:00'], true],
    [['2026-11-14', '01:00', '05:00'], ['2026-11-13', '20:00', '02:00'], true],
    [['2026-11-13', '20:00', '02:00'], ['2026-11-14', '02:00', '05:00'], false],
    [['2026-11-13', '11:00', '15:00'], ['2026-11-12', '11:00', '15:00'], false],
  ])('%j and %j overlap: %s', ([d1, s1, f1], [d2, s2, f2], expected) => {
    expect(timesOverlap({ period_date: d1, start_time: s1, finish_time: f1 }, { period_date: d2, start_time: s2, finish_time: f2 })).toBe(expected);
  });
});

describe('totals and the driver panel', () => {
  const row = (id: number, driver: number | null, status: number, start: string, finish: string, cost: number, restaurant = 1) => ({
    id, driver_id: driver, status, status_progress: status === S.approved ? P.payApproved : P.submitted, period_date: '2026-11-19', start_time: start, finish_time: finish, cost_total: cost, restaurant_id: restaurant,
  });
  const list = [
    row(1, 5, S.approved, '17:00', '22:00', 60.1),
    row(2, 5, S.pending, '11:00', '15:30', 54.2, 2),
    row(3, 6, S.discarded, '11:00', '15:00', 48),
    row(-4, null, S.pending, '18:00', '23:00', 60),
    row(-5, 6, S.pending, '20:00', '01:15', 63),
  ];

  it('adds up to the penny', () => {
    const comission = (restaurantId: number) => (restaurantId === 2 ? 2 : 1.5);
    expect(timesheetTotals(list, comission)).toEqual({
      total_timesheets: 5,
      approved: 1,
      unapproved: 2,
      free: 1,
      // 5 + 4.5 + 5.25 (discarded and open shifts are not counted)
      filled_hours: 14.75,
      estimated_cost: 177.3,
      // 177.30 + 5 × 1.50 + 4.5 × 2 + 5.25 × 1.50
      expected_sales: 201.68,
    });
  });

  it('gives each driver the count shown and the hours and pay not discarded', () => {
    const byDriver = driverSummaries(list);
    expect(byDriver.get(5)).toEqual({ driver_id: 5, count: 2, hours: 9.5, cost: 114.3 });
    expect(byDriver.get(6)).toEqual({ driver_id: 6, count: 2, hours: 5.25, cost: 63 });
    expect(byDriver.has(0)).toBe(false);
  });

  it('filters (spec 3, section 4.2): Active the saved ones, Pending the placeholders of shifts without one, All both', () => {
    const shown = (filter: number) => list.filter((t) => matchesStatusFilter(t, filter));
    expect(shown(TIMESHEET_FILTER.active).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(shown(TIMESHEET_FILTER.pending).map((t) => t.id)).toEqual([-4, -5]);
    expect(shown(TIMESHEET_FILTER.all).map((t) => t.id)).toEqual([1, 2, 3, -4, -5]);
    // Approve All counts what the filter shows: under Pending, the placeholder with a driver only.
    expect(approveAllPlan(shown(TIMESHEET_FILTER.pending)).pending.map((t) => t.id)).toEqual([-5]);
    expect(approveAllPlan(shown(TIMESHEET_FILTER.active)).pending.map((t) => t.id)).toEqual([2]);
  });
});

describe('timesheet form and body validation (spec 3, section 5)', () => {
  const valid = {
    restaurant_id: 3, driver_id: 8, period_date: '2026-11-12', start_time: '17:00', finish_time: '22:00',
    cost_bonus: 10, cost_extra_bonus: '-5.50', fuel_bonus_0: '3', fuel_bonus_3: 0, fuel_bonus_6: '', comment: ' ok ', cost_total: '70.00',
  };
  const errors = (body: Record<string, unknown>, options = {}) => {
    const r = timesheetSchema(options).safeParse(body);
    return r.success ? {} : fieldErrors(r.error);
  };

  it('reads a valid body, dates typed DD/MM/YYYY too', () => {
    const out = timesheetSchema().parse({ ...valid, period_date: '12/11/2026' });
    expect(out).toMatchObject({ restaurant_id: 3, driver_id: 8, period_date: '2026-11-12', cost_extra_bonus: -5.5, fuel_bonus_0: 3, fuel_bonus_6: 0, comment: 'ok', cost_total: 70 });
  });

  it.each([
    [{ restaurant_id: '' }, {}, { restaurant_id: ['Area is required'] }],
    [{ restaurant_id: 0 }, { variant: 'restaurant' }, { restaurant_id: ['Restaurant is required'] }],
    [{ driver_id: 0 }, { requireDriver: true }, { driver_id: ['Driver is required'] }],
    [{ period_date: '' }, {}, { period_date: ['Date is required.'] }],
    [{ period_date: '31/02/2026' }, {}, { period_date: ['Date invalid format.'] }],
    [{ period_date: '2026-11-20' }, { latestDate: '2026-11-19' }, { period_date: [dateTooLateMessage('2026-11-19')] }],
    [{ start_time: '' }, {}, { start_time: ['Start Time is required.'] }],
    [{ start_time: '7pm' }, {}, { start_time: ['Start Time invalid format.'] }],
    [{ finish_time: null }, {}, { finish_time: ['Start Time is required.'] }],
    [{ finish_time: '24:00' }, {}, { finish_time: ['Finish Time invalid format.'] }],
    [{ fuel_bonus_3: -1 }, {}, { fuel_bonus_3: [TIMESHEET_MSG.fuelCount] }],
    [{ fuel_bonus_6: 1.5 }, {}, { fuel_bonus_6: [TIMESHEET_MSG.fuelCount] }],
    [{ cost_bonus: '10.555' }, {}, { cost_bonus: [TIMESHEET_MSG.money] }],
    [{ cost_total: 'lots' }, {}, { cost_total: [TIMESHEET_MSG.costTotalFormat] }],
    [{ status: 50 }, {}, { status: [TIMESHEET_MSG.statusInvalid] }],
    [{ start_time: '10:00', finish_time: '10:00' }, {}, { finish_time: [OWN_MSG.finishEqualsStart] }],
    [{ start_time: '10:00', finish_time: '10:00', period_date: '' }, {}, { period_date: ['Date is required.'], finish_time: [OWN_MSG.finishEqualsStart] }],
    [{ start_time: '10:00', finish_time: '09:45' }, {}, {}],
  ])('%j with %j answers %j', (change, options, expected) => {
    expect(errors({ ...valid, ...change }, options)).toEqual(expected);
  });

  it('puts the restaurant first when several fields fail, as the form lists them', () => {
    expect(Object.keys(errors({ restaurant_id: null, period_date: '', start_time: '' }))[0]).toBe('restaurant_id');
  });
});
