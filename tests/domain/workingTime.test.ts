import { breachMessage, DriverPlan, readLimits, WORKING_TIME_DEFAULTS, type PlannedShift } from '../../domain/workingTime';

const shift = (period_date: string, start_time: string, finish_time: string, restaurant_name = 'Vale Pizza'): PlannedShift => ({
  period_date, start_time, finish_time, restaurant_name,
});
const limits = WORKING_TIME_DEFAULTS;

describe('UK working-time rules', () => {
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
});
