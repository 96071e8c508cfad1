import { UNKNOWN_EDITOR, conflictMessage, conflictOf, londonTime, recordConflict } from '../../domain/versions';
import { versionField } from '../../domain/validation/version';

describe('the conflict message of a save on an old version', () => {
  it.each([
    ['2026-11-18T13:05:00.000Z', '13:05'], // winter: GMT
    ['2026-07-01T13:05:00.000Z', '14:05'], // summer: BST
    ['2026-06-30T23:30:00.000Z', '00:30'], // past midnight in London, not in UTC
    ['2026-03-29T00:59:59.999Z', '00:59'], // the minute before the clocks go forward
    ['2026-03-29T01:00:00.000Z', '02:00'],
  ])('says %s as %s, London time on a 24-hour clock', (iso, time) => {
    expect(londonTime(iso)).toBe(time);
  });

  it('names the record, who changed it and when', () => {
    expect(conflictMessage('shifts', 'Sam Hill', '2026-07-01T13:05:00.000Z')).toBe('This shift was changed by Sam Hill at 14:05. Reload to see it.');
    expect(conflictMessage('timesheets', 'Ann Lee', '2026-11-18T09:00:00.000Z')).toBe('This timesheet was changed by Ann Lee at 09:00. Reload to see it.');
    expect(recordConflict('areas', null, '2026-11-18T21:45:00.000Z')).toEqual({
      message: `This area was changed by ${UNKNOWN_EDITOR} at 21:45. Reload to see it.`,
      conflict: { changed_by: UNKNOWN_EDITOR, changed_at: '2026-11-18T21:45:00.000Z' },
    });
  });

  it('is told apart from any other refusal, a shift’s working-time warnings (409 too) included', () => {
    const body = recordConflict('drivers', 'Bo', '2026-11-18T10:00:00.000Z');
    expect(conflictOf({ status: 409, body })).toEqual(body);
    expect(conflictOf({ status: 409, body: { message: 'Save anyway?', working_time: ['Sam Hill would have 9 h rest'] } })).toBeNull();
    expect(conflictOf({ status: 400, body })).toBeNull();
    expect(conflictOf(new Error('offline'))).toBeNull();
  });
});

describe('the version a save sends', () => {
  it('reads the API’s own times, and any ISO-8601 time, as the same instant in the API’s form; blank is none', () => {
    expect(versionField.parse('2026-11-18T10:00:00.123Z')).toBe('2026-11-18T10:00:00.123Z');
    expect(versionField.parse('2026-11-18T10:00:00.123456+00:00')).toBe('2026-11-18T10:00:00.123Z');
    expect(versionField.parse('2026-07-01T11:00:00+01:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(versionField.parse(undefined)).toBeUndefined();
    expect(versionField.parse('')).toBeUndefined();
    expect(versionField.parse(null)).toBeUndefined();
  });

  it('refuses what is not a time', () => {
    for (const value of ['yesterday', '2026-11-18', 12, '2026-13-45T99:00:00Z']) expect(versionField.safeParse(value).success, String(value)).toBe(false);
  });
});
