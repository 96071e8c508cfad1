import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The tables that link one record (its id in the first column) to a list of others (the second column). */
const LINK_COLUMNS = {
  driver_areas: ['driver_id', 'area_id'],
  driver_restaurants: ['driver_id', 'restaurant_id'],
  user_areas: ['user_id', 'area_id'],
  user_restaurants: ['user_id', 'restaurant_id'],
  news_post_areas: ['post_id', 'area_id'],
  news_post_restaurants: ['post_id', 'restaurant_id'],
  news_post_drivers: ['post_id', 'driver_id'],
} as const satisfies { [T in keyof Database]?: readonly [keyof Database[T] & string, keyof Database[T] & string] };

type LinkTable = keyof typeof LINK_COLUMNS;

/**
 * Replaces what one record links to, table by table, with the ids given (a table given none ends empty for it):
 * the old links of every table are deleted first, then the new ones inserted, one statement a table. Call inside
 * the transaction that writes the record.
 */
export async function replaceLinks(trx: Transaction<Database>, ownerId: number, links: Partial<Record<LinkTable, readonly number[]>>): Promise<void> {
  const tables = Object.keys(links) as LinkTable[];
  for (const table of tables) {
    await trx.deleteFrom(table).where(sql.ref(LINK_COLUMNS[table][0]), '=', ownerId).execute();
  }
  for (const table of tables) {
    const [owner, linked] = LINK_COLUMNS[table];
    const ids = links[table] ?? [];
    if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [owner]: ownerId, [linked]: id }))).execute();
  }
}
