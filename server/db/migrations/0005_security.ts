import { sql, type Kysely } from 'kysely';

/**
 * What keeps the agency's data safe across instances:
 * - `app_secrets`: the live feed's key and signing secret and the key that signs addresses of drivers' identity
 *   documents, generated on first start (server/secrets.ts). In the database, so every instance of a PostgreSQL
 *   deployment signs with the same ones, and a backup of the data directory carries them.
 * - `login_attempts`: failed logins and registrations, counted by e-mail, by address and in total
 *   (server/auth/loginThrottle.ts), shared by all instances.
 * - `invoice_timesheets`: which issued invoice holds each timesheet. Its primary key is the timesheet, so one
 *   timesheet is on at most one invoice whatever the number of people issuing invoices at once.
 * - Invoice numbers unique whatever their letter case ('INV-1' and 'inv-1' are one number).
 */
const statements = [
  `create table app_secrets (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`,

  `create table login_attempts (
    id bigserial primary key,
    kind text not null check (kind in ('login', 'register')),
    email text not null,
    address text not null,
    at timestamptz not null default now()
  )`,
  `create index login_attempts_email_idx on login_attempts (kind, email, at)`,
  `create index login_attempts_address_idx on login_attempts (kind, address, at)`,
  `create index login_attempts_at_idx on login_attempts (kind, at)`,

  `create table invoice_timesheets (
    timesheet_id integer primary key references timesheets(id) on delete cascade,
    invoice_id integer not null references invoices(id) on delete cascade
  )`,
  `create index invoice_timesheets_invoice_idx on invoice_timesheets (invoice_id)`,
  // Invoices issued before: their frozen lines name their timesheets; where two invoices hold one timesheet, the
  // first issued keeps it.
  `insert into invoice_timesheets (timesheet_id, invoice_id)
    select distinct on (line.timesheet_id) line.timesheet_id, i.id
    from invoices i
    cross join lateral (select (l->>'timesheet_id')::int as timesheet_id from jsonb_array_elements(i.lines) l
                        where (l->>'timesheet_id') ~ '^[0-9]{1,9}$') line
    join timesheets t on t.id = line.timesheet_id
    order by line.timesheet_id, i.id`,
  // Numbers that differ only in case get their id appended, so the index below can be made.
  `update invoices set invoice_number = invoice_number || '-' || id
    where id in (select id from (select id, row_number() over (partition by lower(invoice_number) order by id) as n from invoices) x where n > 1)`,
  `create unique index invoices_number_lower_idx on invoices (lower(invoice_number))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists invoices_number_lower_idx').execute(db);
  for (const table of ['invoice_timesheets', 'login_attempts', 'app_secrets']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
