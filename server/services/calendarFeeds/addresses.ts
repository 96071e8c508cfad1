import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { calendarFeedPath, type CalendarFeedIssued, type CalendarFeedState } from '../../../domain/calendarFeeds';
import { hashToken } from '../../auth/tokens';
import type { Database } from '../../db/schema';

/** Whose calendar an address shows. */
export type FeedOwner = { kind: 'driver'; id: number } | { kind: 'restaurateur'; id: number };

const ownerColumn = (owner: FeedOwner) => (owner.kind === 'driver' ? 'driver_id' : 'restaurateur_id');

export async function feedState(db: Kysely<Database>, owner: FeedOwner): Promise<CalendarFeedState> {
  const row = await db.selectFrom('calendar_feeds').select('created_at').where(ownerColumn(owner), '=', owner.id).executeTakeFirst();
  return { active: Boolean(row), created_at: row?.created_at ?? null };
}

/**
 * A new address for the owner, replacing the one it had (renewing stops the old address at once). The token is
 * 32 random bytes; only its SHA-256 is stored, so the answer is the one time it is told.
 */
export async function issueFeed(db: Kysely<Database>, owner: FeedOwner): Promise<CalendarFeedIssued> {
  const token = crypto.randomBytes(32).toString('base64url');
  const row = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where(ownerColumn(owner), '=', owner.id).execute();
    return trx
      .insertInto('calendar_feeds')
      .values({ token_hash: hashToken(token), [ownerColumn(owner)]: owner.id })
      .returning('created_at')
      .executeTakeFirstOrThrow();
  });
  return { active: true, created_at: row.created_at, path: calendarFeedPath(token) };
}

export async function revokeFeed(db: Kysely<Database>, owner: FeedOwner): Promise<CalendarFeedState> {
  await db.deleteFrom('calendar_feeds').where(ownerColumn(owner), '=', owner.id).execute();
  return { active: false, created_at: null };
}

/** The owner of a live address, or null (unknown, revoked or renewed since). */
export async function feedOwner(db: Kysely<Database>, token: string): Promise<FeedOwner | null> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select(['driver_id', 'restaurateur_id'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  return row.driver_id !== null ? { kind: 'driver', id: row.driver_id } : { kind: 'restaurateur', id: row.restaurateur_id! };
}
