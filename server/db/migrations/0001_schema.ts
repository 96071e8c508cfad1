import { sql, type Kysely } from 'kysely';

/**
 * The whole schema of the three spec documents. Status codes are checked here as well as in
 * domain/statuses.ts so a bad write fails in the database, not later on a screen.
 * Times of day are 'HH:mm' text (sortable, no time-zone games); dates are `date`; money numeric(12,2).
 */
const HHMM = `~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

const statements = [
  // Accounts -------------------------------------------------------------------------------------
  `create table cities (
    id serial primary key,
    city_name text not null unique
  )`,
  `create table areas (
    id serial primary key,
    name text not null,
    city_id integer not null references cities(id),
    standard_pay_rate numeric(12,2) not null check (standard_pay_rate >= 0),
    weekend_pay_rate numeric(12,2) not null check (weekend_pay_rate >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index areas_city_idx on areas (city_id)`,
  // Staff: administrators (10) and managers (20). A self-registered account has no role until an
  // administrator gives it one, so registration can never mint an administrator.
  `create table users (
    id serial primary key,
    first_name text not null,
    last_name text not null default '',
    email text not null unique check (email = lower(email)),
    password_hash text not null,
    role integer check (role in (10, 20)),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // Restaurant accounts: one restaurateur logs in and owns several restaurants.
  `create table restaurateurs (
    id serial primary key,
    name text not null default '',
    email text not null unique check (email = lower(email)),
    password_hash text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table restaurants (
    id serial primary key,
    name text not null,
    contact_name text not null default '',
    address text not null default '',
    postcode text,
    telephone text not null default '',
    business_email text,
    area_id integer not null references areas(id),
    restaurateur_id integer references restaurateurs(id),
    status integer not null default 10 check (status in (10, 20)),
    standard_pay numeric(12,2) check (standard_pay >= 0),
    weekend_pay numeric(12,2) check (weekend_pay >= 0),
    invoice_comission numeric(12,2) check (invoice_comission >= 0),
    booking_fee numeric(12,2) check (booking_fee >= 0),
    send_invoice smallint not null default 1 check (send_invoice in (0, 1)),
    map_latitude double precision check (map_latitude between -90 and 90),
    map_longitude double precision check (map_longitude between -180 and 180),
    meal text, uniform text, cash_orders text, waiting_location text, other text, bonus_target text,
    logo_src text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index restaurants_area_idx on restaurants (area_id)`,
  `create index restaurants_restaurateur_idx on restaurants (restaurateur_id)`,
  // A manager's scope: blank restaurants = every restaurant of the chosen areas.
  `create table user_areas (
    user_id integer not null references users(id) on delete cascade,
    area_id integer not null references areas(id) on delete cascade,
    primary key (user_id, area_id)
  )`,
  `create table user_restaurants (
    user_id integer not null references users(id) on delete cascade,
    restaurant_id integer not null references restaurants(id) on delete cascade,
    primary key (user_id, restaurant_id)
  )`,

  // Drivers --------------------------------------------------------------------------------------
  `create table drivers (
    id serial primary key,
    first_name text not null,
    last_name text not null default '',
    email text not null unique check (email = lower(email)),
    password_hash text,
    phone text,
    status integer not null default 30 check (status in (10, 20, 30)),
    not_progressing integer not null default 20 check (not_progressing in (10, 20)),
    activity_status integer not null default 20 check (activity_status in (10, 20)),
    activity_time timestamptz,
    activated_at timestamptz,
    push_token text,
    half_board boolean not null default false,
    address_1 text, address_2 text, city text, postcode text,
    date_of_birth date,
    emergency_contact_name text, emergency_contact_phone text,
    car_make text, car_model text, car_registration text,
    car_insurance_renewal_date date, car_insurer text,
    have_experience integer check (have_experience in (10, 20)),
    experience_description text,
    bank_name_of_account_holder text, bank_sort_code text, bank_account_number text,
    driver_license_front_photo text, driver_license_back_photo text, identity_photo text, photo_src text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index drivers_status_idx on drivers (status)`,
  `create table driver_areas (
    driver_id integer not null references drivers(id) on delete cascade,
    area_id integer not null references areas(id),
    primary key (driver_id, area_id)
  )`,
  `create index driver_areas_area_idx on driver_areas (area_id)`,
  `create table driver_restaurants (
    driver_id integer not null references drivers(id) on delete cascade,
    restaurant_id integer not null references restaurants(id),
    primary key (driver_id, restaurant_id)
  )`,
  `create index driver_restaurants_restaurant_idx on driver_restaurants (restaurant_id)`,
  `create table driver_right_to_work_photos (
    id serial primary key,
    driver_id integer not null references drivers(id) on delete cascade,
    src_name text not null,
    file_name text not null
  )`,
  `create index driver_rtw_driver_idx on driver_right_to_work_photos (driver_id)`,
  // Weekly default working windows (week_day 0 = Monday) and per-date overrides.
  `create table driver_working_times (
    id serial primary key,
    driver_id integer not null references drivers(id) on delete cascade,
    week_day smallint not null check (week_day between 0 and 6),
    holiday integer not null default 20 check (holiday in (10, 20)),
    start_at text check (start_at ${HHMM}),
    stop_at text check (stop_at ${HHMM})
  )`,
  `create index driver_working_times_driver_idx on driver_working_times (driver_id, week_day)`,
  `create table driver_working_time_overrides (
    id serial primary key,
    driver_id integer not null references drivers(id) on delete cascade,
    period_date date not null,
    holiday integer not null default 20 check (holiday in (10, 20)),
    start_at text check (start_at ${HHMM}),
    stop_at text check (stop_at ${HHMM})
  )`,
  `create index driver_overrides_driver_date_idx on driver_working_time_overrides (driver_id, period_date)`,

  // Shifts and timesheets ------------------------------------------------------------------------
  `create table shifts (
    id serial primary key,
    restaurant_id integer not null references restaurants(id),
    driver_id integer references drivers(id),
    status integer not null default 10 check (status in (10, 20, 30)),
    status_assigned integer not null default 20 check (status_assigned in (10, 20, 30)),
    period_date date not null,
    start_time text not null check (start_time ${HHMM}),
    finish_time text not null check (finish_time ${HHMM}),
    meal_time integer not null default 0,
    rest_time integer not null default 0,
    cost_per_hour numeric(12,2) not null default 0,
    cost_total numeric(12,2) not null default 0,
    cost_bonus numeric(12,2) not null default 0,
    const_fuel_bonus numeric(12,2) not null default 0,
    cost_extra_bonus numeric(12,2) not null default 0,
    extra_request smallint not null default 0 check (extra_request in (0, 1)),
    fuel_bonus_0 integer not null default 0 check (fuel_bonus_0 >= 0),
    fuel_bonus_3 integer not null default 0 check (fuel_bonus_3 >= 0),
    fuel_bonus_6 integer not null default 0 check (fuel_bonus_6 >= 0),
    comment text,
    comment_cancelled text,
    creator_id integer references users(id) on delete set null,
    moderator_id integer references users(id) on delete set null,
    restaurateur_creator_id integer references restaurateurs(id) on delete set null,
    restaurateur_moderator_id integer references restaurateurs(id) on delete set null,
    driver_id_canceled integer references drivers(id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index shifts_period_idx on shifts (period_date)`,
  `create index shifts_restaurant_period_idx on shifts (restaurant_id, period_date)`,
  `create index shifts_driver_period_idx on shifts (driver_id, period_date)`,
  `create table timesheets (
    id serial primary key,
    shift_id integer references shifts(id) on delete set null,
    modified_shift_id integer references shifts(id) on delete set null,
    restaurant_id integer not null references restaurants(id),
    driver_id integer references drivers(id),
    status integer not null default 10 check (status in (10, 20, 30)),
    status_progress integer not null default 10 check (status_progress in (10, 20, 30, 40, 50, 60, 70)),
    period_date date not null,
    start_time text not null check (start_time ${HHMM}),
    finish_time text not null check (finish_time ${HHMM}),
    driver_start_time text check (driver_start_time ${HHMM}),
    driver_finish_time text check (driver_finish_time ${HHMM}),
    meal_time integer not null default 0,
    rest_time integer not null default 0,
    cost_per_hour numeric(12,2) not null default 0,
    cost_bonus numeric(12,2) not null default 0,
    const_fuel_bonus numeric(12,2) not null default 0,
    cost_extra_bonus numeric(12,2) not null default 0,
    cost_total numeric(12,2) not null default 0,
    fuel_bonus_0 integer not null default 0 check (fuel_bonus_0 >= 0),
    fuel_bonus_3 integer not null default 0 check (fuel_bonus_3 >= 0),
    fuel_bonus_6 integer not null default 0 check (fuel_bonus_6 >= 0),
    comment text,
    driver_comment text,
    map_start_lat double precision, map_start_lng double precision,
    map_finish_lat double precision, map_finish_lng double precision,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index timesheets_period_idx on timesheets (period_date)`,
  `create index timesheets_restaurant_period_idx on timesheets (restaurant_id, period_date)`,
  `create index timesheets_driver_period_idx on timesheets (driver_id, period_date)`,
  `create unique index timesheets_shift_idx on timesheets (shift_id) where shift_id is not null`,

  // Cancellation and charge records behind the reports (model_type 10 = shift; event 10 or 40).
  `create table reporting (
    id serial primary key,
    shift_id integer references shifts(id) on delete set null,
    timesheet_id integer references timesheets(id) on delete set null,
    restaurant_id integer not null references restaurants(id),
    driver_id integer references drivers(id),
    period_date date not null,
    start_time text check (start_time ${HHMM}),
    finish_time text check (finish_time ${HHMM}),
    cost numeric(12,2) not null default 0,
    cost_cover numeric(12,2) not null default 0,
    amount_paid numeric(12,2) not null default 0,
    amount_difference numeric(12,2) not null default 0,
    comment_cancelled text,
    model_type integer not null default 10,
    event integer not null check (event in (10, 20, 30, 40)),
    model_id integer,
    moderator_id integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index reporting_period_idx on reporting (period_date, event)`,

  // Invoices: the figures are frozen in `lines` when the invoice is created.
  `create table invoices (
    id serial primary key,
    invoice_number text not null unique,
    period_date date not null,
    period_date_from date not null,
    period_date_to date not null,
    restaurant_id integer not null references restaurants(id),
    driver_id integer references drivers(id),
    comission numeric(12,2) not null check (comission >= 0),
    booking_fee numeric(12,2) not null default 0,
    subtotal numeric(12,2) not null default 0,
    vat numeric(12,2) not null default 0,
    total numeric(12,2) not null default 0,
    lines jsonb not null default '[]',
    document_path text,
    created_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    check (period_date_from <= period_date_to)
  )`,
  `create index invoices_restaurant_period_idx on invoices (restaurant_id, period_date_from, period_date_to)`,

  // News feed ------------------------------------------------------------------------------------
  `create table news_posts (
    id serial primary key,
    post_title text not null,
    post_content text not null,
    img text,
    status integer not null default 10 check (status in (10, 20)),
    pinned integer not null default 20 check (pinned in (10, 20)),
    important integer not null default 20 check (important in (10, 20)),
    addressee integer not null default 10 check (addressee in (10, 20, 30, 40)),
    author_id integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index news_posts_order_idx on news_posts (pinned, updated_at desc)`,
  `create table news_post_areas (
    post_id integer not null references news_posts(id) on delete cascade,
    area_id integer not null references areas(id) on delete cascade,
    primary key (post_id, area_id)
  )`,
  `create table news_post_restaurants (
    post_id integer not null references news_posts(id) on delete cascade,
    restaurant_id integer not null references restaurants(id) on delete cascade,
    primary key (post_id, restaurant_id)
  )`,
  `create table news_post_drivers (
    post_id integer not null references news_posts(id) on delete cascade,
    driver_id integer not null references drivers(id) on delete cascade,
    primary key (post_id, driver_id)
  )`,
  `create table news_post_reads (
    post_id integer not null references news_posts(id) on delete cascade,
    driver_id integer not null references drivers(id) on delete cascade,
    read_at timestamptz not null default now(),
    primary key (post_id, driver_id)
  )`,
  `create table news_replies (
    id serial primary key,
    post_id integer not null references news_posts(id) on delete cascade,
    reply_content text not null,
    author_user_id integer references users(id) on delete set null,
    author_driver_id integer references drivers(id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index news_replies_post_idx on news_replies (post_id)`,

  // Alerts: one row per event; read state is per staff user, so one reader does not hide it from others.
  `create table alerts (
    id serial primary key,
    channel text not null check (channel in ('timesheet_channel', 'news_feed_channel', 'shift_channel')),
    event text not null check (event in ('request', 'reject', 'publish')),
    data text not null,
    restaurant_id integer references restaurants(id) on delete cascade,
    created_at timestamptz not null default now()
  )`,
  `create index alerts_created_idx on alerts (created_at desc)`,
  `create table alert_reads (
    alert_id integer not null references alerts(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    read_at timestamptz not null default now(),
    primary key (user_id, alert_id)
  )`,

  // Options, push messages, tokens, e-mail -------------------------------------------------------
  `create table options (
    id serial primary key,
    okey text not null unique,
    ovalue text not null,
    description text not null default ''
  )`,
  `create table push_messages (
    id serial primary key,
    title text not null check (char_length(title) between 1 and 55),
    body text not null check (char_length(body) between 1 and 255),
    filters jsonb not null default '{}',
    sender_id integer references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create table push_deliveries (
    id serial primary key,
    message_id integer not null references push_messages(id) on delete cascade,
    driver_id integer not null references drivers(id) on delete cascade,
    status text not null default 'queued' check (status in ('queued', 'sent', 'no_token', 'failed')),
    error text,
    sent_at timestamptz
  )`,
  `create index push_deliveries_message_idx on push_deliveries (message_id)`,
  // Bearer tokens: only a SHA-256 of the token is stored, so a database leak yields no live token.
  `create table auth_tokens (
    id serial primary key,
    token_hash text not null unique,
    account_kind text not null check (account_kind in ('user', 'restaurateur', 'driver')),
    account_id integer not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index auth_tokens_account_idx on auth_tokens (account_kind, account_id)`,
  `create table email_outbox (
    id serial primary key,
    to_address text not null,
    subject text not null,
    body_text text not null,
    body_html text,
    attachments jsonb not null default '[]',
    status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'logged')),
    error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`,
  // Live-feed messages too large for a NOTIFY payload travel through this table (server/plugins/realtime).
  `create table broadcast_messages (
    id bigserial primary key,
    payload jsonb not null,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'broadcast_messages', 'email_outbox', 'auth_tokens', 'push_deliveries', 'push_messages', 'options',
    'alert_reads', 'alerts', 'news_replies', 'news_post_reads', 'news_post_drivers', 'news_post_restaurants',
    'news_post_areas', 'news_posts', 'invoices', 'reporting', 'timesheets', 'shifts',
    'driver_working_time_overrides', 'driver_working_times', 'driver_right_to_work_photos',
    'driver_restaurants', 'driver_areas', 'drivers', 'user_restaurants', 'user_areas', 'restaurants',
    'restaurateurs', 'users', 'areas', 'cities',
  ];
  for (const table of tables) await sql.raw(`drop table if exists ${table}`).execute(db);
}
