import { sql, type Kysely } from 'kysely';

/**
 * 'Has worked at this restaurant before', as the planning assistant asks it for every driver and restaurant of a
 * week at once: one row per driver and restaurant with the date of the first worked (pending or approved)
 * timesheet there, instead of reading every timesheet of hundreds of restaurants per call (130,000 at the large
 * seed). Kept by triggers on `timesheets`, so every way a timesheet is written keeps it true:
 *
 * - inserts: one set-based upsert per statement (earliest date wins);
 * - updates: only those changing what counts (driver, restaurant, date, or worked-or-not) fire, row by row; an
 *   approval (pending to approved) does not, so Approve All pays nothing;
 * - deletes of worked timesheets: their pairs are counted again from the timesheets left.
 *
 * Bookkeeping, not a user's record: not in the history.
 */
const WORKED = '(10, 30)';

const statements = [
  `create table driver_worked_restaurants (
    driver_id integer not null references drivers(id) on delete cascade,
    restaurant_id integer not null references restaurants(id) on delete cascade,
    first_date date not null,
    primary key (driver_id, restaurant_id)
  )`,
  `create index driver_worked_restaurants_restaurant_idx on driver_worked_restaurants (restaurant_id, driver_id)`,
  `insert into driver_worked_restaurants (driver_id, restaurant_id, first_date)
    select driver_id, restaurant_id, min(period_date) from timesheets
    where driver_id is not null and status in ${WORKED} group by driver_id, restaurant_id`,
  // The pairs of these rows counted again from the timesheets as they are now.
  `create function worked_restaurants_recount(pairs jsonb) returns void language sql as $$
    with p as (select distinct d, r from jsonb_to_recordset(pairs) as x(d int, r int) where d is not null)
    , gone as (delete from driver_worked_restaurants w using p where w.driver_id = p.d and w.restaurant_id = p.r)
    insert into driver_worked_restaurants (driver_id, restaurant_id, first_date)
    select p.d, p.r, m.first_date from p
    cross join lateral (select min(t.period_date) as first_date from timesheets t
      where t.restaurant_id = p.r and t.driver_id = p.d and t.status in ${WORKED}) m
    where m.first_date is not null
    on conflict (driver_id, restaurant_id) do update set first_date = excluded.first_date
  $$`,
  `create function worked_restaurants_inserted() returns trigger language plpgsql as $$
    begin
      insert into driver_worked_restaurants (driver_id, restaurant_id, first_date)
      select driver_id, restaurant_id, min(period_date) from new_rows
      where driver_id is not null and status in ${WORKED} group by driver_id, restaurant_id
      on conflict (driver_id, restaurant_id) do update set first_date = least(driver_worked_restaurants.first_date, excluded.first_date);
      return null;
    end $$`,
  `create function worked_restaurants_updated() returns trigger language plpgsql as $$
    begin
      perform worked_restaurants_recount(jsonb_build_array(
        jsonb_build_object('d', old.driver_id, 'r', old.restaurant_id), jsonb_build_object('d', new.driver_id, 'r', new.restaurant_id)));
      return null;
    end $$`,
  `create function worked_restaurants_deleted() returns trigger language plpgsql as $$
    begin
      perform worked_restaurants_recount((select coalesce(jsonb_agg(jsonb_build_object('d', driver_id, 'r', restaurant_id)), '[]')
        from old_rows where driver_id is not null and status in ${WORKED}));
      return null;
    end $$`,
  `create trigger timesheets_worked_insert after insert on timesheets referencing new table as new_rows
    for each statement execute function worked_restaurants_inserted()`,
  `create trigger timesheets_worked_update after update on timesheets for each row
    when ((old.driver_id, old.restaurant_id, old.period_date, old.status in ${WORKED}) is distinct from
          (new.driver_id, new.restaurant_id, new.period_date, new.status in ${WORKED})
      and (old.status in ${WORKED} or new.status in ${WORKED}))
    execute function worked_restaurants_updated()`,
  `create trigger timesheets_worked_delete after delete on timesheets referencing old table as old_rows
    for each statement execute function worked_restaurants_deleted()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop trigger timesheets_worked_insert on timesheets',
    'drop trigger timesheets_worked_update on timesheets',
    'drop trigger timesheets_worked_delete on timesheets',
    'drop function worked_restaurants_inserted()',
    'drop function worked_restaurants_updated()',
    'drop function worked_restaurants_deleted()',
    'drop function worked_restaurants_recount(jsonb)',
    'drop table driver_worked_restaurants',
  ])
    await sql.raw(statement).execute(db);
}
