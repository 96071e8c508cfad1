import { sql, type Kysely } from 'kysely';

/**
 * Which days each counted change touched, so a kept list of many days rebuilds only the days a write changed
 * (server/services/dayLists.ts). Approving one timesheet then costs the month's list one day's query, not thirty.
 *
 * `change_log` holds one row per day a change touched, under the change's version. The log keeps the last
 * LOG_KEPT versions; `change_counter.logged_from` says from which version on it is complete, and a list older
 * than that is built whole.
 *
 * The days of a timesheet change are its own dates and the dates of the shifts it links (their placeholders
 * appear or go); the days of a shift change are its own dates and the dates of the timesheets linked to it (which
 * show the shift's times). Other tables count only when a value the lists show changes (SHOWN: names, contacts and
 * pay rates, on every row of every day), logged with no day, meaning every day: editing a driver's address or a
 * restaurant's phone leaves every kept list as it is. Options are not counted: the rates a list is priced with are
 * part of its key. Like the counter, nothing is logged unless `app.track_changes` is 'on'.
 */
const LOG_KEPT = 4096;

/** The columns of other tables the lists show (server/routes/timesheet/views.ts, server/records/shifts.ts). */
export const SHOWN: Record<string, string[]> = {
  drivers: ['first_name', 'last_name', 'phone', 'photo_src'],
  restaurants: ['name', 'invoice_comission', 'standard_pay', 'weekend_pay', 'area_id'],
  areas: ['standard_pay_rate', 'weekend_pay_rate'],
  users: ['first_name', 'last_name', 'email'],
  restaurateurs: ['name', 'email'],
};

/** The days of the changed timesheets in `rows`, and of the shifts they link. */
export const timesheetDays = (rows: string) => `
  select period_date from ${rows}
  union select s.period_date from shifts s where s.id in (select shift_id from ${rows})`;

/** The days of the changed shifts in `rows`, and of the timesheets linked to them. */
export const shiftDays = (rows: string) => `
  select period_date from ${rows}
  union select t.period_date from timesheets t where t.shift_id in (select id from ${rows})`;

/**
 * A trigger function logging the days of a statement's rows. Each branch names only the transition tables its
 * event has: PL/pgSQL prepares a statement when it first runs, so the other branches are never looked at.
 */
export function dayLogger(name: string, days: (rows: string) => string): string {
  const log = (rows: string) => `insert into change_log (version, day) select distinct v, d.period_date from (${rows}) d`;
  return `create function ${name}() returns trigger language plpgsql as $$
    declare v bigint;
    begin
      if current_setting('app.track_changes', true) is distinct from 'on' then return null; end if;
      v := next_change_version();
      if tg_op = 'INSERT' then ${log(days('new_rows'))};
      elsif tg_op = 'DELETE' then ${log(days('old_rows'))};
      else ${log(`${days('new_rows')} union ${days('old_rows')}`)};
      end if;
      return null;
    end $$`;
}

/** A trigger function logging every day when an update changed a shown column of `table`. */
export function shownLogger(table: string, columns: string[]): string {
  const tuple = (alias: string) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;
  return `create function log_${table}_shown() returns trigger language plpgsql as $$
    begin
      if current_setting('app.track_changes', true) = 'on'
        and exists (select 1 from old_rows o join new_rows n on n.id = o.id where ${tuple('o')} is distinct from ${tuple('n')}) then
        insert into change_log (version, day) values (next_change_version(), null);
      end if;
      return null;
    end $$`;
}

/** A change to every day: truncating, or removing rows of, a table the lists read. */
export const COUNT_CHANGE = `create or replace function count_change() returns trigger language plpgsql as $$
    begin
      if current_setting('app.track_changes', true) = 'on' then
        insert into change_log (version, day) values (next_change_version(), null);
      end if;
      return null;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table change_counter add column logged_from bigint not null default 0`);
  await run(`update change_counter set logged_from = version`);
  await run(`create table change_log (version bigint not null, day date)`);
  await run(`create index change_log_version_idx on change_log (version)`);
  await run(`create function next_change_version() returns bigint language plpgsql as $$
    declare v bigint;
    begin
      update change_counter set version = version + 1 where id = 1 returning version into v;
      if v % 256 = 0 then
        delete from change_log where version <= v - ${LOG_KEPT};
        update change_counter set logged_from = greatest(logged_from, v - ${LOG_KEPT}) where id = 1;
      end if;
      return v;
    end $$`);
  await run(COUNT_CHANGE);
  await run(dayLogger('log_timesheet_days', timesheetDays));
  await run(dayLogger('log_shift_days', shiftDays));
  for (const [table, fn] of [['timesheets', 'log_timesheet_days'], ['shifts', 'log_shift_days']]) {
    await run(`drop trigger ${table}_count_change on ${table}`);
    // A trigger with transition tables fires for one event only.
    await run(`create trigger ${table}_log_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}()`);
    await run(
      `create trigger ${table}_log_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
    );
    await run(`create trigger ${table}_log_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}()`);
    await run(`create trigger ${table}_log_truncate after truncate on ${table} for each statement execute function count_change()`);
  }
  await run(`drop trigger options_count_change on options`);
  for (const [table, columns] of Object.entries(SHOWN)) {
    await run(`drop trigger ${table}_count_change on ${table}`);
    await run(shownLogger(table, columns));
    await run(
      `create trigger ${table}_log_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function log_${table}_shown()`,
    );
    await run(`create trigger ${table}_log_delete after delete or truncate on ${table} for each statement execute function count_change()`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const table of ['timesheets', 'shifts']) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await run(`drop trigger if exists ${table}_log_${event} on ${table}`);
    await run(`create trigger ${table}_count_change after insert or update or delete or truncate on ${table} for each statement execute function count_change()`);
  }
  for (const table of [...Object.keys(SHOWN), 'options']) {
    await run(`drop trigger if exists ${table}_log_update on ${table}`);
    await run(`drop trigger if exists ${table}_log_delete on ${table}`);
    await run(`drop function if exists log_${table}_shown()`);
    await run(`create trigger ${table}_count_change after insert or update or delete or truncate on ${table} for each statement execute function count_change()`);
  }
  await run(`drop function if exists log_timesheet_days()`);
  await run(`drop function if exists log_shift_days()`);
  await run(`create or replace function count_change() returns trigger language plpgsql as $$
    begin
      if current_setting('app.track_changes', true) = 'on' then
        update change_counter set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`);
  await run(`drop function if exists next_change_version()`);
  await run(`drop table if exists change_log`);
  await run(`alter table change_counter drop column if exists logged_from`);
}
