import { sql, type Kysely } from 'kysely';

/**
 * Covering a late driver or a no-show (POST /api/shift/:id/cover). shift_covers keeps when each cover gave the shift
 * to its new driver: that driver's lateness counts from then, not from the shift's start, so a driver sent to a
 * shift that began 40 minutes ago is not a no-show the moment they are chosen. attendance_alerts now names the
 * driver each state was told of (and how many minutes late then), so the new driver of a covered shift can be told
 * of in turn, and the 'Late and no-shows' report and a driver's record keep the no-show against the driver who did
 * not come, whoever took the shift after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create table shift_covers (
    id serial primary key,
    shift_id integer not null references shifts (id) on delete cascade,
    driver_id integer not null references drivers (id) on delete cascade,
    replaced_driver_id integer references drivers (id) on delete set null,
    covered_at timestamptz not null default now()
  )`);
  await run('create index shift_covers_shift_id on shift_covers (shift_id)');
  await run('alter table attendance_alerts add column driver_id integer references drivers (id) on delete cascade');
  await run('alter table attendance_alerts add column minutes integer');
  await run('update attendance_alerts a set driver_id = s.driver_id from shifts s where s.id = a.shift_id');
  await run('delete from attendance_alerts where driver_id is null');
  await run('alter table attendance_alerts alter column driver_id set not null');
  await run('alter table attendance_alerts drop constraint attendance_alerts_pkey');
  await run('alter table attendance_alerts add primary key (shift_id, driver_id, state)');
  await run('create index attendance_alerts_driver_id on attendance_alerts (driver_id)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('drop index attendance_alerts_driver_id');
  await run('alter table attendance_alerts drop constraint attendance_alerts_pkey');
  await run('delete from attendance_alerts a using attendance_alerts b where a.shift_id = b.shift_id and a.state = b.state and a.ctid > b.ctid');
  await run('alter table attendance_alerts add primary key (shift_id, state)');
  await run('alter table attendance_alerts drop column minutes');
  await run('alter table attendance_alerts drop column driver_id');
  await run('drop table shift_covers');
}
