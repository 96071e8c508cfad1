import crypto from 'node:crypto';
import { IDEMPOTENCY_MSG } from '../../domain/idempotency';

/**
 * A steady mix of the office's traffic against one server while faults are made: new shifts and board reads. A new
 * shift is sent as the screens send it, with an Idempotency-Key, and sent again with the same key after a 503 or no
 * answer, as a person pressing Save again would: a test can then check that no acknowledged shift was lost and that no
 * retry made a second one. Records every answer and how long it took.
 */
export interface LoadCounts {
  requests: number;
  writesAcknowledged: number;
  /** Tries of a new shift sent again with the key of one that got a 503 or no answer. */
  retries: number;
  /** Answers by status ('503', '201' ...), and failures to get any answer ('no answer: ECONNRESET'). */
  byStatus: Record<string, number>;
  slowestMs: number;
}

export interface Load {
  counts: LoadCounts;
  /** Ids of the shifts the server answered 201 for (a replay of a key answers the first shift's id). */
  acknowledged: number[];
  /** The comments of every shift the server said it saved (201, or 'saved already' to a retry): one row each. */
  savedComments: string[];
  /** Answers other than 2xx, 503 and the idempotency answers, with their bodies: none expected. */
  unexpected: string[];
  /** Requests that got no answer at all, with when they were sent. */
  unanswered: { sentAt: number; code: string }[];
  stop(): Promise<void>;
}

export interface LoadOptions {
  url: string;
  token: string;
  restaurantIds: number[];
  /** The days new shifts go on (YYYY-MM-DD), and the board range read. */
  days: string[];
  workers?: number;
}

const TRIES = 4;
const RETRY_WAIT_MS = 300;

type Outcome = { status: number; body: string } | { status: 'no answer'; code: string };

export function startLoad(options: LoadOptions): Load {
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const counts: LoadCounts = { requests: 0, writesAcknowledged: 0, retries: 0, byStatus: {}, slowestMs: 0 };
  const load = { acknowledged: [] as number[], savedComments: [] as string[], unexpected: [] as string[], unanswered: [] as Load['unanswered'] };
  let running = true;
  const count = (key: string) => (counts.byStatus[key] = (counts.byStatus[key] ?? 0) + 1);
  const board = `${options.url}/api/shift?period_date_from=${options.days[0]}&period_date_to=${options.days.at(-1)}`;
  /** Names this load's shifts apart from every other load's: `load {run} {worker}-{n}`. */
  const run = crypto.randomBytes(3).toString('hex');

  /** One request, timed and counted. */
  async function send(url: string, init: RequestInit): Promise<Outcome> {
    const started = Date.now();
    let outcome: Outcome;
    try {
      const res = await fetch(url, init);
      outcome = { status: res.status, body: await res.text() };
      count(String(res.status));
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      outcome = { status: 'no answer', code };
      count(`no answer: ${code}`);
      load.unanswered.push({ sentAt: started, code });
    }
    counts.requests += 1;
    counts.slowestMs = Math.max(counts.slowestMs, Date.now() - started);
    return outcome;
  }

  async function newShift(index: number, n: number) {
    const key = crypto.randomUUID();
    const comment = `load ${run} ${index}-${n}`;
    const body = JSON.stringify({
      restaurant_id: options.restaurantIds[(index * 31 + n) % options.restaurantIds.length],
      period_date: options.days[n % options.days.length],
      start_time: '18:00',
      finish_time: '22:00',
      driver_id: 0,
      comment,
    });
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      if (attempt > 1) counts.retries += 1;
      const outcome = await send(`${options.url}/api/shift`, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body });
      if (outcome.status === 201) {
        load.acknowledged.push((JSON.parse(outcome.body) as { id: number }).id);
        load.savedComments.push(comment);
        counts.writesAcknowledged += 1;
        return;
      }
      if (outcome.status === 409 && outcome.body.includes(IDEMPOTENCY_MSG.savedAlready)) {
        load.savedComments.push(comment);
        counts.writesAcknowledged += 1;
        return;
      }
      const tryAgain =
        outcome.status === 'no answer' || outcome.status === 503 || (outcome.status === 409 && outcome.body.includes(IDEMPOTENCY_MSG.inProgress));
      if (!tryAgain) {
        load.unexpected.push(`POST ${JSON.stringify(outcome).slice(0, 300)}`);
        return;
      }
      if (!running) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS));
    }
  }

  async function readBoard() {
    const outcome = await send(board, { headers });
    if (outcome.status === 'no answer') await new Promise((resolve) => setTimeout(resolve, 50));
    else if (outcome.status !== 200 && outcome.status !== 503) load.unexpected.push(`GET ${outcome.status} ${outcome.body.slice(0, 200)}`);
  }

  async function worker(index: number) {
    for (let n = 0; running; n++) {
      if (n % 2 === 0) await newShift(index, n);
      else await readBoard();
    }
  }

  const workers = Array.from({ length: options.workers ?? 6 }, (_, i) => worker(i));
  return {
    counts,
    ...load,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}
