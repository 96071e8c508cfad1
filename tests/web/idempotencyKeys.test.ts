import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from '../../providers/httpClient';
import { KEY_REUSE_MS } from '../../providers/idempotencyKeys';
import { IDEMPOTENCY_MSG } from '../../domain/idempotency';
import { ADMIN, storeUser } from './harness';

/**
 * Every POST the screens send carries an Idempotency-Key; the same POST sent again after it got no usable answer
 * (no answer at all, or a server error) carries the same key, so the server can answer the first call's result
 * instead of saving twice. After a success or a refusal, the same POST is a new action with a new key.
 */

type Outcome = number | 'network';
/** The bodies of the 409s a fake server answers, in turn. */
let conflicts: { message: string }[] = [];

/** A fetch answering each call with the next outcome, recording the keys the calls carried. */
function fakeServer(...outcomes: Outcome[]) {
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      keys.push(new Headers(init.headers).get('idempotency-key'));
      const outcome = outcomes.shift() ?? 201;
      if (outcome === 'network') throw new TypeError('Failed to fetch');
      const body =
        outcome >= 500 ? { message: 'The database is not answering. Try again in a moment.' } : outcome === 409 ? conflicts.shift() : { id: 7 };
      return new Response(JSON.stringify(body), { status: outcome, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return keys;
}

let seq = 0;
/** A body no other test sends. */
const shift = () => ({ restaurant_id: 3, period_date: '2026-12-01', start_time: '18:00', finish_time: `2${++seq % 4}:00`, note: `n${seq}` });
const save = (body: unknown) => httpClient('/api/shift', { method: 'POST', body }).catch((e: Error) => e);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Idempotency-Key on the screens’ POSTs', () => {
  it('is a new random key on each POST that was answered, and is not sent on other calls', async () => {
    storeUser(ADMIN);
    const keys = fakeServer(201, 201, 200);
    const body = shift();
    await save(body);
    await save(body);
    await httpClient('/api/shift?period_date_from=2026-12-01');
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });

  it('is the same key again for the same POST after no answer or a server error (503), until one is answered', async () => {
    const keys = fakeServer('network', 503, 500, 201, 201);
    const body = shift();
    expect(await save(body)).toMatchObject({ status: 0 });
    expect(await save(body)).toMatchObject({ status: 503, message: 'The database is not answering. Try again in a moment.' });
    await save(body);
    expect(await save(body)).toEqual({ id: 7 });
    await save(body);
    expect(keys.slice(0, 4)).toEqual([keys[0], keys[0], keys[0], keys[0]]);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('keeps the key after the key’s own 409s (still being processed, saved already), and forgets it after a refusal', async () => {
    conflicts = [{ message: IDEMPOTENCY_MSG.inProgress }, { message: IDEMPOTENCY_MSG.savedAlready }];
    const keys = fakeServer(503, 409, 409, 400, 201);
    const body = shift();
    for (let i = 0; i < 5; i++) await save(body);
    expect(keys.slice(0, 4)).toEqual([keys[0], keys[0], keys[0], keys[0]]);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('forgets the key after another 409 (a refusal such as a working-time warning): the call is checked afresh', async () => {
    conflicts = [{ message: 'Sam Hill would have 9 h rest after Tuesday’s shift' }];
    const keys = fakeServer(409, 201);
    const body = shift();
    await save(body);
    await save(body);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('is a new key for another body or another address, and after ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = fakeServer(503, 503, 503, 503);
    const body = shift();
    await save(body);
    await save({ ...body, start_time: '17:00' });
    await httpClient('/api/timesheet', { method: 'POST', body }).catch(() => null);
    vi.setSystemTime(Date.now() + KEY_REUSE_MS + 1000);
    await save(body);
    expect(new Set(keys).size).toBe(4);
  });

  it('takes a form’s fields and files (by name, size and date) for the same POST', async () => {
    const keys = fakeServer(503, 503, 503);
    const form = (bytes: string) => {
      const data = new FormData();
      data.append('postTitle', `Rota ${seq++}`);
      data.append('file', new File([bytes], 'rota.png', { type: 'image/png', lastModified: 1_700_000_000_000 }));
      return data;
    };
    const first = form('abc');
    const again = new FormData();
    for (const [name, value] of first.entries()) again.append(name, value);
    const post = (data: FormData) => httpClient('/api/newsFeed', { method: 'POST', body: data }).catch(() => null);
    await post(first);
    await post(again);
    const changed = new FormData();
    changed.append('postTitle', first.get('postTitle') as string);
    changed.append('file', new File(['abcd'], 'rota.png', { type: 'image/png', lastModified: 1_700_000_000_000 }));
    await post(changed);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
