import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema';
import { IDEMPOTENCY_KEY_HOURS } from '../../domain/idempotency';
import { keyHash, openAnswer, sealAnswer, type KeyOwner } from './answers';
import { sameRequest, type RequestFingerprint } from './fingerprint';

/**
 * The idempotency keys' table (migrations/0022_idempotency_keys.ts): reserving a key for a request, keeping its
 * answer, and letting it go when there is no answer to keep. Times are the database's, so instances whose clocks
 * differ agree on leases and on a key's day.
 */

/**
 * How long a key stays held by a request that another instance runs. Past it, a retry may take the key over if the
 * request committed nothing (and the history guard then fails that request's commit should it come later).
 */
const LEASE_SECONDS = 60;

export interface Claim {
  owner: KeyOwner;
  key: string;
  requestId: string;
  fingerprint: RequestFingerprint;
  /** This app instance: its own requests are known to be running or not, whatever their lease says. */
  holder: string;
  running: (requestId: string) => boolean;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type Reservation =
  | { kind: 'reserved' }
  | ({ kind: 'replay' } & Answer)
  | { kind: 'otherRequest' }
  | { kind: 'inProgress'; retryAfter: number }
  | { kind: 'savedAlready' };

type Db = Kysely<Database>;
type Row = Selectable<IdempotencyKeysTable> & { stale: boolean; lease_left: number };

const leaseEnd = sql<string>`now() + make_interval(secs => ${LEASE_SECONDS})`;

function findRow(db: Db, claim: Claim) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .select([
      sql<boolean>`created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`.as('stale'),
      sql<number>`greatest(0, extract(epoch from lease_until - now()))::float8`.as('lease_left'),
    ])
    .where('account_kind', '=', claim.owner.kind)
    .where('account_id', '=', claim.owner.id)
    .where('key_hash', '=', keyHash(claim.key));
}

function answerOf(row: Row, claim: Claim): Reservation {
  const body = row.answer_body && openAnswer(row.answer_body, claim.key, claim.owner);
  if (row.status === null || !body) return { kind: 'savedAlready' };
  return { kind: 'replay', status: row.status, headers: row.answer_headers ?? {}, body };
}

/**
 * Holds the key for the claiming request, or says what to answer instead: the kept answer, a refusal because the key
 * names another request, or that the request holding it is still running or committed without its answer kept.
 */
export async function reserve(db: Db, claim: Claim): Promise<Reservation> {
  // Each turn either holds the key or meets a row; a row that went between two statements (let go, pruned, taken
  // over) sends the loop round again, which three turns are ample for.
  for (let turn = 0; turn < 3; turn++) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        account_kind: claim.owner.kind,
        account_id: claim.owner.id,
        key_hash: keyHash(claim.key),
        request_id: claim.requestId,
        holder: claim.holder,
        method: claim.fingerprint.method,
        path: claim.fingerprint.path,
        body_hash: claim.fingerprint.bodyHash,
        lease_until: leaseEnd,
      })
      .onConflict((oc) => oc.columns(['account_kind', 'account_id', 'key_hash']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { kind: 'reserved' };

    const row = (await findRow(db, claim).executeTakeFirst()) as Row | undefined;
    if (!row) continue;
    if (row.stale) {
      if (await takeOver(db, row, claim)) return { kind: 'reserved' };
      continue;
    }
    const first = { method: row.method, path: row.path, bodyHash: Buffer.from(row.body_hash) };
    if (!sameRequest(first, claim.fingerprint)) return { kind: 'otherRequest' };
    if (row.status !== null) return answerOf(row, claim);
    const ownRequest = row.holder === claim.holder;
    if (ownRequest ? claim.running(row.request_id) : row.lease_left > 0) {
      // The lease is a bound, not a forecast: most calls end in well under a second.
      return { kind: 'inProgress', retryAfter: Math.min(2, Math.max(1, Math.ceil(row.lease_left))) };
    }
    const outcome = await settleAbandoned(db, row, claim);
    if (outcome) return outcome;
  }
  return { kind: 'inProgress', retryAfter: 1 };
}

/**
 * A key whose request ended (or whose lease ran out) without an answer kept: under the row's lock, its answer if it
 * was kept meanwhile, 'saved already' if the request committed writes (its history action exists), else the key is
 * taken over. Null when another retry got there first.
 */
async function settleAbandoned(db: Db, row: Row, claim: Claim): Promise<Reservation | null> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('idempotency_keys')
      .select(['status', 'answer_headers', 'answer_body'])
      .where('id', '=', row.id)
      .where('request_id', '=', row.request_id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return null;
    if (locked.status !== null) return answerOf({ ...row, ...locked }, claim);
    // Read after the lock: a commit that was under way has finished, and shows here.
    const committed = await trx.selectFrom('history_actions').select('id').where('id', '=', row.request_id).executeTakeFirst();
    if (committed) return { kind: 'savedAlready' };
    await trx
      .updateTable('idempotency_keys')
      .set({ request_id: claim.requestId, holder: claim.holder, lease_until: leaseEnd })
      .where('id', '=', row.id)
      .execute();
    return { kind: 'reserved' } as const;
  });
}

/** A key used more than a day ago is a new key: its row starts again for this request. */
async function takeOver(db: Db, row: Row, claim: Claim): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      request_id: claim.requestId,
      holder: claim.holder,
      method: claim.fingerprint.method,
      path: claim.fingerprint.path,
      body_hash: claim.fingerprint.bodyHash,
      created_at: sql<string>`now()`,
      lease_until: leaseEnd,
      status: null,
      answer_headers: null,
      answer_body: null,
    })
    .where('id', '=', row.id)
    .where('request_id', '=', row.request_id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Keeps the answer of the request holding a key, sealed with the key. */
export async function keepAnswer(db: Db, claim: Pick<Claim, 'owner' | 'key' | 'requestId'>, answer: Answer): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: answer.status,
      answer_headers: JSON.stringify(answer.headers),
      answer_body: sealAnswer(answer.body, claim.key, claim.owner),
    })
    .where('request_id', '=', claim.requestId)
    .execute();
}

/**
 * A request that ends without an answer to keep (a server error, or an answer too large or streamed): when it
 * committed nothing the key is let go, so a retry runs; when it did, the key stays without an answer and its lease
 * ends now, so a retry (here or on another instance) is told at once that it was saved. Under the row's lock, so a
 * commit still under way is waited for; and a commit that comes after the key was let go fails (the history guard).
 */
export async function letGo(db: Db, requestId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('idempotency_keys').select('id').where('request_id', '=', requestId).forUpdate().executeTakeFirst();
    if (!locked) return;
    const committed = await trx.selectFrom('history_actions').select('id').where('id', '=', requestId).executeTakeFirst();
    if (committed) await trx.updateTable('idempotency_keys').set({ lease_until: sql<string>`now()` }).where('id', '=', locked.id).execute();
    else await trx.deleteFrom('idempotency_keys').where('id', '=', locked.id).execute();
  });
}
