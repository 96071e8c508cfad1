import { sql, type Kysely } from 'kysely';
import { ATTENDANCE_DEFAULTS, ATTENDANCE_OPTION } from '../../../domain/attendance';

/**
 * Attendance on the day of service (domain/attendance.ts). The two limits are options an administrator changes.
 * attendance_alerts holds one row per shift and state told to the office, its key making a second pass, a restart
 * or another instance unable to tell it twice. job_leases lets one instance at a time run a timed pass: the lease is
 * taken with one UPDATE that succeeds only where it has expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const options = [
    [ATTENDANCE_OPTION.lateMinutes, ATTENDANCE_DEFAULTS.lateMinutes, 'Attendance: minutes after the start of a shift not yet started when its driver is late.'],
    [ATTENDANCE_OPTION.noShowMinutes, ATTENDANCE_DEFAULTS.noShowMinutes, 'Attendance: minutes after the start of a shift not yet started when its driver is a no-show.'],
  ] as const;
  for (const [okey, value, description] of options) {
    await sql`insert into options (okey, ovalue, description) values (${okey}, ${String(value)}, ${description}) on conflict (okey) do nothing`.execute(db);
  }
  // A late driver or a no-show is an alert of its own kind on the bell.
  await run(`alter table alerts drop constraint alerts_event_check`);
  await run(`alter table alerts add constraint alerts_event_check check (event in ('request', 'reject', 'publish', 'late', 'noShow'))`);
  await run(`create table attendance_alerts (
    shift_id integer not null references shifts (id) on delete cascade,
    state text not null check (state in ('late', 'noShow')),
    created_at timestamptz not null default now(),
    primary key (shift_id, state)
  )`);
  await run(`create table job_leases (
    name text primary key,
    holder text,
    expires_at timestamptz not null default '-infinity'
  )`);
  await run(`insert into job_leases (name) values ('attendance')`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('drop table if exists job_leases');
  await run('drop table if exists attendance_alerts');
  await run(`delete from alerts where event in ('late', 'noShow')`);
  await run(`alter table alerts drop constraint alerts_event_check`);
  await run(`alter table alerts add constraint alerts_event_check check (event in ('request', 'reject', 'publish'))`);
  await sql`delete from options where okey in (${ATTENDANCE_OPTION.lateMinutes}, ${ATTENDANCE_OPTION.noShowMinutes})`.execute(db);
}
