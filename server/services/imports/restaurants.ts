import { sql } from 'kysely';
import { restaurantSchema, type RestaurantInput } from '../../../domain/validation/restaurant';
import { IMPORT_MSG } from '../../../domain/validation/imports';
import { hashPassword } from '../../auth/passwords';
import { restaurantColumns } from '../../records/restaurants';
import { loginForNewRestaurant } from '../../records/restaurantAccounts';
import { areaIdNames } from '../../records/areas';
import { generatePassword } from '../../auth/generatedPasswords';
import { byName, pickColumns } from './pick';
import type { ImportSpec } from './run';

interface Facts {
  areas: Map<string, { id: number; name: string }>;
  /** Restaurants by e-mail and name (see key). */
  restaurants: Map<string, number>;
  /** Restaurant accounts by e-mail. */
  accounts: Set<string>;
}

/**
 * Restaurants from a spreadsheet: a row is what the Add Restaurant dialog sends, with its area named. The e-mail is
 * the restaurant account's login, which a chain shares between its restaurants, so a duplicate is a restaurant with
 * the same e-mail and the same name. A new e-mail makes a new account (as the dialog does) whose password is
 * generated and not kept: the office sends the login from the restaurant's dialog when it is wanted.
 */
export const restaurantImport: ImportSpec<Facts, RestaurantInput> = {
  kind: 'restaurant',
  async load(db) {
    const [areas, restaurants, accounts] = await Promise.all([
      areaIdNames(db),
      db
        .selectFrom('restaurants')
        .innerJoin('restaurateurs', 'restaurateurs.id', 'restaurants.restaurateur_id')
        .select(['restaurants.id', sql<string>`lower(restaurateurs.email) || '|' || lower(restaurants.name)`.as('key')])
        .execute(),
      db.selectFrom('restaurateurs').select(sql<string>`lower(email)`.as('email')).execute(),
    ]);
    return {
      areas: byName(areas),
      restaurants: new Map(restaurants.map((r) => [r.key, r.id])),
      accounts: new Set(accounts.map((a) => a.email)),
    };
  },
  toBody(values, facts) {
    const { area = '', ...rest } = values;
    const found = facts.areas.get(area.trim().toLowerCase());
    const errors: Record<string, string[]> = area.trim() && !found ? { area: [IMPORT_MSG.unknownArea(area.trim())] } : {};
    return { body: { ...rest, area_id: found?.id }, errors };
  },
  schema: restaurantSchema,
  key: (input) => `${input.email.toLowerCase()}|${input.name.toLowerCase()}`,
  existing: (facts, key) => facts.restaurants.get(key),
  async write(trx, { creates, updates, fields, facts }) {
    // Hashing is slow on purpose: one hash per new account, made in parallel before any row is written.
    const newAccounts = [...new Set(creates.map((c) => c.email.toLowerCase()).filter((e) => !facts.accounts.has(e)))];
    const hashes = new Map(await Promise.all(newAccounts.map(async (email) => [email, await hashPassword(generatePassword())] as const)));
    const created: number[] = [];
    for (const input of creates) {
      const email = input.email.toLowerCase();
      const login = await loginForNewRestaurant(trx, { email, passwordHash: null, generatedHash: hashes.get(email), name: input.name });
      const row = await trx.insertInto('restaurants').values(restaurantColumns(input, login.id, null)).returning('id').executeTakeFirstOrThrow();
      created.push(row.id);
    }
    for (const { id, input } of updates) {
      // Only the file's fields: the account and the logo, which it cannot name, stay.
      const changed = pickColumns(restaurantColumns(input, 0, null), fields, { contactName: 'contact_name', area: 'area_id' });
      if (Object.keys(changed).length) await trx.updateTable('restaurants').set({ ...changed, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
    }
    return created;
  },
};
