import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { suiteTestApp, ADMIN, MANAGER, TEST_TODAY } from '../helpers/testApp';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { makeShift, restaurantId } from '../helpers/shiftFixtures';
import { multipart, png, type Part } from '../helpers/multipart';
import { addDays } from '../../domain/dates';
import { IDEMPOTENCY_MSG } from '../../domain/idempotency';
import { TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../domain/statuses';
import type { FeedMessage } from '../../server/realtime/broadcaster';

/**
 * Idempotency-Key on creating calls: a retry of a call whose answer was lost answers what the first one answered
 * (or says it was saved) and never writes a second time; a call that failed without writing runs again.
 */

/** A live feed that can be made to fail once: the call's writes are committed by then, and its answer is a 500. */
class FlakyBroadcaster extends RecordingBroadcaster {
  failNext = false;
  override async publish(message: FeedMessage) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the live feed is down');
    }
    return super.publish(message);
  }
}

const feed = new FlakyBroadcaster();
const t = suiteTestApp({ broadcaster: feed });
let camden: number;
beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
});

let day = 20;
/** A shift on a day of its own, so the test can count the shifts of that day. */
const newShift = () => ({ restaurant_id: camden, period_date: addDays(TEST_TODAY, ++day), start_time: '18:00', finish_time: '22:00', driver_id: 0 });
const shiftsOn = async (date: string) =>
  Number((await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll().as('n')).where('period_date', '=', date).where('restaurant_id', '=', camden).executeTakeFirstOrThrow()).n);
const newKey = () => crypto.randomUUID();

async function post(url: string, payload: unknown, key: string | null, who = ADMIN) {
  const headers: Record<string, string> = { ...(await t.as(who)), ...(key ? { 'idempotency-key': key } : {}) };
  return t.app.inject({ method: 'POST', url, headers, payload: payload as object });
}

async function postParts(url: string, parts: Part[], key: string, who = ADMIN) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...(await t.as(who)), ...body.headers, 'idempotency-key': key } });
}

/** A trigger that refuses writes to `table` until dropped: the database failing inside a call, before its commit. */
async function failWrites(table: string, when: 'insert' | 'update' = 'insert') {
  await sql.raw(`create or replace function test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`).execute(t.db);
  await sql.raw(`create trigger test_refuse before ${when} on ${table} for each statement execute function test_refuse()`).execute(t.db);
  return () => sql.raw(`drop trigger test_refuse on ${table}`).execute(t.db);
}

