import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamp as the API writes it ('2026-11-22T20:56:08.123Z'), formatted by the database: for columns read inside
 * JSON built in SQL, which skips the type parsers of connection.ts.
 */
export const utcIso = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
