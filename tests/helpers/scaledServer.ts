import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { apiToken, stopAndRemove, withChromium } from './e2e';
import { startProcess, type ServerProcess } from './serverProcess';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/demo';
import { seedScale } from '../../server/db/seed/scale';
import { addDays, londonToday } from '../../domain/dates';
import { INTERVAL, rangeFor } from '../../domain/ranges';

/** A week with days still to come whatever today is (on a Sunday, this week has one left): the one three days on. */
export const scaledWeek = () => rangeFor(INTERVAL.week, addDays(londonToday(), 3));

export interface ScaledServer {
  server: ServerProcess;
  /** The admin's API, as JSON; a refusal throws with its status and body. */
  api<T>(url: string, init?: RequestInit): Promise<T>;
  stop(): Promise<void>;
}

/**
 * A real server process on the demo data plus a few hundred restaurants: four weeks of shifts, the last one ahead of
 * today, so `scaledWeek()` is planned and the weeks before it are worked (with timesheets).
 */
export async function startScaledServer(): Promise<ScaledServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-scaled-'));
  const handle = await openDatabase({ dataDir, lock: true });
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    await seedScale(handle.db, { restaurants: 300, drivers: 900, days: 28 });
  } finally {
    await handle.close();
  }
  const server = await startProcess({ SEED_DEMO: '0' }, dataDir);
  const token = await apiToken(server.url);
  return {
    server,
    async api<T>(url: string, init: RequestInit = {}) {
      const res = await fetch(`${server.url}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
      const body = await res.json();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      return body as T;
    },
    stop: () => stopAndRemove(server),
  };
}

/** A scaled server and a Chromium for a test file: started before its tests, stopped after them. */
export function scaledServerAndBrowser(): { scaled: ScaledServer; browser: Browser } {
  return withChromium('scaled', startScaledServer, 240_000);
}
