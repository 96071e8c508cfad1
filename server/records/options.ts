import type { Kysely, Transaction } from 'kysely';
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

const OPTION_COLUMNS = ['id', 'okey', 'ovalue', 'description'] as const;

/** Options as the Options screen lists them (all, or these), sorted by key. */
export async function loadOptions(db: Kysely<Database>, ids?: number[]) {
  return db
    .selectFrom('options')
    .select(OPTION_COLUMNS)
    .$if(!!ids, (q) => q.where('id', 'in', ids!))
    .orderBy('okey')
    .execute();
}

/** The option of this key locked for this transaction (undefined when there is none). */
export async function lockOption(trx: Transaction<Database>, okey: string) {
  return trx.selectFrom('options').select('id').where('okey', '=', okey).forUpdate().executeTakeFirst();
}

/** The option's new value: the option as the Options screen lists it. */
export async function setOptionValue(trx: Transaction<Database>, id: number, ovalue: string) {
  return trx.updateTable('options').set({ ovalue }).where('id', '=', id).returning(OPTION_COLUMNS).executeTakeFirstOrThrow();
}
