import { sql, type Kysely } from 'kysely';
import { COUNT_CHANGE, SHOWN, dayLogger, shiftDays, shownLogger, timesheetDays } from './0003_changed_days';

/**
 * The days each change touched, logged on a shared PostgreSQL server too, so every app instance can keep its shift
 * and timesheet lists by day (server/services/snapshotChanges.ts) as the embedded database does with its counter.
 *
 * The counter's row would make every writer of every instance queue on it; here each write's trigger adds rows
 * to `change_log_xact` under its own transaction id, which no other writer touches. A reader keeps the snapshot
 * (pg_current_snapshot) it read the log with; later, the days of the rows whose transaction that snapshot did not
 * see are the days to build again, whatever order the transactions committed in. Rows older than ten minutes are
 * pruned by the readers, which raise `change_log_horizon.pruned_below` past them: a list kept from a snapshot older
 * than the horizon is built whole.
 *
 * The embedded database (`app.track_changes` 'on') keeps its counter and change_log; every other connection logs
 * here, so a write from any client of the shared server is seen.
 */

/**
 * The insert of a change's days (`days` selects a `period_date` column; null for every day) into the log in use.
 * The functions using it declare `v bigint`: the counter moves once per statement, not per day.
 */
function logDays(days: string): string {
  return `if current_setting('app.track_changes', true) = 'on' then
        v := next_change_version();
        insert into change_log (version, day) select distinct v, d.period_date from (${days}) d;
      else
        insert into change_log_xact (xid, day) select distinct pg_current_xact_id()::text::bigint, d.period_date from (${days}) d;
      end if;`;
}

const EVERY_DAY = 'select null::date as period_date';

function snapshotDayLogger(name: string, days: (rows: string) => string): string {
  return `create or replace function ${name}() returns trigger language plpgsql as $$
    declare v bigint;
    begin
      if tg_op = 'INSERT' then ${logDays(days('new_rows'))}
      elsif tg_op = 'DELETE' then ${logDays(days('old_rows'))}
      else ${logDays(`${days('new_rows')} union ${days('old_rows')}`)}
      end if;
      return null;
    end $$`;
}

function snapshotShownLogger(table: string, columns: string[]): string {
  const tuple = (alias: string) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;
  return `create or replace function log_${table}_shown() returns trigger language plpgsql as $$
    declare v bigint;
    begin
      if exists (select 1 from old_rows o join new_rows n on n.id = o.id where ${tuple('o')} is distinct from ${tuple('n')}) then
        ${logDays(EVERY_DAY)}
      end if;
      return null;
    end $$`;
}

const SNAPSHOT_COUNT_CHANGE = `create or replace function count_change() returns trigger language plpgsql as $$
    declare v bigint;
    begin
      ${logDays(EVERY_DAY)}
      return null;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create table change_log_xact (xid bigint not null, day date, at timestamptz not null default now())`);
  await run(`create index change_log_xact_xid_idx on change_log_xact (xid)`);
  await run(`create table change_log_horizon (id integer primary key check (id = 1), pruned_below bigint not null)`);
  await run(`insert into change_log_horizon (id, pruned_below) values (1, 0)`);
  await run(SNAPSHOT_COUNT_CHANGE);
  await run(snapshotDayLogger('log_timesheet_days', timesheetDays));
  await run(snapshotDayLogger('log_shift_days', shiftDays));
  for (const [table, columns] of Object.entries(SHOWN)) await run(snapshotShownLogger(table, columns));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const replacing = (text: string) => text.replace('create function', 'create or replace function');
  await run(COUNT_CHANGE);
  await run(replacing(dayLogger('log_timesheet_days', timesheetDays)));
  await run(replacing(dayLogger('log_shift_days', shiftDays)));
  for (const [table, columns] of Object.entries(SHOWN)) await run(replacing(shownLogger(table, columns)));
  await run(`drop table if exists change_log_horizon`);
  await run(`drop table if exists change_log_xact`);
}
