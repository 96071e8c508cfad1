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
 * told (an alert each, a push when late). Timed as the minute timer would run it at three moments of the day (lunch
 * under way, dinner under way, the evening's end): the first pass at a moment tells of what it finds; the passes
 * after it find everything told already, which is what the timer does every minute of a working day. What the
 * passes wrote is removed again, so the dataset stays as it was.
 */
const RUNS = 5;

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
  try {
    const shifts = (await loadAttendanceRows(db, today, null)).length;
    const lines = [`Attendance pass over ${today}: ${shifts} published, assigned shifts of the day (${databaseKind})`];
    for (const time of ['12:45', '19:45', '23:30']) {
      const now = londonMoment(today, time);
      const ms: number[] = [];
      let told = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const n = await tellAttendance(app, now);
        ms.push(performance.now() - t0);
        if (i === 0) told = n;
      }
      lines.push(
        `  at ${time}: first pass ${ms[0].toFixed(0)} ms (told ${told}); the passes after it (all told already): median ${median(ms.slice(1)).toFixed(0)} ms (runs: ${ms.slice(1).map((m) => m.toFixed(0)).join(', ')}; target ≤ 200)`,
      );
    }
    return lines;
  } finally {
    await sql`delete from attendance_alerts where shift_id in (select id from shifts where period_date = ${today})`.execute(db);
    await sql`delete from alerts where id > ${before.alert}`.execute(db);
    await sql`delete from push_deliveries where message_id > ${before.push}`.execute(db);
    await sql`delete from push_messages where id > ${before.push}`.execute(db);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function maxId(db: Kysely<Database>, table: 'alerts' | 'push_messages'): Promise<number> {
  const row = await sql<{ id: number | null }>`select max(id)::int as id from ${sql.table(table)}`.execute(db);
  return row.rows[0]?.id ?? 0;
}
