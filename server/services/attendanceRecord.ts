import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addDays, londonToday, toMinutes } from '../../domain/dates';

/**
 * The record of late starts and no-shows, read from what the attendance pass told the office (attendance_alerts
 * names the driver told of): a shift is a no-show against a driver when a no-show was told of them, else late when
 * a late start was. Minutes late are the start the driver gave on their timesheet less the shift's start (or its
 * cover's), else the minutes when the office was told. One statement whatever the range.
 */

export interface AttendanceEvent {
  shift_id: number;
  driver_id: number;
  driver_name: string;
  restaurant_id: number;
  restaurant_name: string;
  period_date: string;
  start_time: string;
  kind: 'late' | 'noShow';
  /** Minutes late (a late start only). */
  minutes: number | null;
}

/** Days a driver's record and the planning assistant look back. */
const RECORD_DAYS = 90;

export async function loadAttendanceEvents(
  db: Kysely<Database>,
  range: { from: string; to: string },
  filter: { driverIds?: readonly number[]; restaurantIds?: readonly number[] | null } = {},
): Promise<AttendanceEvent[]> {
  if (filter.driverIds?.length === 0 || filter.restaurantIds?.length === 0) return [];
  const rows = await sql<{
    shift_id: number; driver_id: number; driver_name: string; restaurant_id: number; restaurant_name: string; period_date: string;
    start_time: string; finish_time: string; no_show: boolean; told_minutes: number | null; started: string | null; covered_at: string | null;
  }>`
    select a.shift_id, a.driver_id, trim(d.first_name || ' ' || d.last_name) as driver_name, s.restaurant_id, r.name as restaurant_name,
      s.period_date, s.start_time, s.finish_time, bool_or(a.state = 'noShow') as no_show, max(a.minutes) as told_minutes,
      (select min(t.driver_start_time) from timesheets t where t.shift_id = a.shift_id and t.driver_id = a.driver_id) as started,
      (select to_char(max(c.covered_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from shift_covers c
        where c.shift_id = a.shift_id and c.driver_id = a.driver_id) as covered_at
    from attendance_alerts a
    join shifts s on s.id = a.shift_id
    join restaurants r on r.id = s.restaurant_id
    join drivers d on d.id = a.driver_id
    where s.period_date between ${range.from} and ${range.to}
      ${filter.driverIds ? sql`and a.driver_id = any(${[...filter.driverIds]}::int[])` : sql``}
      ${filter.restaurantIds ? sql`and s.restaurant_id = any(${[...filter.restaurantIds]}::int[])` : sql``}
    group by a.shift_id, a.driver_id, d.first_name, d.last_name, s.restaurant_id, r.name, s.period_date, s.start_time, s.finish_time
    order by s.period_date, s.start_time, a.shift_id`.execute(db);
  return rows.rows.map((r) => ({
    shift_id: r.shift_id,
    driver_id: r.driver_id,
    driver_name: r.driver_name,
    restaurant_id: r.restaurant_id,
    restaurant_name: r.restaurant_name,
    period_date: r.period_date,
    start_time: r.start_time,
    kind: r.no_show ? 'noShow' : 'late',
    minutes: r.no_show ? null : minutesLate(r),
  }));
}

/** The start the driver gave less the shift's start (a start after midnight of an evening shift counts on). */
function minutesLate(r: { start_time: string; started: string | null; told_minutes: number | null; covered_at: string | null }): number | null {
  if (!r.started || r.covered_at) return r.told_minutes;
  let late = toMinutes(r.started) - toMinutes(r.start_time);
  if (late < -12 * 60) late += 1440;
  return late > 0 ? late : r.told_minutes;
}

export interface DriverRecord {
  from: string;
  to: string;
  late: number;
  no_show: number;
  /** Average minutes late over the late starts, whole minutes; null with none. */
  average_minutes_late: number | null;
}

/** Counts of a list of events. */
export function summarise(events: readonly AttendanceEvent[]): { late: number; no_show: number; minutes_late: number; average_minutes_late: number | null } {
  let late = 0;
  let noShow = 0;
  let minutes = 0;
  let timed = 0;
  for (const e of events) {
    if (e.kind === 'noShow') noShow++;
    else {
      late++;
      if (e.minutes !== null) {
        minutes += e.minutes;
        timed++;
      }
    }
  }
  return { late, no_show: noShow, minutes_late: minutes, average_minutes_late: timed ? Math.round(minutes / timed) : null };
}

/** A driver's last 90 days, today included. */
export async function driverRecord(db: Kysely<Database>, driverId: number, now = new Date()): Promise<DriverRecord> {
  const to = londonToday(now);
  const from = addDays(to, -(RECORD_DAYS - 1));
  const { late, no_show, average_minutes_late } = summarise(await loadAttendanceEvents(db, { from, to }, { driverIds: [driverId] }));
  return { from, to, late, no_show, average_minutes_late };
}

/** No-shows in the last 90 days by driver, for the planning assistant and the cover list. */
export async function recentNoShows(db: Kysely<Database>, now = new Date()): Promise<Map<number, number>> {
  const to = londonToday(now);
  const from = addDays(to, -(RECORD_DAYS - 1));
  const rows = await sql<{ driver_id: number; n: number }>`
    select a.driver_id, count(distinct a.shift_id)::int as n from attendance_alerts a join shifts s on s.id = a.shift_id
    where a.state = 'noShow' and s.period_date between ${from} and ${to} group by a.driver_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.driver_id, r.n]));
}
