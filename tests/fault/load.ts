import crypto from 'node:crypto';

/**
 * A steady mix of the office's traffic against one server while faults are made: new shifts (each sent with an
 * Idempotency-Key, as the screens send it) and board reads. Records every answer, how long it took, and the shifts
 * whose creation was acknowledged, so a test can check none of them was lost.
 */
export interface LoadCounts {
  requests: number;
  writesAcknowledged: number;
  /** Answers by status ('503', '201' ...), and failures to get any answer ('no answer: ECONNRESET'). */
  byStatus: Record<string, number>;
  slowestMs: number;
}

export interface Load {
  counts: LoadCounts;
  /** Ids of the shifts the server answered 201 for. */
  acknowledged: number[];
  /** Answers other than 2xx and 503, with their bodies: none expected. */
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

export function startLoad(options: LoadOptions): Load {
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const counts: LoadCounts = { requests: 0, writesAcknowledged: 0, byStatus: {}, slowestMs: 0 };
  const acknowledged: number[] = [];
  const unexpected: string[] = [];
  const unanswered: Load['unanswered'] = [];
  let running = true;
  const count = (key: string) => (counts.byStatus[key] = (counts.byStatus[key] ?? 0) + 1);
  const board = `${options.url}/api/shift?period_date_from=${options.days[0]}&period_date_to=${options.days.at(-1)}`;

  async function worker(index: number) {
    for (let n = 0; running; n++) {
      const write = n % 2 === 0;
      const started = Date.now();
      try {
        const res = write
          ? await fetch(`${options.url}/api/shift`, {
              method: 'POST',
              headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
              body: JSON.stringify({
                restaurant_id: options.restaurantIds[(index * 31 + n) % options.restaurantIds.length],
                period_date: options.days[n % options.days.length],
                start_time: '18:00',
                finish_time: '22:00',
                driver_id: 0,
                comment: `load ${index}-${n}`,
              }),
            })
          : await fetch(board, { headers });
        const body = await res.text();
        count(String(res.status));
        if (write && res.status === 201) {
          acknowledged.push((JSON.parse(body) as { id: number }).id);
          counts.writesAcknowledged += 1;
        } else if (!res.ok && res.status !== 503) {
          unexpected.push(`${write ? 'POST' : 'GET'} ${res.status} ${body.slice(0, 200)}`);
        }
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        count(`no answer: ${code}`);
        unanswered.push({ sentAt: started, code });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      counts.requests += 1;
      counts.slowestMs = Math.max(counts.slowestMs, Date.now() - started);
    }
  }

  const workers = Array.from({ length: options.workers ?? 6 }, (_, i) => worker(i));
  return {
    counts,
    acknowledged,
    unexpected,
    unanswered,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}
