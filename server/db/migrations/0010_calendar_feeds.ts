import { sql, type Kysely } from 'kysely';

/**
 * Private calendar addresses (server/services/calendarFeeds/): one live address per driver and per restaurant
 * account. Only the SHA-256 of the address's token is kept, as for login tokens, so a copy of the database gives
 * nobody a working address; renewing replaces the row (the old address stops at once), revoking deletes it.
 */
const statements = [
  `create table calendar_feeds (
    id serial primary key,
    token_hash text not null unique,
    driver_id integer references drivers(id) on delete cascade,
    restaurateur_id integer references restaurateurs(id) on delete cascade,
    created_at timestamptz not null default now(),
    check ((driver_id is null) <> (restaurateur_id is null))
  )`,
  `create unique index calendar_feeds_driver_idx on calendar_feeds (driver_id) where driver_id is not null`,
  `create unique index calendar_feeds_restaurateur_idx on calendar_feeds (restaurateur_id) where restaurateur_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists calendar_feeds').execute(db);
}
