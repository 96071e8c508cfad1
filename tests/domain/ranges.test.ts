import {
  INTERVAL, addMonths, datesOf, firstOfMonth, intervalOf, invalidRangeMessage, isDate, isValidRange, lastOfMonth, rangeFor,
  rangeLabel, rangeLength, stepRange, type Interval,
} from '../../domain/ranges';

describe('ranges of an interval (weeks start on Monday)', () => {
  it.each<[string, Interval, string, string, string]>([
    ['Day', INTERVAL.day, '2026-11-18', '2026-11-18', '2026-11-18'],
    ['Week from a Wednesday', INTERVAL.week, '2026-11-18', '2026-11-16', '2026-11-22'],
    ['Week from a Monday', INTERVAL.week, '2026-11-16', '2026-11-16', '2026-11-22'],
    ['Week from a Sunday', INTERVAL.week, '2026-11-22', '2026-11-16', '2026-11-22'],
    ['Week across the year end', INTERVAL.week, '2027-01-01', '2026-12-28', '2027-01-03'],
    ['2-Week', INTERVAL.twoWeeks, '2026-11-18', '2026-11-16', '2026-11-29'],
    ['Month', INTERVAL.month, '2026-11-18', '2026-11-01', '2026-11-30'],
    ['Month of 31 days', INTERVAL.month, '2026-12-31', '2026-12-01', '2026-12-31'],
    ['February of a leap year', INTERVAL.month, '2028-02-10', '2028-02-01', '2028-02-29'],
    ['February', INTERVAL.month, '2027-02-10', '2027-02-01', '2027-02-28'],
  ])('%s', (_name, interval, date, from, to) => {
    expect(rangeFor(interval, date)).toEqual({ from, to });
  });
});

describe('previous and next', () => {
  it.each<[string, [string, string], -1 | 1, [string, string]]>([
    ['next day', ['2026-11-18', '2026-11-18'], 1, ['2026-11-19', '2026-11-19']],
    ['previous day over a month end', ['2026-12-01', '2026-12-01'], -1, ['2026-11-30', '2026-11-30']],
    ['next week', ['2026-11-16', '2026-11-22'], 1, ['2026-11-23', '2026-11-29']],
    ['previous week', ['2026-11-16', '2026-11-22'], -1, ['2026-11-09', '2026-11-15']],
    ['next two weeks', ['2026-11-16', '2026-11-29'], 1, ['2026-11-30', '2026-12-13']],
    ['next month (30 to 31 days)', ['2026-11-01', '2026-11-30'], 1, ['2026-12-01', '2026-12-31']],
    ['previous month into February', ['2027-03-01', '2027-03-31'], -1, ['2027-02-01', '2027-02-28']],
    ['next month over the year end', ['2026-12-01', '2026-12-31'], 1, ['2027-01-01', '2027-01-31']],
    ['a picked span of 10 days keeps its length', ['2026-11-05', '2026-11-14'], 1, ['2026-11-15', '2026-11-24']],
  ])('%s', (_name, [from, to], step, [nextFrom, nextTo]) => {
    expect(stepRange({ from, to }, step)).toEqual({ from: nextFrom, to: nextTo });
  });
});

describe('which interval a range is', () => {
  it.each<[string, string, Interval | null]>([
    ['2026-11-18', '2026-11-18', INTERVAL.day],
    ['2026-11-16', '2026-11-22', INTERVAL.week],
    ['2026-11-17', '2026-11-23', null],
    ['2026-11-16', '2026-11-29', INTERVAL.twoWeeks],
    ['2026-11-01', '2026-11-30', INTERVAL.month],
    ['2026-11-02', '2026-11-30', null],
  ])('%s ~ %s is %s', (from, to, interval) => {
    expect(intervalOf({ from, to })).toBe(interval);
  });
});

describe('the 31-day limit (spec 3, section 5)', () => {
  it.each<[string, string, boolean]>([
    ['2026-11-18', '2026-11-18', true],
    ['2026-12-01', '2026-12-31', true],
    ['2026-11-01', '2026-12-01', true],
    ['2026-11-01', '2026-12-02', false],
    ['2026-11-20', '2026-11-19', false],
    ['2026-02-30', '2026-03-02', false],
    ['18/11/2026', '2026-11-20', false],
  ])('%s ~ %s valid: %s', (from, to, valid) => {
    expect(isValidRange({ from, to })).toBe(valid);
  });

  it("answers 'Invalid date range: {from} ~ {to}' with the dates as the screens show them", () => {
    expect(invalidRangeMessage({ from: '2026-11-01', to: '2026-12-15' })).toBe('Invalid date range: 01/11/2026 ~ 15/12/2026');
  });
});

describe('calendar helpers', () => {
  it('checks real dates', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2027-02-29')).toBe(false);
    expect(isDate('2026-13-01')).toBe(false);
    expect(isDate('2026-1-01')).toBe(false);
    expect(isDate(20261118)).toBe(false);
  });

  it('moves by months without leaving the month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(firstOfMonth('2026-11-18')).toBe('2026-11-01');
    expect(lastOfMonth('2026-04-03')).toBe('2026-04-30');
  });

  it('lists and counts the days of a range, and labels it', () => {
    expect(datesOf({ from: '2026-11-29', to: '2026-12-02' })).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(rangeLength({ from: '2026-11-16', to: '2026-11-22' })).toBe(7);
    expect(rangeLabel({ from: '2026-11-16', to: '2026-11-22' })).toBe('16/11/2026 – 22/11/2026');
    expect(rangeLabel({ from: '2026-11-16', to: '2026-11-16' })).toBe('16/11/2026');
  });
});
