import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OptionRow {
  okey: string;
  ovalue: string;
}

/**
 * The stored values of some option keys (a missing key has no row): the one reading of the options table behind the
 * pay rates, the invoices' defaults, the attendance and working-time limits; each reader parses its own keys.
 */
export async function optionRows(db: Kysely<Database>, keys: readonly string[]): Promise<OptionRow[]> {
  if (!keys.length) return [];
  return db.selectFrom('options').select(['okey', 'ovalue']).where('okey', 'in', [...keys]).execute();
}
