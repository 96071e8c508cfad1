import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountKind } from '../../domain/roles';
import type { Database } from '../db/schema';

/** Bearer tokens are 32 random bytes; only their SHA-256 is stored. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  db: Kysely<Database>,
  kind: AccountKind,
  accountId: number,
  ttlDays: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ttlDays * 86_400_000).toISOString();
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), account_kind: kind, account_id: accountId, expires_at: expires })
    .execute();
  return token;
}

export interface TokenOwner {
  tokenId: number;
  kind: AccountKind;
  accountId: number;
}

/** The owner of a live token, or null when it is unknown, revoked or expired. */
export async function resolveToken(db: Kysely<Database>, token: string): Promise<TokenOwner | null> {
  return liveToken(db, 'token_hash', hashToken(token));
}

/** The same for a token known by its row (a live-feed subscription remembers which token signed it). */
export async function resolveTokenId(db: Kysely<Database>, tokenId: number): Promise<TokenOwner | null> {
  return liveToken(db, 'id', tokenId);
}

async function liveToken(db: Kysely<Database>, column: 'token_hash' | 'id', value: string | number): Promise<TokenOwner | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .select(['id', 'account_kind', 'account_id', 'expires_at', 'revoked_at'])
    .where(column, '=', value)
    .executeTakeFirst();
  if (!row || row.revoked_at || Date.parse(row.expires_at) <= Date.now()) return null;
  return { tokenId: row.id, kind: row.account_kind, accountId: row.account_id };
}

export async function revokeToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', tokenId)
    .execute();
}

/**
 * Ends an account's sessions (a new password, a removed account), except `keepTokenId`: the administrator or
 * user making the change stays logged in. Call inside the transaction that makes the change.
 */
export async function revokeAccountTokens(
  db: Kysely<Database>,
  kind: AccountKind,
  accountId: number,
  keepTokenId?: number,
): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('account_kind', '=', kind)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .$if(keepTokenId !== undefined, (q) => q.where('id', '<>', keepTokenId!))
    .execute();
}
