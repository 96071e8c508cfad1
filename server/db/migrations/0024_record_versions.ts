import { sql, type Kysely } from 'kysely';

/**
 * Records people edit in dialogs carry a version, their `updated_at` (domain/versions.ts): a save sent with the
 * version its form was loaded with is refused when the row has another. So every change of such a row must move
 * it, whichever statement made it (a route, a bulk action, Undo, an import), and it must move forward even when two
 * changes fall in the same millisecond, the precision the API writes times with.
 *
 * A trigger before each row's update sets it to the clock's time, truncated to milliseconds, and at least a
 * millisecond past the version before. Columns the database keeps for itself (`BOOKKEEPING`: sort keys and the
 * driver's Data Full, rewritten when an area is renamed or a photo added) are not a change anyone made to the
 * record: an update that touches nothing else keeps the version, so an open dialog is not refused for them.
 * An update that sets `updated_at` itself (the routes' `now()`) always moves it, even with nothing else changed:
 * a driver's working times live in their own table and move the driver's version so.
 */
export const BOOKKEEPING: Record<string, readonly string[]> = {
  shifts: [],
  timesheets: [],
  drivers: ['area_sort', 'data_full'],
  restaurants: ['area_sort'],
  areas: [],
};

const statements = [
  // `*=` compares the rows' stored images, which needs no equality operator per column and is cheap: a statement
  // rewriting a row as it was keeps its version without turning it into JSON; only a table with bookkeeping columns
  // compares the rest of a changed row as JSON.
  `create function record_version() returns trigger language plpgsql as $$
    begin
      if new.updated_at is not distinct from old.updated_at then
        if new *= old then return new; end if;
        if tg_nargs > 0 and (to_jsonb(new) - tg_argv) = (to_jsonb(old) - tg_argv) then return new; end if;
      end if;
      new.updated_at := date_trunc('milliseconds', greatest(clock_timestamp(), old.updated_at + interval '1 millisecond'));
      return new;
    end $$`,
  // Named to fire after the tables' other row triggers (alphabetical order): Data Full is set before it compares.
  ...Object.entries(BOOKKEEPING).map(
    ([table, columns]) =>
      `create trigger ${table}_version before update on ${table} for each row execute function record_version(${columns.map((c) => `'${c}'`).join(', ')})`,
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(BOOKKEEPING)) await sql.raw(`drop trigger if exists ${table}_version on ${table}`).execute(db);
  await sql.raw('drop function if exists record_version()').execute(db);
}
