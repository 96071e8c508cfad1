import { sql, type Kysely } from 'kysely';

/**
 * Restaurant accounts have the alerts bell too, for the late drivers and no-shows of their own restaurants. Their read
 * state is kept apart from staff users' (alert_reads names a user): restaurant accounts are rows of another table,
 * so an id of each could be the same number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table restaurateur_alert_reads (
    alert_id integer not null references alerts (id) on delete cascade,
    restaurateur_id integer not null references restaurateurs (id) on delete cascade,
    read_at timestamptz not null default now(),
    primary key (restaurateur_id, alert_id)
  )`.execute(db);
  await sql`create index restaurateur_alert_reads_alert_id on restaurateur_alert_reads (alert_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists restaurateur_alert_reads`.execute(db);
}
