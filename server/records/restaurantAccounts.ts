import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { RESTAURANT_MSG } from '../../domain/validation/restaurant';
import { revokeAccountTokens } from '../auth/tokens';
import { fieldError } from '../plugins/errors';
import { emailRace } from '../db/uniqueEmail';

/**
 * The restaurant account (restaurateur) a restaurant logs in with, from the login e-mail of the restaurant
 * dialogs (spec 2, section 2: a combobox of existing accounts; one account owns several restaurants).
 */
export interface LoginChoice {
  email: string;
  /** The hash of a chosen password ('Special Password' / 'Change Password'), or null to keep the account's own. */
  passwordHash: string | null;
  /** A hash to give a brand-new account when no password was chosen (its password is generated). */
  generatedHash?: string;
  /** The name a new account gets. */
  name: string;
}

export interface LoginResult {
  id: number;
  name: string;
  /** A new account was created (its password is the chosen or generated one). */
  created: boolean;
}

async function setPassword(trx: Transaction<Database>, id: number, passwordHash: string | null): Promise<void> {
  if (!passwordHash) return;
  await trx.updateTable('restaurateurs').set({ password_hash: passwordHash, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
  // The account's other sessions end: a leaked token must not outlive a new password.
  await revokeAccountTokens(trx, 'restaurateur', id);
}

async function insertAccount(trx: Transaction<Database>, choice: LoginChoice, passwordHash: string): Promise<LoginResult> {
  const row = await trx
    .insertInto('restaurateurs')
    .values({ name: choice.name, email: choice.email, password_hash: passwordHash })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
    .catch(emailRace(RESTAURANT_MSG.restaurateurEmailTaken));
  return { id: row.id, name: row.name, created: true };
}

/** Adding a restaurant: an existing account takes it on, else a new account is made for it. */
export async function loginForNewRestaurant(trx: Transaction<Database>, choice: LoginChoice): Promise<LoginResult> {
  const existing = await trx.selectFrom('restaurateurs').select(['id', 'name']).where('email', '=', choice.email).forUpdate().executeTakeFirst();
  if (existing) {
    await setPassword(trx, existing.id, choice.passwordHash);
    return { ...existing, created: false };
  }
  return insertAccount(trx, choice, (choice.passwordHash ?? choice.generatedHash)!);
}

/**
 * Editing a restaurant's login e-mail: an existing account's e-mail moves the restaurant to it; a new e-mail
 * renames the current account when it logs in for this restaurant alone, and otherwise makes a new account
 * for this restaurant, which needs its password chosen (nobody would know a generated one).
 */
export async function loginForEditedRestaurant(
  trx: Transaction<Database>,
  restaurantId: number,
  currentOwnerId: number | null,
  choice: LoginChoice,
): Promise<LoginResult> {
  const existing = await trx.selectFrom('restaurateurs').select(['id', 'name']).where('email', '=', choice.email).forUpdate().executeTakeFirst();
  if (existing) {
    await setPassword(trx, existing.id, choice.passwordHash);
    return { ...existing, created: false };
  }
  if (currentOwnerId !== null) {
    const others = await trx
      .selectFrom('restaurants')
      .select('id')
      .where('restaurateur_id', '=', currentOwnerId)
      .where('id', '!=', restaurantId)
      .limit(1)
      .execute();
    if (!others.length) {
      const owner = await trx
        .updateTable('restaurateurs')
        .set({ email: choice.email, updated_at: sql<string>`now()` })
        .where('id', '=', currentOwnerId)
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow()
        .catch(emailRace(RESTAURANT_MSG.restaurateurEmailTaken));
      await setPassword(trx, owner.id, choice.passwordHash);
      return { ...owner, created: false };
    }
  }
  if (!choice.passwordHash) throw fieldError('password', RESTAURANT_MSG.newLoginNeedsPassword);
  return insertAccount(trx, choice, choice.passwordHash);
}
