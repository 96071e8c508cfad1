import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs a select and answers its rows, carried from the database as one JSON array instead of one row each.
 * For lists of thousands of rows this is about four times faster on PGlite, where every row of a result
 * costs a trip through the WebAssembly boundary, and no slower on PostgreSQL. The rows keep the subquery's
 * ORDER BY (json_agg reads a sorted subquery in order).
 *
 * JSON skips the type parsers of connection.ts: numbers and 'YYYY-MM-DD' dates come out the same, but
 * timestamps come as PostgreSQL writes them in JSON ('2026-11-22T20:56:08.123+00:00'); pass those columns
 * in `timestamps` to get the API's ISO-8601 UTC form.
 */
export async function jsonRows<T>(
  db: Kysely<Database>,
  query: Expression<unknown>,
  timestamps: readonly (keyof T & string)[] = [],
): Promise<T[]> {
  const result = await sql<{ rows: string }>`select coalesce(json_agg(x), '[]')::text as rows from (${query}) as x`.execute(db);
  const rows = JSON.parse(result.rows[0].rows) as T[];
  if (timestamps.length) {
    for (const row of rows) {
      const record = row as Record<string, unknown>;
      for (const column of timestamps) {
        const value = record[column];
        if (typeof value === 'string') record[column] = new Date(value).toISOString();
      }
    }
  }
  return rows;
}
