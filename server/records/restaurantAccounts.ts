import { sql, type Kysely, type Transaction } from 'kysely';
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

/** The account's stored password hash (to check its current password against). */
export async function restaurateurPasswordHash(db: Kysely<Database>, id: number): Promise<string | null> {
  return (await db.selectFrom('restaurateurs').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
}

/**
 * A new password for the account, when one was chosen; its sessions end but `keepTokenId` (the account changing its
 * own password stays logged in): a leaked token must not outlive a new password.
 */
export async function setRestaurateurPassword(trx: Transaction<Database>, id: number, passwordHash: string | null, keepTokenId?: number): Promise<void> {
  if (!passwordHash) return;
  await trx.updateTable('restaurateurs').set({ password_hash: passwordHash, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
  await revokeAccountTokens(trx, 'restaurateur', id, keepTokenId);
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
    await setRestaurateurPassword(trx, existing.id, choice.passwordHash);
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
    await setRestaurateurPassword(trx, existing.id, choice.passwordHash);
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
      await setRestaurateurPassword(trx, owner.id, choice.passwordHash);
      return { ...owner, created: false };
    }
  }
  if (!choice.passwordHash) throw fieldError('password', RESTAURANT_MSG.newLoginNeedsPassword);
  return insertAccount(trx, choice, choice.passwordHash);
}

/** A restaurant account as the restaurant dialogs' login combobox lists it: who, and for which restaurants. */
interface RestaurateurView {
  id: number;
  name: string;
  email: string;
  restaurants: { id: number; name: string }[];
}

/** Accounts sorted by e-mail with their restaurants (all, or these): two queries whatever their number. */
export async function loadRestaurateurs(db: Kysely<Database>, ids?: number[]): Promise<RestaurateurView[]> {
  const owners = await db
    .selectFrom('restaurateurs')
    .select(['id', 'name', 'email'])
    .$if(!!ids, (q) => q.where('id', 'in', ids!))
    .orderBy('email')
    .execute();
  if (!owners.length) return [];
  const restaurants = await db
    .selectFrom('restaurants')
    .select(['id', 'name', 'restaurateur_id'])
    .where('restaurateur_id', 'in', owners.map((o) => o.id))
    .orderBy(sql`lower(name)`)
    .execute();
  return owners.map((o) => ({
    ...o,
    restaurants: restaurants.filter((r) => r.restaurateur_id === o.id).map((r) => ({ id: r.id, name: r.name })),
  }));
}

/** A new account's id (the e-mail's unique index answering as the e-mail check does). */
export async function insertRestaurateur(db: Kysely<Database>, values: { name: string; email: string; password_hash: string }): Promise<number> {
  const row = await db
    .insertInto('restaurateurs')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(emailRace(RESTAURANT_MSG.restaurateurEmailTaken));
  return row.id;
}

/** The account's name and e-mail, and its password when a hash is given (ending its sessions): whether the account exists. */
export async function updateRestaurateur(
  trx: Transaction<Database>,
  id: number,
  change: { name: string; email: string; passwordHash: string | null },
): Promise<boolean> {
  const updated = await trx
    .updateTable('restaurateurs')
    .set({
      name: change.name,
      email: change.email,
      updated_at: sql<string>`now()`,
      ...(change.passwordHash ? { password_hash: change.passwordHash } : {}),
    })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  // A new password ends the account's sessions.
  if (updated && change.passwordHash) await revokeAccountTokens(trx, 'restaurateur', id);
  return !!updated;
}

/** The account locked for this transaction, with its e-mail (undefined when it does not exist). */
export async function lockRestaurateur(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('restaurateurs').select(['id', 'email']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** How many restaurants log in with the account. */
export async function restaurantsOwnedBy(db: Kysely<Database>, id: number): Promise<number> {
  return (await db.selectFrom('restaurants').select('id').where('restaurateur_id', '=', id).execute()).length;
}

/** Removes the account, its sessions first: tokens are not tied to the account tables by a foreign key (three kinds share them). */
export async function deleteRestaurateur(trx: Transaction<Database>, id: number): Promise<void> {
  await revokeAccountTokens(trx, 'restaurateur', id);
  await trx.deleteFrom('restaurateurs').where('id', '=', id).execute();
}

/** Whether a restaurant account has this (lower-case) e-mail. */
export async function isRestaurateurEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  return !!(await db.selectFrom('restaurateurs').select('id').where('email', '=', email).executeTakeFirst());
}
