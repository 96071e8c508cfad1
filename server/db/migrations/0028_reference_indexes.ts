import { sql, type Kysely } from 'kysely';

/**
 * Indexes on the columns that refer to a driver or a shift and had none. Deleting a driver or a shift makes
 * PostgreSQL look, per deleted row, for rows that still refer to it; without an index each look reads the whole
 * table. Undo of an import of 1,000 drivers spent most of its time so: 1,000 reads of every shift for
 * `driver_id_canceled` (a second a thousand drivers at 5,000 shifts, half a minute at a year's). Most of these
 * columns are empty on most rows, so the indexes hold only the rows that refer to something.
 */
const INDEXES: [table: string, column: string, partial: boolean][] = [
  ['shifts', 'driver_id_canceled', true],
  ['timesheets', 'modified_shift_id', true],
  ['reporting', 'driver_id', true],
  ['reporting', 'shift_id', true],
  ['invoices', 'driver_id', true],
  ['news_replies', 'author_driver_id', true],
  ['news_post_drivers', 'driver_id', false],
  ['news_post_reads', 'driver_id', false],
  ['push_deliveries', 'driver_id', false],
];

const nameOf = (table: string, column: string) => `${table}_${column}_ref_idx`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, partial] of INDEXES) {
    await sql.raw(`create index ${nameOf(table, column)} on ${table} (${column})${partial ? ` where ${column} is not null` : ''}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of INDEXES) await sql.raw(`drop index if exists ${nameOf(table, column)}`).execute(db);
}
