import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the lists paged in SQL (server/lists/): each list's default order within its status, and its search.
 * Searches match a text anywhere in a name, an e-mail or an address (as the screens always did), which a B-tree
 * cannot serve: trigram GIN indexes (pg_trgm, shipped with PostgreSQL and loaded into PGlite by connection.ts) can.
 * The expressions are the ones the list specs write (server/routes/driver/list.ts, restaurant/list.ts), so the
 * planner matches them.
 *
 * Drivers sort by area by the first of their areas' names, kept on the driver (`area_sort`, lower-cased, null without
 * an area) by triggers on driver_areas and on area renames: computed per row at sort time it cost seconds at 30,000
 * drivers, since every driver had to be visited before the first page was known.
 */
const statements = [
  `create extension if not exists pg_trgm`,
  `alter table drivers add column area_sort text`,
  `create function driver_area_sort(driver integer) returns text language sql stable as $$
    select min(lower(a.name)) from driver_areas da join areas a on a.id = da.area_id where da.driver_id = driver
  $$`,
  `update drivers set area_sort = driver_area_sort(id)`,
  `create function driver_areas_sort_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then
        update drivers set area_sort = driver_area_sort(new.driver_id) where id = new.driver_id;
      end if;
      if tg_op <> 'INSERT' then
        update drivers set area_sort = driver_area_sort(old.driver_id) where id = old.driver_id;
      end if;
      return null;
    end $$`,
  `create trigger driver_areas_sort after insert or update or delete on driver_areas
    for each row execute function driver_areas_sort_changed()`,
  `create function area_renamed_sort() returns trigger language plpgsql as $$
    begin
      update drivers set area_sort = driver_area_sort(id) where id in (select driver_id from driver_areas where area_id = new.id);
      return null;
    end $$`,
  `create trigger areas_rename_sort after update of name on areas
    for each row when (old.name is distinct from new.name) execute function area_renamed_sort()`,
  `create index drivers_status_area_idx on drivers (status, area_sort, lower(first_name), lower(last_name), id)`,
  `create index drivers_area_sort_idx on drivers (area_sort, lower(first_name), lower(last_name), id)`,
  `create index drivers_status_name_idx on drivers (status, lower(first_name), lower(last_name), id)`,
  `create index drivers_name_idx on drivers (lower(first_name), lower(last_name), id)`,
  `create index drivers_name_search_idx on drivers using gin (lower(first_name || ' ' || last_name) gin_trgm_ops)`,
  `create index drivers_email_search_idx on drivers using gin (email gin_trgm_ops)`,
  `create index restaurants_status_name_idx on restaurants (status, lower(name), id)`,
  `create index restaurants_name_search_idx on restaurants using gin (lower(name) gin_trgm_ops)`,
  `create index restaurants_address_search_idx on restaurants using gin (lower(coalesce(address, '') || ', ' || coalesce(postcode, '')) gin_trgm_ops)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop trigger if exists driver_areas_sort on driver_areas`).execute(db);
  await sql.raw(`drop trigger if exists areas_rename_sort on areas`).execute(db);
  for (const fn of ['driver_areas_sort_changed()', 'area_renamed_sort()', 'driver_area_sort(integer)']) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql.raw(`alter table drivers drop column if exists area_sort`).execute(db);
  for (const index of [
    'drivers_status_name_idx', 'drivers_name_idx', 'drivers_name_search_idx', 'drivers_email_search_idx',
    'restaurants_status_name_idx', 'restaurants_name_search_idx', 'restaurants_address_search_idx',
  ]) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
}
