import { sql, type Kysely } from 'kysely';

/**
 * Restaurants sort by area by their area's name kept on the restaurant (`area_sort`, lower-cased), as drivers do
 * (0006_list_indexes): a name looked up per row at sort time makes the database visit every restaurant of the
 * status before it knows the first page; a kept column with an index on (status, area_sort, name) reads just the
 * page. A trigger sets it when a restaurant is written or moves area, another when an area is renamed.
 */
const statements = [
  `alter table restaurants add column area_sort text`,
  `update restaurants r set area_sort = (select lower(a.name) from areas a where a.id = r.area_id)`,
  `create function restaurant_area_sort() returns trigger language plpgsql as $$
    begin
      new.area_sort := (select lower(a.name) from areas a where a.id = new.area_id);
      return new;
    end $$`,
  `create trigger restaurants_area_sort before insert or update of area_id on restaurants
    for each row execute function restaurant_area_sort()`,
  `create function area_renamed_restaurant_sort() returns trigger language plpgsql as $$
    begin
      update restaurants set area_sort = lower(new.name) where area_id = new.id;
      return null;
    end $$`,
  `create trigger areas_rename_restaurant_sort after update of name on areas
    for each row when (old.name is distinct from new.name) execute function area_renamed_restaurant_sort()`,
  `create index restaurants_status_area_idx on restaurants (status, area_sort, lower(name), id)`,
  `create index restaurants_area_sort_idx on restaurants (area_sort, lower(name), id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `drop trigger if exists restaurants_area_sort on restaurants`,
    `drop trigger if exists areas_rename_restaurant_sort on areas`,
    `drop function if exists restaurant_area_sort()`,
    `drop function if exists area_renamed_restaurant_sort()`,
    `drop index if exists restaurants_status_area_idx`,
    `drop index if exists restaurants_area_sort_idx`,
    `alter table restaurants drop column if exists area_sort`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
