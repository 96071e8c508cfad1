import { sql, type Kysely } from 'kysely';

/**
 * drivers.area_sort (migration 0006) is kept once per statement on driver_areas instead of once per row: writing
 * the areas of 3,000 drivers was 6,000 single-row updates of drivers, each a history statement of its own; it is
 * now one update of the drivers whose first area name changed. Transition tables need one trigger per event.
 */
const statements = [
  `drop trigger driver_areas_sort on driver_areas`,
  `drop function driver_areas_sort_changed()`,
  `create function driver_area_sort_refresh(drivers_touched integer[]) returns void language sql as $$
    with sorted as (select driver_id, driver_area_sort(driver_id) as sort from unnest(drivers_touched) as t(driver_id))
    update drivers d set area_sort = s.sort from sorted s where d.id = s.driver_id and d.area_sort is distinct from s.sort
  $$`,
  // A statement names only the transition tables its trigger declares, hence one branch per event.
  `create function driver_areas_sort_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform driver_area_sort_refresh(array(select distinct driver_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform driver_area_sort_refresh(array(select distinct driver_id from old_rows));
      else
        perform driver_area_sort_refresh(array(select driver_id from new_rows union select driver_id from old_rows));
      end if;
      return null;
    end $$`,
  `create trigger driver_areas_sort_insert after insert on driver_areas
    referencing new table as new_rows for each statement execute function driver_areas_sort_rows()`,
  `create trigger driver_areas_sort_delete after delete on driver_areas
    referencing old table as old_rows for each statement execute function driver_areas_sort_rows()`,
  `create trigger driver_areas_sort_update after update on driver_areas
    referencing old table as old_rows new table as new_rows for each statement execute function driver_areas_sort_rows()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists driver_areas_sort_${event} on driver_areas`).execute(db);
  await sql.raw(`drop function if exists driver_areas_sort_rows()`).execute(db);
  await sql.raw(`drop function if exists driver_area_sort_refresh(integer[])`).execute(db);
  await sql.raw(`create function driver_areas_sort_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then
        update drivers set area_sort = driver_area_sort(new.driver_id) where id = new.driver_id;
      end if;
      if tg_op <> 'INSERT' then
        update drivers set area_sort = driver_area_sort(old.driver_id) where id = old.driver_id;
      end if;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger driver_areas_sort after insert or update or delete on driver_areas
    for each row execute function driver_areas_sort_changed()`).execute(db);
}
