import {
  breachingShifts, breachMessage, DriverPlan, readLimits, shiftAt, writeWarnings, WORKING_TIME_DEFAULTS, type DriverShift, type PlannedShift,
} from '../../domain/workingTime';

const shift = (period_date: string, start_time: string, finish_time: string, restaurant_name = 'Vale Pizza'): PlannedShift => ({
  period_date, start_time, finish_time, restaurant_name,
});
const limits = WORKING_TIME_DEFAULTS;

describe('UK working-time rules', () => {
  it('reads daily rest between days: a split shift (lunch and dinner of one day) is not a short rest', () => {
    const plan = new DriverPlan([shift('2026-11-24', '11:00', '14:00')], false);
    expect(plan.breaches(shift('2026-11-24', '18:00', '23:00'), limits)).toEqual([]);
    expect(plan.breaks(limits, shiftAt(shift('2026-11-24', '18:00', '23:00')))).toBe(false);
    // The next morning after that dinner shift is another day: 8 h is short.
    const split = new DriverPlan([shift('2026-11-24', '11:00', '14:00'), shift('2026-11-24', '18:00', '23:00')], false);
    const [rest] = split.breaches(shift('2026-11-25', '07:00', '12:00'), limits);
    expect(breachMessage('Ann Able', rest, limits)).toBe("Ann Able would have 8 h rest after Tuesday's shift at Vale Pizza (minimum 11 h)");
    expect(split.breaks(limits, shiftAt(shift('2026-11-25', '07:00', '12:00')))).toBe(true);
  });

  it('counts daily rest in real time, across the night the clocks go back', () => {
    // Saturday 24 October 2026 22:00 to 06:00 lasts 9 h; the next shift at 15:00 leaves 9 h rest.
    const plan = new DriverPlan([shift('2026-10-24', '22:00', '06:00')], false);
    const [rest] = plan.breaches(shift('2026-10-25', '15:00', '20:00'), limits);
    expect(breachMessage('Ann Able', rest, limits)).toBe("Ann Able would have 9 h rest after Saturday's shift at Vale Pizza (minimum 11 h)");
    expect(plan.breaches(shift('2026-10-25', '17:00', '20:00'), limits)).toEqual([]);
  });

  it('counts the Monday–Sunday week unless the driver opted out, and days in a row', () => {
    const week = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09'].map((d) => shift(d, '09:00', '17:00'));
    const sunday = shift('2027-01-10', '09:00', '17:00');
    expect(new DriverPlan(week, false).breaches(sunday, limits).map((b) => b.rule)).toEqual(['week', 'days']);
    expect(new DriverPlan(week, true).breaches(sunday, limits).map((b) => b.rule)).toEqual(['days']);
    expect(new DriverPlan(week.slice(1), true).breaches(sunday, limits)).toEqual([]);
  });

  it('reads the limits from the options, keeping the default for a value that cannot be one', () => {
    expect(readLimits([{ okey: 'working_time_min_rest_hours', ovalue: '9' }, { okey: 'working_time_max_week_hours', ovalue: 'x' }])).toEqual({
      ...WORKING_TIME_DEFAULTS, minRestHours: 9,
    });
  });

  it("warns of a write against the driver's other shifts, leaving out the shift being moved", () => {
    const tuesday = { ...shift('2027-01-05', '18:00', '23:00'), id: 1 };
    const wednesday = { ...shift('2027-01-06', '12:00', '16:00'), id: 2 };
    const planned = new Map([[7, [tuesday, wednesday]]]);
    const drivers = new Map([[7, { full_name: 'Ann Able', opted_out: false }]]);
    // Shift 2 moved earlier: read against Tuesday only, not against where it was.
    expect(writeWarnings([{ ...wednesday, start_time: '08:00', finish_time: '10:00', driver_id: 7 }], planned, drivers, limits)).toEqual([
      "Ann Able would have 9 h rest after Tuesday's shift at Vale Pizza (minimum 11 h)",
    ]);
    expect(writeWarnings([{ ...wednesday, start_time: '13:00', driver_id: 7 }], planned, drivers, limits)).toEqual([]);
    expect(writeWarnings([{ ...wednesday, id: null, start_time: '08:00', driver_id: null }], planned, drivers, limits)).toEqual([]);
  });

  it("marks the shifts that break a rule, read in each driver's date order", () => {
    const days = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09', '2027-01-10'];
    const week: DriverShift[] = days.map((d, i) => ({ ...shift(d, '09:00', '17:00'), id: i + 1, driver_id: 7 }));
    const shortRest: DriverShift = { ...shift('2027-01-04', '20:00', '23:00'), id: 20, driver_id: 8 };
    const nextMorning: DriverShift = { ...shift('2027-01-05', '06:00', '10:00'), id: 21, driver_id: 8 };
    const open: DriverShift = { ...shift('2027-01-05', '06:00', '10:00'), id: 22, driver_id: null };
    // Sunday takes the week to 56 h and is the seventh day in a row; the morning after a late shift has 7 h rest.
    expect(breachingShifts([...week, nextMorning, shortRest, open], () => false, limits)).toEqual(new Set([7, 21]));
    expect(breachingShifts(week.slice(1), () => true, limits)).toEqual(new Set());
  });
});
