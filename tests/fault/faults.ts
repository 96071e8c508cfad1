import pg from 'pg';
import type { ServerProcess } from '../helpers/serverProcess';
import { startLoad, type Load, type LoadOptions } from './load';

/** Shared pieces of the fault suite: timing, health polling, direct database checks and the printed report. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HealthAnswer {
  status: number | 'no answer';
  /** From the call to its answer. */
  ms: number;
}

export async function health(url: string, path = '/api/health'): Promise<HealthAnswer> {
  const started = Date.now();
  try {
    const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(15_000) });
    await res.text();
    return { status: res.status, ms: Date.now() - started };
  } catch {
    return { status: 'no answer', ms: Date.now() - started };
  }
}

/** Milliseconds from `since` until health answers `wanted` (asking again and again); throws past `limitMs`. */
export async function msUntilHealth(url: string, wanted: number, since: number, limitMs = 30_000): Promise<number> {
  for (;;) {
    const answer = await health(url);
    if (answer.status === wanted) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error(`health did not answer ${wanted} within ${limitMs} ms (last: ${answer.status})`);
    await sleep(100);
  }
}

export async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function login(url: string, email = 'admin@demo.test'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Lines the suite prints at its end: what it did and what it found, in figures. */
export class FaultReport {
  private readonly lines: string[] = [];

  add(line: string): void {
    this.lines.push(line);
  }

  print(title: string): void {
    console.log([`\n${title}`, ...this.lines.map((l) => `  ${l}`)].join('\n'));
  }
}

export const describeCounts = (byStatus: Record<string, number>) =>
  Object.entries(byStatus)
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

export interface StopUnderLoad {
  exitCode: number | null;
  stoppedMs: number;
  load: Load;
  /** Requests sent before SIGTERM that got no answer: they were in flight, and should have been finished. */
  inFlightUnanswered: Load['unanswered'];
}

/** SIGTERM while writes go on: how the process ended, and what the load saw. */
export async function stopUnderLoad(server: ServerProcess, options: Omit<LoadOptions, 'url'>): Promise<StopUnderLoad> {
  const load = startLoad({ ...options, url: server.url });
  await sleep(1_500);
  const since = Date.now();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => (server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve)));
  const stoppedMs = Date.now() - since;
  await load.stop();
  return { exitCode: server.child.exitCode, stoppedMs, load, inFlightUnanswered: load.unanswered.filter((u) => u.sentAt < since) };
}
