import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type InferResult, type Kysely } from 'kysely';
import { jsonRows } from '../db/jsonRows';
import type { Database } from '../db/schema';
import { optionRows } from '../records/options';
import { personName } from '../records/names';
import {
  ATTENDANCE_OPTION_KEYS,
  attendanceLimits,
  attendanceOf,
  londonMoment,
  type AlertedKind,
  type Attendance,
  type AttendanceLimits,
  type AttendanceSheet,
} from '../../domain/attendance';
import { londonToday, ukDate } from '../../domain/dates';
import { SHIFT_STATUS } from '../../domain/statuses';
import { publishAlerts, recordAlerts } from './alerts';
import { deliverPushMessage, recordPushMessagesToOne } from './push';

/** A shift of the day and what its timesheet says of it: the facts attendanceOf reads. */
export interface AttendanceRow {
  shift_id: number;
  restaurant_id: number;
  driver_id: number;
  status: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  /** The latest cover that gave the shift to this driver, if any (ISO instant). */
  covered_at: string | null;
  sheet: AttendanceSheet | null;
  restaurant_name: string;
  driver_name: string;
}

export async function loadAttendanceLimits(db: Kysely<Database>): Promise<AttendanceLimits> {
  return attendanceLimits(await optionRows(db, ATTENDANCE_OPTION_KEYS));
}

/**
 * The published shifts with a driver on one day, with their timesheets: one statement, served by the shifts'
 * period_date index and the timesheets' shift_id one, however many shifts the day holds.
 */
export async function loadAttendanceRows(db: Kysely<Database>, date: string, restaurantIds: readonly number[] | null, shiftIds?: readonly number[]): Promise<AttendanceRow[]> {
  if (restaurantIds?.length === 0 || shiftIds?.length === 0) return [];
  const query = db
    .selectFrom('shifts as s')
    .innerJoin('restaurants as r', 'r.id', 's.restaurant_id')
    .innerJoin('drivers as d', 'd.id', 's.driver_id')
    .leftJoin('timesheets as t', 't.shift_id', 's.id')
    .select([
      's.id as shift_id', 's.restaurant_id', 's.driver_id', 's.status', 's.period_date', 's.start_time', 's.finish_time',
      't.id as sheet_id', 't.status as sheet_status', 't.status_progress', 't.driver_start_time', 't.driver_finish_time',
      'r.name as restaurant_name', personName('d').as('driver_name'),
      sql<string | null>`(select to_char(max(c.covered_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from shift_covers c
        where c.shift_id = s.id and c.driver_id = s.driver_id)`.as('covered_at'),
    ])
    .where('s.period_date', '=', date)
    .where('s.status', '=', SHIFT_STATUS.published)
    .where('s.driver_id', 'is not', null)
    .$if(restaurantIds !== null, (q) => q.where('s.restaurant_id', 'in', [...restaurantIds!]))
    .$if(shiftIds !== undefined, (q) => q.where('s.id', 'in', [...shiftIds!]));
  // As one JSON value: a day's few hundred rows one by one cost the embedded database some 20 ms (db/jsonRows.ts).
  const rows = await jsonRows<InferResult<typeof query>[number]>(db, query);
  return rows.map((r) => ({
    shift_id: r.shift_id,
    restaurant_id: r.restaurant_id,
    driver_id: r.driver_id!,
    status: r.status,
    period_date: r.period_date,
    start_time: r.start_time,
    finish_time: r.finish_time,
    covered_at: r.covered_at,
    sheet:
      r.sheet_id === null
        ? null
        : { status: r.sheet_status!, status_progress: r.status_progress!, driver_start_time: r.driver_start_time, driver_finish_time: r.driver_finish_time },
    restaurant_name: r.restaurant_name,
    driver_name: r.driver_name,
  }));
}

export const attendanceOfRow = (row: AttendanceRow, now: Date, limits: AttendanceLimits): Attendance | null =>
  attendanceOf(row, row.sheet, now, limits);

type Found = { row: AttendanceRow; kind: AlertedKind; minutes: number };

/** The late and no-show rows among `rows`, each read at the moment `at` gives it. */
function lateOrNoShow(rows: AttendanceRow[], at: (row: AttendanceRow) => { sheet: AttendanceRow['sheet']; now: Date }, limits: AttendanceLimits): Found[] {
  const found: Found[] = [];
  for (const row of rows) {
    const { sheet, now } = at(row);
    const a = attendanceOf(row, sheet, now, limits);
    if (a?.kind === 'late' || a?.kind === 'noShow') found.push({ row, kind: a.kind, minutes: a.minutes });
  }
  return found;
}

const ALERT_TEXT: Record<AlertedKind, (row: AttendanceRow, minutes: number) => string> = {
  late: (row, minutes) =>
    `${row.driver_name} is late for ${row.restaurant_name} on ${ukDate(row.period_date)}: the shift started at ${row.start_time}, not started ${minutes} min later`,
  noShow: (row, minutes) =>
    `${row.driver_name} is a no-show at ${row.restaurant_name} on ${ukDate(row.period_date)}: the shift started at ${row.start_time}, not started ${minutes} min later`,
};

const PUSH_LATE = {
  title: 'You are late',
  body: (row: AttendanceRow) => `Your shift at ${row.restaurant_name} started at ${row.start_time}. Please start it in the app, or call the office.`,
};

