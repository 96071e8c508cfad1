import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { ukDate } from '../../domain/dates';
import type { DriverAttendanceRecord as DriverRecord } from '../../domain/attendance';
import { useDataProviderRef } from '../../providers/dataProvider';

const isRecord = (a: unknown): a is DriverRecord =>
  typeof a === 'object' && a !== null && typeof (a as DriverRecord).from === 'string' && typeof (a as DriverRecord).late === 'number' && typeof (a as DriverRecord).no_show === 'number';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The driver's record in words: 'Last 90 days (since 19/12/2026): 2 late starts, 20 min late on average; 1 no-show'. */
function attendanceRecordText(r: DriverRecord): string {
  const late = r.late ? `${count(r.late, 'late start', 'late starts')}${r.average_minutes_late === null ? '' : `, ${r.average_minutes_late} min late on average`}` : 'no late starts';
  return `Last 90 days (since ${ukDate(r.from)}): ${late}; ${r.no_show ? count(r.no_show, 'no-show', 'no-shows') : 'no no-shows'}`;
}

/**
 * A driver's last 90 days on the profile (GET /api/driver/:id/attendance): late starts with the average minutes late,
 * and no-shows. Nothing while it loads or when it cannot be read: the form goes on without it.
 */
export function AttendanceRecord({ driverId }: { driverId: number }) {
  const provider = useDataProviderRef();
  const [record, setRecord] = useState<DriverRecord | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    provider.current.getDriverAttendance(driverId, controller.signal).then(
      (answer) => setRecord(isRecord(answer) ? answer : null),
      () => undefined,
    );
    return () => controller.abort();
  }, [driverId, provider]);
  if (!record) return null;
  return (
    <Typography variant="body2" color={record.no_show ? 'error' : 'text.secondary'} sx={{ mb: 1 }} data-testid="driver-attendance-record">
      {attendanceRecordText(record)}
    </Typography>
  );
}
