import { addDays, mondayOf, shiftHours, shiftMinutes, weekDay, isWeekendRate, ukDate, londonToday } from '../../domain/dates';
import { costTotal, fuelBonus, hourlyRate } from '../../domain/pay';
import { invoiceLine, readStoredLine } from '../../domain/invoices';
import { timesheetHours } from '../../domain/timesheets';

describe('calendar (weeks start on Monday, weekday 0 = Monday)', () => {
  it.each([
    ['2026-11-16', 0, false],
    ['2026-11-19', 3, false],
    ['2026-11-20', 4, true],
    ['2026-11-22', 6, true],
  ])('%s is weekday %i, weekend rate %s', (date, day, weekend) => {
    expect(weekDay(date)).toBe(day);
    expect(isWeekendRate(date)).toBe(weekend);
  });

  it('crosses months, years and the clock change without a JS Date shifting the day', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(ukDate('2026-11-05')).toBe('05/11/2026');
  });

  it("takes today's date in London, not UTC", () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it("counts London's date as the time-zone database does, across the nights the clocks change", () => {
    const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
    // Every half hour of the days around each change from 2024 to 2030, and every day of 2026 at 23:30 and 00:30 UTC.
    const instants: number[] = [];
    for (const change of ['2024-03-31', '2024-10-27', '2025-03-30', '2025-10-26', '2026-03-29', '2026-10-25', '2030-03-31', '2030-10-27']) {
      const start = Date.parse(`${change}T00:00:00Z`) - 2 * 86_400_000;
      for (let ms = start; ms < start + 4 * 86_400_000; ms += 1_800_000) instants.push(ms);
    }
    for (let day = Date.parse('2026-01-01T23:30:00Z'); day < Date.parse('2027-01-01T00:00:00Z'); day += 86_400_000) instants.push(day, day + 3_600_000);
    const differing = instants.filter((ms) => londonToday(new Date(ms)) !== london.format(ms)).map((ms) => new Date(ms).toISOString());
    expect(differing).toEqual([]);
    expect(instants.length).toBeGreaterThan(1_000);
  });
});

describe('shift length (hours to 2 decimals, only a finish before the start rolls into the next day)', () => {
  it.each([
    ['11:00', '15:00', 4],
    ['17:00', '22:00', 5],
    ['17:15', '22:00', 4.75],
    ['17:10', '22:00', 4.83],
    ['20:00', '02:00', 6],
    ['22:00', '03:00', 5],
    ['10:10', '10:30', 0.33],
    ['09:00', '08:45', 23.75],
    // Refused by every form and call; never 24 hours of pay if one slips through.
    ['09:00', '09:00', 0],
  ])('%s to %s is %d h', (start, finish, hours) => {
    expect(shiftHours('2026-11-19', start, finish)).toBe(hours);
  });
});

describe('pay rate by weekday (spec 3, section 1)', () => {
  const area = { standard: 11, weekend: 12.5 };
  it.each([
    ['2026-11-19', { standard: null, weekend: null }, 11],
    ['2026-11-20', { standard: null, weekend: null }, 12.5],
    ['2026-11-19', { standard: 13, weekend: 14 }, 13],
    ['2026-11-22', { standard: 13, weekend: 14 }, 14],
    ['2026-11-21', { standard: 13, weekend: null }, 12.5],
  ])('%s with restaurant rates %j is £%d', (date, restaurant, rate) => {
    expect(hourlyRate(date, restaurant, area)).toBe(rate);
  });
});

describe('costs to the penny', () => {
  it('fuel bonus is the sum of count × band rate', () => {
    expect(fuelBonus({ fuel_bonus_0: 3, fuel_bonus_3: 2, fuel_bonus_6: 1 }, { band0: 1.5, band3: 3, band6: 5 })).toBe(15.5);
    expect(fuelBonus({ fuel_bonus_0: 3, fuel_bonus_3: 0, fuel_bonus_6: 0 }, { band0: 0.1, band3: 0.2, band6: 0.3 })).toBe(0.3);
  });

  it.each([
    [11.5, '17:00', '22:00', 0, 0, 57.5],
    [12.25, '20:00', '02:00', 10, 4.5, 88],
    [11.1, '11:00', '11:20', 0, 0, 3.7],
    [10.99, '17:15', '22:00', -10, 0, 42.2],
  ])('£%d × %s–%s + bonus £%d + fuel £%d = £%d', (rate, start, finish, bonus, fuel, total) => {
    expect(costTotal(rate, '2026-11-19', start, finish, bonus, fuel)).toBe(total);
  });
});

describe('hours as lived in Europe/London over the 2026 clock changes', () => {
  it.each([
    // Clocks go forward at 01:00 on Sunday 29 March: a night shift across it is an hour shorter.
    ['2026-03-28', '22:00', '06:00', 7 * 60],
    ['2026-03-28', '18:00', '00:30', 6.5 * 60],
    ['2026-03-29', '00:30', '03:00', 90],
    ['2026-03-29', '11:00', '15:00', 4 * 60],
    // Clocks go back at 02:00 on Sunday 25 October: a night shift across it is an hour longer.
    ['2026-10-24', '22:00', '06:00', 9 * 60],
    ['2026-10-24', '18:00', '00:30', 6.5 * 60],
    ['2026-10-25', '11:00', '15:00', 4 * 60],
    ['2026-11-19', '20:00', '02:00', 6 * 60],
  ])('%s %s to %s lasts %d minutes', (date, start, finish, minutes) => {
    expect(shiftMinutes(date, start, finish)).toBe(minutes);
  });

  it('pays, invoices and exports the real hours', () => {
    expect(costTotal(12, '2026-03-28', '22:00', '06:00', 0, 0)).toBe(84);
    expect(costTotal(12, '2026-10-24', '22:00', '06:00', 0, 0)).toBe(108);
    expect(costTotal(12, '2026-10-24', '18:00', '00:30', 0, 0)).toBe(78);
    const timesheet = {
      id: 1, period_date: '2026-10-24', driver_id: 3, driver_name: 'A Driver', start_time: '22:00', finish_time: '06:00',
      cost_per_hour: 12, cost_bonus: 0, const_fuel_bonus: 0, status: 30,
    };
    expect(timesheetHours(timesheet)).toBe(9);
    expect(invoiceLine(timesheet)).toMatchObject({ hours: 9, cost_total: 108 });
    expect(readStoredLine({ ...timesheet, hours: undefined, cost_total: 108 })).toMatchObject({ hours: 9, cost_bonus: 0 });
  });
});
