import { sql, type Kysely } from 'kysely';

/**
 * A counter of committed changes to what the shift and timesheet lists are made of, so a list built once can be answered
 * again while nothing it reads has changed (server/services/dayLists.ts). Statement triggers bump it in the
 * writing transaction, so a reader that sees a version also sees every change counted in it.
 *
 * Only a connection that sets `app.track_changes` to 'on' counts: the embedded database, whose one process is the
 * only writer. On a shared PostgreSQL server the trigger does nothing, so concurrent writers never queue on the
 * counter's row, and the lists are built fresh each time.
 */
/** What the shift and timesheet lists read: their rows, the names and rates they show, the options they price with. */
const TRACKED = ['timesheets', 'shifts', 'restaurants', 'drivers', 'areas', 'options', 'users', 'restaurateurs'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table change_counter (id integer primary key check (id = 1), version bigint not null)`.execute(db);
  await sql`insert into change_counter (id, version) values (1, 0)`.execute(db);
  await sql
    .raw(
      `create function count_change() returns trigger language plpgsql as $$
      begin
        if current_setting('app.track_changes', true) = 'on' then
          update change_counter set version = version + 1 where id = 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  for (const table of TRACKED) {
    await sql
      .raw(`create trigger ${table}_count_change after insert or update or delete or truncate on ${table} for each statement execute function count_change()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TRACKED) await sql.raw(`drop trigger if exists ${table}_count_change on ${table}`).execute(db);
  await sql`drop function if exists count_change()`.execute(db);
  await sql`drop table if exists change_counter`.execute(db);
}