describe('the same key again', () => {
  it('answers the first answer, with the same status, body and action id, and writes once', async () => {
    const shift = newShift();
    const key = newKey();
    const first = await post('/api/shift', shift, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/api/shift', shift, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['x-request-id']).toBe(first.headers['x-request-id']);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });

  it('from two requests at once, writes once: the other is told it is still being processed, or given the answer', async () => {
    const shift = newShift();
    const key = newKey();
    const [a, b] = await Promise.all([post('/api/shift', shift, key), post('/api/shift', shift, key)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(201);
    const other = a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined ? b : a;
    if (other.statusCode === 409) {
      expect(other.json()).toEqual({ message: IDEMPOTENCY_MSG.inProgress });
      expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
    } else {
      expect(other.headers['idempotent-replayed']).toBe('true');
    }
    expect(await shiftsOn(shift.period_date)).toBe(1);
    // Once the first has answered, the same key replays it.
    const later = await post('/api/shift', shift, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  it('with another body or another address answers 422, and writes nothing', async () => {
    const shift = newShift();
    const key = newKey();
    expect((await post('/api/shift', shift, key)).statusCode).toBe(201);
    const otherBody = await post('/api/shift', { ...shift, start_time: '17:00' }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ message: IDEMPOTENCY_MSG.otherRequest });
    const otherRoute = await post('/api/timesheet', shift, key);
    expect(otherRoute.statusCode).toBe(422);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });

  it('from another account is that account’s own key', async () => {
    const shift = newShift();
    const key = newKey();
    expect((await post('/api/shift', shift, key, ADMIN)).statusCode).toBe(201);
    const manager = await post('/api/shift', shift, key, MANAGER);
    expect(manager.statusCode).toBe(201);
    expect(manager.headers['idempotent-replayed']).toBeUndefined();
    expect(await shiftsOn(shift.period_date)).toBe(2);
  });

  it('replays a refusal (4xx) as it was, and a call without a key is not affected', async () => {
    const key = newKey();
    const bad = { ...newShift(), start_time: 'late' };
    const first = await post('/api/shift', bad, key);
    expect(first.statusCode).toBe(400);
    const again = await post('/api/shift', bad, key);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const shift = newShift();
    expect((await post('/api/shift', shift, null)).statusCode).toBe(201);
    expect((await post('/api/shift', shift, null)).statusCode).toBe(201);
    expect(await shiftsOn(shift.period_date)).toBe(2);
  });

  it('keeps the answer as written, not as compressed for the first client: a replay is compressed only if asked', async () => {
    const date = addDays(TEST_TODAY, ++day);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await makeShift(t.db, { restaurant_id: camden, period_date: date, start_time: '18:00', finish_time: '22:00' }));
    const key = newKey();
    const publish = async (encoding: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/shift/publish', headers: { ...(await t.as(ADMIN)), 'idempotency-key': key, ...encoding }, payload: { shift_ids: ids, push_drivers: 20 } });
    const first = await publish({ 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const plain = await publish({});
    expect(plain.headers['idempotent-replayed']).toBe('true');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(JSON.parse(zlib.gunzipSync(first.rawPayload).toString()));
    expect(plain.json()).toHaveLength(12);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    for (const key of ['x'.repeat(256), 'two words']) {
      const res = await post('/api/shift', newShift(), key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_MSG.invalidKey] });
    }
  });

  it('is kept for a multipart call by its fields and files: the same post once, another picture 422', async () => {
    const parts = (picture: Buffer): Part[] => [
      { name: 'postTitle', value: `Rota ${crypto.randomUUID()}` },
      { name: 'postContent', value: '<p>New rota</p>' },
      { name: 'file', file: picture, filename: 'rota.png', type: 'image/png' },
    ];
    const picture = await png(40, 30);
    const sent = parts(picture);
    const title = (sent[0] as { value: string }).value;
    const key = newKey();
    const first = await postParts('/api/newsFeed', sent, key);
    expect(first.statusCode).toBe(201);
    const again = await postParts('/api/newsFeed', sent, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const otherPicture = await postParts('/api/newsFeed', [...sent.slice(0, 2), { name: 'file', file: await png(41, 30), filename: 'rota.png', type: 'image/png' }], key);
    expect(otherPicture.statusCode).toBe(422);
    const posts = await t.db.selectFrom('news_posts').select('id').where('post_title', '=', title).execute();
    expect(posts).toHaveLength(1);
  });
});

describe('issuing an invoice (a GET that creates)', () => {
  it('with the same key answers the same document and invoice id, and issues one invoice', async () => {
    const driver = (await t.db.selectFrom('drivers').select('id').where('email', '=', 'driver@demo.test').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('timesheets')
      .values({
        restaurant_id: camden, driver_id: driver, status: TIMESHEET_STATUS.approved, status_progress: TIMESHEET_PROGRESS.payApproved,
        period_date: '2026-05-04', start_time: '17:00', finish_time: '21:00', cost_per_hour: 12, cost_total: 48,
      })
      .execute();
    const url = `/api/invoice-generate?period_date_from=2026-05-04&period_date_to=2026-05-10&comission=1.5&restaurant_id=${camden}&invoice_number=IDEM-1&create_invoice=1`;
    const key = newKey();
    const issue = async () => t.app.inject({ method: 'GET', url, headers: { ...(await t.as(ADMIN)), 'idempotency-key': key } });
    const first = await issue();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const again = await issue();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(again.headers['x-invoice-id']).toBe(first.headers['x-invoice-id']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', 'IDEM-1').execute()).toHaveLength(1);
  });
});

describe('a call that failed', () => {
  /** A retry of a shift whose call committed: told it was saved (409), in the words users see. */
  async function expectToldSaved(shift: ReturnType<typeof newShift>, key: string) {
    const retry = await post('/api/shift', shift, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: IDEMPOTENCY_MSG.savedAlready });
  }

  it('without committing: a retry with the key runs and writes once', async () => {
    const shift = newShift();
    const key = newKey();
    const allow = await failWrites('shifts');
    const failed = await post('/api/shift', shift, key);
    await allow();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await shiftsOn(shift.period_date)).toBe(0);
    const retry = await post('/api/shift', shift, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await shiftsOn(shift.period_date)).toBe(1);
    expect((await post('/api/shift', shift, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('after committing (its answer failed): a retry is told it was saved, and writes nothing', async () => {
    const shift = newShift();
    const key = newKey();
    feed.failNext = true;
    const failed = await post('/api/shift', shift, key);
    expect(failed.statusCode).toBe(500);
    expect(await shiftsOn(shift.period_date)).toBe(1);
    for (let i = 0; i < 2; i++) await expectToldSaved(shift, key);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });

  it('when its answer could not be kept: the write still answers 201, and a retry does not write again', async () => {
    const shift = newShift();
    const key = newKey();
    const allow = await failWrites('idempotency_keys', 'update');
    const first = await post('/api/shift', shift, key);
    await allow();
    expect(first.statusCode).toBe(201);
    await expectToldSaved(shift, key);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });

  it('when another instance held the key and its answer is gone: a retry waits for the lease, then is told it was saved', async () => {
    const shift = newShift();
    const key = newKey();
    const first = await post('/api/shift', shift, key);
    expect(first.statusCode).toBe(201);
    // As if the instance that ran it had died before keeping its answer.
    const row = () => t.db.updateTable('idempotency_keys').where('request_id', '=', first.headers['x-request-id'] as string);
    await row().set({ status: null, answer_headers: null, answer_body: null, holder: 'another instance' }).execute();
    const waiting = await post('/api/shift', shift, key);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ message: IDEMPOTENCY_MSG.inProgress });
    expect(waiting.headers['retry-after']).toBeDefined();
    await row().set({ lease_until: sql<string>`now() - interval '1 second'` }).execute();
    await expectToldSaved(shift, key);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });

  it('when the key could not be reserved: nothing is written, and a retry with the key runs once', async () => {
    const shift = newShift();
    const key = newKey();
    const allow = await failWrites('idempotency_keys');
    const failed = await post('/api/shift', shift, key);
    await allow();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await shiftsOn(shift.period_date)).toBe(0);
    expect((await post('/api/shift', shift, key)).statusCode).toBe(201);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });
});

describe('the guard', () => {
  /** A write as the request `requestId` holding a key would make it, committed in its own transaction. */
  const writeAs = (requestId: string, date: string) =>
    t.db.transaction().execute(async (trx) => {
      const ctx = JSON.stringify({ request_id: requestId, kind: 'user', account_id: 1, role: 10, name: null, route: 'POST /api/shift', idempotent: true });
      await sql`select set_config('app.history', ${ctx}, true)`.execute(trx);
      await trx.insertInto('shifts').values({ restaurant_id: camden, period_date: date, start_time: '18:00', finish_time: '22:00', status: 10, status_assigned: 20, cost_per_hour: 12, cost_total: 48 }).execute();
    });

  it('fails the commit of a call whose key was taken over while it ran: it writes nothing, and the retry writes once', async () => {
    const shift = newShift();
    const key = newKey();
    // As if, while the call was inserting its shift, its lease had run out and a retry had taken its key over.
    await sql
      .raw(
        `create or replace function test_take_over() returns trigger language plpgsql as $$ begin
          update idempotency_keys set request_id = gen_random_uuid() where request_id = (current_setting('app.history')::jsonb ->> 'request_id')::uuid;
          return null; end $$`,
      )
      .execute(t.db);
    await sql.raw(`create trigger test_take_over before insert on shifts for each statement execute function test_take_over()`).execute(t.db);
    const overtaken = await post('/api/shift', shift, key);
    await sql.raw(`drop trigger test_take_over on shifts`).execute(t.db);
    expect(overtaken.statusCode).toBe(500);
    expect(await shiftsOn(shift.period_date)).toBe(0);
    const retry = await post('/api/shift', shift, key);
    expect(retry.statusCode).toBe(201);
    expect(await shiftsOn(shift.period_date)).toBe(1);
  });

  it('fails the commit of a request whose key was let go or taken over, so only one request writes under a key', async () => {
    const shift = newShift();
    const key = newKey();
    const first = await post('/api/shift', shift, key);
    const held = first.headers['x-request-id'] as string;
    const slow = crypto.randomUUID();
    // The key now names `held`: a request `slow` that lost it (its lease ran out and a retry took over) cannot commit.
    await expect(writeAs(slow, shift.period_date)).rejects.toThrow(/taken over/);
    await t.db.updateTable('idempotency_keys').set({ request_id: slow }).where('request_id', '=', held).execute();
    await writeAs(slow, shift.period_date);
    expect(await shiftsOn(shift.period_date)).toBe(2);
  });
});

describe('a day later', () => {
  it('a key is forgotten: the same key is a new call, and old keys are pruned as new ones come', async () => {
    const shift = newShift();
    const key = newKey();
    expect((await post('/api/shift', shift, key)).statusCode).toBe(201);
    const age = (hours: number) =>
      t.db.updateTable('idempotency_keys').set({ created_at: sql<string>`now() - make_interval(hours => ${hours})` }).where('status', 'is not', null).execute();
    await age(23);
    expect((await post('/api/shift', shift, key)).headers['idempotent-replayed']).toBe('true');
    await age(25);
    const later = await post('/api/shift', { ...shift, start_time: '17:00' }, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await shiftsOn(shift.period_date)).toBe(2);

    await age(26);
    expect((await post('/api/shift', newShift(), newKey())).statusCode).toBe(201);
    const old = await t.db.selectFrom('idempotency_keys').select('id').where('created_at', '<', sql<string>`now() - interval '24 hours'`).execute();
    expect(old).toEqual([]);
  });
});
