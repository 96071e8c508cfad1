import { sql, type Kysely } from 'kysely';

/**
 * Data Full (domain/dataFull.ts) kept on the driver (`data_full`), so the list's Completed and Incomplete filters
 * read an index instead of computing 24 fields per registered driver: at 30,000 drivers the count of Completed
 * applicants computed it for every one of them.
 *
 * The rule is the domain's, over the same 24 fields: a text counts when it has more than white space, a date or the
 * experience answer when set, the right-to-work photos when there is one; the whole percentage, rounded down.
 * A trigger sets it on every write of the driver that can change it (and on a write of `data_full` itself, so no
 * statement can store a wrong value), another on every write of the right-to-work photos, both inside the writing
 * statement's transaction. The fields are listed here as they are today: a migration must not change with the code.
 */
const TEXT_FIELDS = [
  'first_name', 'last_name', 'email', 'phone', 'address_1', 'city', 'postcode', 'emergency_contact_name',
  'emergency_contact_phone', 'car_make', 'car_model', 'car_registration', 'car_insurer', 'bank_name_of_account_holder',
  'bank_sort_code', 'bank_account_number', 'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo',
  'photo_src',
];
const SET_FIELDS = ['date_of_birth', 'car_insurance_renewal_date', 'have_experience'];
/** The 23 columns above and the right-to-work photos. */
const FIELD_COUNT = TEXT_FIELDS.length + SET_FIELDS.length + 1;

const filled = [
  ...TEXT_FIELDS.map((f) => `coalesce(d.${f} ~ '\\S', false)::int`),
  ...SET_FIELDS.map((f) => `(d.${f} is not null)::int`),
  `(exists (select 1 from driver_right_to_work_photos p where p.driver_id = d.id))::int`,
];

const statements = [
  `alter table drivers add column data_full smallint not null default 0`,
  `create function driver_data_full(d drivers) returns smallint language sql stable as $$
    select ((${filled.join(' + ')}) * 100 / ${FIELD_COUNT})::smallint
  $$`,
  `update drivers d set data_full = driver_data_full(d)`,
  `create function driver_data_full_row() returns trigger language plpgsql as $$
    begin
      new.data_full := driver_data_full(new);
      return new;
    end $$`,
  `create trigger drivers_data_full before insert or update of ${[...TEXT_FIELDS, ...SET_FIELDS, 'data_full'].join(', ')} on drivers
    for each row execute function driver_data_full_row()`,
  // Once per statement, as driver_areas keeps area_sort (0014): a statement names only its event's transition tables.
  `create function driver_data_full_refresh(drivers_touched integer[]) returns void language sql as $$
    update drivers d set data_full = driver_data_full(d)
    where d.id = any(drivers_touched) and d.data_full is distinct from driver_data_full(d)
  $$`,
  `create function driver_photos_data_full() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform driver_data_full_refresh(array(select distinct driver_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform driver_data_full_refresh(array(select distinct driver_id from old_rows));
      else
        perform driver_data_full_refresh(array(select driver_id from new_rows union select driver_id from old_rows));
      end if;
      return null;
    end $$`,
  `create trigger driver_photos_data_full_insert after insert on driver_right_to_work_photos
    referencing new table as new_rows for each statement execute function driver_photos_data_full()`,
  `create trigger driver_photos_data_full_delete after delete on driver_right_to_work_photos
    referencing old table as old_rows for each statement execute function driver_photos_data_full()`,
  `create trigger driver_photos_data_full_update after update on driver_right_to_work_photos
    referencing old table as old_rows new table as new_rows for each statement execute function driver_photos_data_full()`,
  // The filters' status and share: the count of Completed applicants is a range of this index.
  `create index drivers_status_data_full_idx on drivers (status, data_full)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const event of ['insert', 'delete', 'update']) await run(`drop trigger if exists driver_photos_data_full_${event} on driver_right_to_work_photos`);
  await run(`drop trigger if exists drivers_data_full on drivers`);
  for (const fn of ['driver_photos_data_full()', 'driver_data_full_refresh(integer[])', 'driver_data_full_row()']) await run(`drop function if exists ${fn}`);
  await run(`alter table drivers drop column if exists data_full`);
  await run(`drop function if exists driver_data_full(drivers)`);
}