/**
 * Tells of the late drivers and no-shows among `rows`, each shift and state once: the unique key of
 * attendance_alerts lets exactly one caller record a pair, and only that caller raises the alert (to the office and
 * the restaurant's account, live on the bell) and, when late, pushes to the driver. A restart or a second instance
 * finds the pair recorded and stays silent.
 *
 * Set-based: the pairs, their alerts and their pushes are written in one transaction of a few statements however
 * many are told (the first pass of a busy evening tells of hundreds at once), then the bell hears them in one
 * message and the push adapter gets them in one batch. So a pair is never recorded without its alert.
 */
async function tellOnce(app: FastifyInstance, found: Found[], pushDriver: boolean): Promise<number> {
  if (!found.length) return 0;
  const { alerts, deliveries } = await app.db.transaction().execute(async (trx) => {
    // One statement for the whole pass: a day's pass finds the same few hundred pairs minute after minute, all
    // recorded already (one insert a pair was a round trip each, about 0.5 ms apiece on the embedded database).
    const inserted = await trx
      .insertInto('attendance_alerts')
      .values(found.map(({ row, kind, minutes }) => ({ shift_id: row.shift_id, driver_id: row.driver_id, state: kind, minutes })))
      .onConflict((oc) => oc.doNothing())
      .returning(['shift_id', 'driver_id', 'state'])
      .execute();
    const fresh = new Set(inserted.map((r) => `${r.shift_id}:${r.driver_id}:${r.state}`));
    const told = found.filter(({ row, kind }) => fresh.has(`${row.shift_id}:${row.driver_id}:${kind}`));
    const alerts = await recordAlerts(
      trx,
      told.map(({ row, kind, minutes }) => ({ channel: 'shift_channel', event: kind, message: ALERT_TEXT[kind](row, minutes), restaurantId: row.restaurant_id })),
    );
    const deliveries = await recordPushMessagesToOne(
      trx,
      told
        .filter(({ kind }) => kind === 'late' && pushDriver)
        .map(({ row }) => ({
          title: PUSH_LATE.title,
          body: PUSH_LATE.body(row),
          filters: { source: 'attendance', shift_id: row.shift_id },
          senderId: null,
          driverId: row.driver_id,
        })),
    );
    return { alerts, deliveries };
  });
  await publishAlerts(app, alerts);
  if (deliveries.length) await deliverPushMessage(app, deliveries);
  return alerts.length;
}

/**
 * One pass over today's shifts: late drivers and no-shows are told of once. A no-show passed while late goes
 * unrecorded as late: the office hears the worse news only.
 */
export async function tellAttendance(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const [rows, limits] = await Promise.all([loadAttendanceRows(app.db, londonToday(now), null), loadAttendanceLimits(app.db)]);
  return tellOnce(app, lateOrNoShow(rows, (row) => ({ sheet: row.sheet, now }), limits), true);
}

/**
 * A driver starting a shift late is told to the office too, if no pass has yet: read as the shift stood at the start
 * the driver gave (now, when none), never later than now. The driver is starting, so no push.
 */
export async function tellLateStart(app: FastifyInstance, shiftId: number, now: Date = new Date(), startedAt: string | null = null): Promise<number> {
  const today = londonToday(now);
  const [rows, limits] = await Promise.all([loadAttendanceRows(app.db, today, null, [shiftId]), loadAttendanceLimits(app.db)]);
  const at = (row: AttendanceRow) => {
    const said = startedAt ? londonMoment(row.period_date, startedAt) : now;
    return { sheet: null, now: said < now ? said : now };
  };
  return tellOnce(app, lateOrNoShow(rows, at, limits), false);
}

const ATTENDANCE_LEASE = 'attendance';

/**
 * Takes the lease of a timed pass for `seconds`: one UPDATE that succeeds only where the lease has expired (or this
 * holder has it already), so of two instances asking at once exactly one gets it.
 */
async function takeLease(db: Kysely<Database>, name: string, holder: string, seconds: number): Promise<boolean> {
  const taken = await db
    .updateTable('job_leases')
    .set({ holder, expires_at: sql<string>`now() + make_interval(secs => ${seconds})` })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('expires_at', '<=', sql<string>`now()`), eb('holder', '=', holder)]))
    .returning('name')
    .executeTakeFirst();
  return !!taken;
}

/** The pass as the minute timer runs it: only by the instance holding the lease. Answers how many were told. */
export async function attendancePass(app: FastifyInstance, holder: string, now: Date = new Date(), leaseSeconds = 55): Promise<number | null> {
  if (!(await takeLease(app.db, ATTENDANCE_LEASE, holder, leaseSeconds))) return null;
  return tellAttendance(app, now);
}

/** Runs the pass every `intervalMs`; a failed pass is logged and the next one tries again. Answers the stop. */
export function startAttendanceTimer(app: FastifyInstance, intervalMs = 60_000): () => void {
  const holder = crypto.randomUUID();
  const timer = setInterval(() => {
    attendancePass(app, holder, new Date(), Math.max(1, Math.floor(intervalMs / 1000) - 5)).catch((error: unknown) => app.log.error({ err: error }, 'attendance pass failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
