/** A small closed-loop load generator: `concurrency` workers send requests back to back for `seconds`. */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function load(
  name: string,
  send: () => Promise<Response>,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await send();
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function printResults(results: LoadResult[]): void {
  console.log('\n| call | requests | errors | req/s | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requests} | ${r.errors} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`);
  }
}

export interface AfterChange {
  ms: number[];
  kb: number;
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Timed runs after changes, as the bench prints them. */
export const describeAfterChange = (a: AfterChange) =>
  `median ${median(a.ms).toFixed(0)} ms (runs: ${a.ms.map((m) => m.toFixed(0)).join(', ')}; ${(a.kb / 1024).toFixed(1)} MB of JSON)`;

/** One row of each day, so that each timed run changes a day of its own. */
export const onePerDay = <T extends { period_date: string }>(rows: T[]): T[] => [...new Map(rows.map((r) => [r.period_date, r])).values()];

/** A write made (untimed) before each timed run, so that kept lists must be built again. */
export type Change = (run: number) => Promise<void>;

async function mustSave(res: Response, what: string): Promise<void> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/**
 * An area's weekend pay rate raised by a penny and put back on the next run: a change to a rate the lists show,
 * so each kept list is built again whole (server/services/dayLists.ts). `restore` leaves the rate as it was.
 */
export async function areaRateEdited(url: string, auth: Record<string, string>): Promise<{ change: Change; restore: () => Promise<void> }> {
  const [area] = (await (await fetch(`${url}/api/area`, { headers: auth })).json()) as { id: number; city_id: number; name: string; standardPayRate: string; weekendPayRate: string }[];
  const save = async (weekendPayRate: string) => {
    const body = JSON.stringify({ city_id: area.city_id, name: area.name, standardPayRate: area.standardPayRate, weekendPayRate });
    await mustSave(await fetch(`${url}/api/area/${area.id}`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body }), `Saving area ${area.name}`);
  };
  const raised = (Number(area.weekendPayRate) + 0.01).toFixed(2);
  return { change: (run) => save(run % 2 === 0 ? raised : area.weekendPayRate), restore: () => save(area.weekendPayRate) };
}

/** A call timed right after each of `runs` changes. Answers the milliseconds of each run and the answer's size. */
export async function timedAfterChange(change: Change, send: () => Promise<Response>, runs = 7): Promise<AfterChange> {
  const ms: number[] = [];
  let kb = 0;
  for (let i = 0; i < runs; i++) {
    await change(i);
    const t0 = performance.now();
    const res = await send();
    kb = (await res.arrayBuffer()).byteLength / 1024;
    ms.push(performance.now() - t0);
  }
  return { ms, kb };
}
