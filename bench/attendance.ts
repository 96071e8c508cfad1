import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { resolveSecrets } from '../server/secrets';
import type { Database } from '../server/db/schema';
import type { DatabaseKind } from '../server/db/connection';
import { loadAttendanceRows, tellAttendance } from '../server/services/attendance';
import { londonMoment } from '../domain/attendance';
import { londonToday } from '../domain/dates';
import { median } from './load';

/**
 * The attendance pass (server/services/attendance.ts) over a whole day of the large dataset, in this process on the
 * dataset's own database: today's shifts read with their timesheets, late and no-show decided, and the new ones
 * told (an alert each, a push when late; written set-based, in one transaction). The day is first made as busy as
 * the target's (about DAY_SHIFTS published, assigned shifts) by copying its own shifts with their timesheets, so
 * the copies start, finish and run late in the same proportions. Timed as the minute timer would run it at three
 * moments of the day (lunch under way, dinner under way, the evening's end): the first pass at a moment tells of
 * what it finds at once; the passes after it find everything told already, which is what the timer does every
 * minute of a working day. The copies and what the passes wrote are removed again, so the dataset stays as it was.
 * Other work on the machine moves the figures: the load average is printed with them.
 */
const RUNS = Number(process.env.BENCH_ATTENDANCE_RUNS ?? 7);
const DAY_SHIFTS = Number(process.env.BENCH_ATTENDANCE_SHIFTS ?? 1000);

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

export async function attendanceFigures(db: Kysely<Database>, databaseKind: DatabaseKind): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-attendance-'));
  const config = await resolveSecrets(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-app') }), db);
  const app = await buildApp({ config, db, databaseKind });
  await app.ready();
  const today = londonToday();
  const before = {
    alert: await maxId(db, 'alerts'),
    push: await maxId(db, 'push_messages'),
  };
  let added: number[] = [];
  try {
    const own = (await loadAttendanceRows(db, today, null)).length;
    added = await fillDay(db, today, DAY_SHIFTS - own);
    const shifts = (await loadAttendanceRows(db, today, null)).length;
    const lines = [
      `Attendance pass over ${today}: ${shifts} published, assigned shifts of the day (${own} of the dataset, ${added.length} copies of them added) (${databaseKind})`,
      `Machine load (1, 5, 15 min) at the start: ${loadAverage()}`,
    ];
    for (const time of ['12:45', '19:45', '23:30']) {
      const now = londonMoment(today, time);
      const firsts: number[] = [];
      const steady: number[] = [];
      let told = 0;
      // Each run: the first pass of the moment (everything found is told at once), then a steady pass (all told).
      for (let i = 0; i < RUNS; i++) {
        await sql`delete from attendance_alerts where shift_id in (select id from shifts where period_date = ${today})`.execute(db);
        let t0 = performance.now();
        told = await tellAttendance(app, now);
        firsts.push(performance.now() - t0);
        t0 = performance.now();
        await tellAttendance(app, now);
        steady.push(performance.now() - t0);
      }
      const runs = (ms: number[]) => ms.map((m) => m.toFixed(0)).join(', ');
      lines.push(
        `  at ${time}: the first pass, telling of ${told} at once: median ${median(firsts).toFixed(0)} ms (runs: ${runs(firsts)})`,
        `  at ${time}: the steady pass (all told already): median ${median(steady).toFixed(0)} ms (runs: ${runs(steady)}; target < 200)`,
        `  load (1, 5, 15 min) after ${time}: ${loadAverage()}`,
      );
    }
    return lines;
  } finally {
    await sql`delete from attendance_alerts where shift_id in (select id from shifts where period_date = ${today})`.execute(db);
    if (added.length) {
      await sql`delete from timesheets where shift_id in (${sql.join(added)})`.execute(db);
      await sql`delete from shifts where id in (${sql.join(added)})`.execute(db);
    }
    await sql`delete from alerts where id > ${before.alert}`.execute(db);
    await sql`delete from push_deliveries where message_id > ${before.push}`.execute(db);
    await sql`delete from push_messages where id > ${before.push}`.execute(db);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Copies `count` of the day's published, assigned shifts (round and round when the day has fewer), each with its
 * timesheet when it has one, so the day holds the target's number of shifts in the same states. Answers the
 * copies' ids, for removing them again.
 */
async function fillDay(db: Kysely<Database>, date: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const sources = (await loadAttendanceRows(db, date, null)).map((r) => r.shift_id);
  if (!sources.length) return [];
  const columns = async (table: string) =>
    (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name <> 'id' order by ordinal_position`.execute(db)).rows.map((r) => r.name);
  const shiftColumns = await columns('shifts');
  const sheetColumns = await columns('timesheets');
  const pairs: [number, number][] = [];
  const ids = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('shifts', 'id'))::int as id from generate_series(1, ${count})`.execute(db);
  ids.rows.forEach((r, i) => pairs.push([sources[i % sources.length], r.id]));
  const map = sql`(values ${sql.join(pairs.map(([from, to]) => sql`(${from}::int, ${to}::int)`))}) as m(from_id, to_id)`;
  const list = (cols: string[], prefix: string) => sql.join(cols.map((c) => sql.ref(`${prefix}.${c}`)));
  await sql`insert into shifts (id, ${sql.join(shiftColumns.map((c) => sql.ref(c)))})
    select m.to_id, ${list(shiftColumns, 's')} from shifts s join ${map} on m.from_id = s.id`.execute(db);
  const sheetValues = sql.join(sheetColumns.map((c) => (c === 'shift_id' ? sql`m.to_id` : sql.ref(`t.${c}`))));
  await sql`insert into timesheets (${sql.join(sheetColumns.map((c) => sql.ref(c)))})
    select ${sheetValues} from timesheets t join ${map} on m.from_id = t.shift_id`.execute(db);
  return pairs.map(([, to]) => to);
}

async function maxId(db: Kysely<Database>, table: 'alerts' | 'push_messages'): Promise<number> {
  const row = await sql<{ id: number | null }>`select max(id)::int as id from ${sql.table(table)}`.execute(db);
  return row.rows[0]?.id ?? 0;
}
