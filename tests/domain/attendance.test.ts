import { describe, expect, it } from 'vitest';
import { attendanceLimits, attendanceOf, attendanceText, ATTENDANCE_OPTION, type AttendanceSheet, type AttendanceShift } from '../../domain/attendance';
import { SHIFT_STATUS, TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../domain/statuses';

// 17:00 London on a summer day is 16:00 UTC.
const DAY = '2026-07-15';
const shift: AttendanceShift = { status: SHIFT_STATUS.published, driver_id: 7, period_date: DAY, start_time: '17:00', finish_time: '22:00' };
const at = (utc: string) => new Date(`${utc}Z`);
const started = (time: string): AttendanceSheet => ({
  status: TIMESHEET_STATUS.pending,
  status_progress: TIMESHEET_PROGRESS.inWork,
  driver_start_time: time,
  driver_finish_time: null,
});

describe('attendance of a published shift with a driver', () => {
  it('is not due before the start and until N minutes after it', () => {
    expect(attendanceOf(shift, null, at(`${DAY}T15:30:00`))).toEqual({ kind: 'notDue' });
    expect(attendanceOf(shift, null, at(`${DAY}T16:09:59`))).toEqual({ kind: 'notDue' });
  });

  it('is late exactly N minutes after the start, counting the minutes', () => {
    expect(attendanceOf(shift, null, at(`${DAY}T16:10:00`))).toEqual({ kind: 'late', minutes: 10 });
    expect(attendanceText(attendanceOf(shift, null, at(`${DAY}T16:12:30`)))).toBe('◔ Late 12 min');
    expect(attendanceOf(shift, null, at(`${DAY}T16:29:59`))).toEqual({ kind: 'late', minutes: 29 });
  });

  it('is a no-show exactly M minutes after the start', () => {
    expect(attendanceOf(shift, null, at(`${DAY}T16:30:00`))).toEqual({ kind: 'noShow', minutes: 30 });
    expect(attendanceText(attendanceOf(shift, null, at(`${DAY}T20:00:00`)))).toBe('✖ No-show');
  });

  it('follows the limits the office set', () => {
    const limits = attendanceLimits([
      { okey: ATTENDANCE_OPTION.lateMinutes, ovalue: '5' },
      { okey: ATTENDANCE_OPTION.noShowMinutes, ovalue: '15' },
    ]);
    expect(attendanceOf(shift, null, at(`${DAY}T16:05:00`), limits)?.kind).toBe('late');
    expect(attendanceOf(shift, null, at(`${DAY}T16:15:00`), limits)?.kind).toBe('noShow');
    expect(attendanceLimits([{ okey: ATTENDANCE_OPTION.lateMinutes, ovalue: 'soon' }]).lateMinutes).toBe(10);
  });

  it('is started, with its time, once the driver starts, even a minute early', () => {
    expect(attendanceOf(shift, started('16:59'), at(`${DAY}T16:45:00`))).toEqual({ kind: 'started', at: '16:59' });
    expect(attendanceText(attendanceOf(shift, started('17:02'), at(`${DAY}T16:45:00`)))).toBe('▶ Started 17:02');
  });

  it('is finished once the driver finishes or submits', () => {
    expect(attendanceOf(shift, { ...started('17:00'), driver_finish_time: '22:00' }, at(`${DAY}T21:05:00`))).toEqual({ kind: 'finished' });
    expect(attendanceOf(shift, { ...started('17:00'), status_progress: TIMESHEET_PROGRESS.submitted }, at(`${DAY}T21:05:00`))).toEqual({ kind: 'finished' });
  });
});

describe('no attendance', () => {
  const late = at(`${DAY}T17:00:00`);
  it('for drafts, unpublished and open shifts (a cancelled shift has no driver)', () => {
    expect(attendanceOf({ ...shift, status: SHIFT_STATUS.draft }, null, late)).toBeNull();
    expect(attendanceOf({ ...shift, status: SHIFT_STATUS.new }, null, late)).toBeNull();
    expect(attendanceOf({ ...shift, driver_id: null }, null, late)).toBeNull();
  });
  it("for another day's shifts", () => {
    expect(attendanceOf({ ...shift, period_date: '2026-07-14' }, null, late)).toBeNull();
    expect(attendanceOf({ ...shift, period_date: '2026-07-16' }, null, late)).toBeNull();
  });
  it('for a shift the driver discarded', () => {
    expect(attendanceOf(shift, { ...started('17:00'), status_progress: TIMESHEET_PROGRESS.discardedByDriver }, late)).toBeNull();
  });
});

describe('across the clock change', () => {
  // The clocks go back at 02:00 BST on 25/10/2026: 00:30 that night is still summer time, 23:30 UTC the day before.
  const night: AttendanceShift = { ...shift, period_date: '2026-10-25', start_time: '00:30', finish_time: '04:00' };
  it('is due at the London time, not the UTC one', () => {
    expect(attendanceOf(night, null, at('2026-10-24T23:39:59'))).toEqual({ kind: 'notDue' });
    expect(attendanceOf(night, null, at('2026-10-24T23:40:00'))).toEqual({ kind: 'late', minutes: 10 });
    expect(attendanceOf(night, null, at('2026-10-25T00:00:00'))).toEqual({ kind: 'noShow', minutes: 30 });
  });
  it('in winter a London time is the UTC one', () => {
    const winter = { ...night, period_date: '2026-11-29' };
    expect(attendanceOf(winter, null, at('2026-11-29T00:39:59'))).toEqual({ kind: 'notDue' });
    expect(attendanceOf(winter, null, at('2026-11-29T00:40:00'))).toEqual({ kind: 'late', minutes: 10 });
  });
});
