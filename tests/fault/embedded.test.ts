import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/connection';
import { OWN_MSG } from '../../domain/messages';
import { startProcess } from '../helpers/serverProcess';
import { FaultReport, describeCounts, health, login, stopUnderLoad } from './faults';

/**
 * The embedded database (PGlite in DATA_DIR) when its process is stopped under load, and when its disk fills up.
 */
const report = new FaultReport();
afterAll(() => report.print('Fault suite on the embedded database'));

const days = ['2027-04-05', '2027-04-06', '2027-04-07', '2027-04-08', '2027-04-09'];

async function activeRestaurants(url: string, token: string): Promise<number[]> {
  const rows = (await (await fetch(`${url}/api/restaurant`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; status: number }[];
  return rows.filter((r) => r.status === 10).map((r) => r.id);
}

async function shiftIds(dataDir: string): Promise<Set<number>> {
  const database = await openDatabase({ dataDir });
  try {
    return new Set((await database.db.selectFrom('shifts').select('id').execute()).map((r) => r.id));
  } finally {
    await database.close();
  }
}

describe('the embedded database', () => {
  it('SIGTERM during writes: requests in flight finish, the process exits 0, nothing acknowledged is lost', async () => {
    const server = await startProcess();
    try {
      const token = await login(server.url);
      const stop = await stopUnderLoad(server, { token, restaurantIds: await activeRestaurants(server.url, token), days });
      const kept = await shiftIds(server.dataDir);
      const lost = stop.load.acknowledged.filter((id) => !kept.has(id));
      report.add(
        `SIGTERM: exit ${stop.exitCode} after ${stop.stoppedMs} ms; ${stop.load.acknowledged.length} writes acknowledged, ${lost.length} lost; ${stop.inFlightUnanswered.length} requests in flight at the stop left unanswered; ${describeCounts(stop.load.counts.byStatus)}`,
      );
      expect(stop.exitCode).toBe(0);
      expect(lost).toEqual([]);
      expect(stop.load.unexpected).toEqual([]);
      expect(stop.inFlightUnanswered).toEqual([]);
    } finally {
      await server.kill();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  // A disk of its own that can be filled: a small tmpfs, which needs root (as CI has on this machine).
  it.runIf(process.getuid?.() === 0)('a full disk: writes answer 507 and change nothing, health says so, and writing works again once space is freed', async () => {
    const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mount]);
    const dataDir = path.join(mount, 'data');
    const server = await startProcess({}, dataDir);
    const filler = path.join(mount, 'filler');
    try {
      const token = await login(server.url);
      const restaurantIds = await activeRestaurants(server.url, token);
      const create = (n: number) =>
        fetch(`${server.url}/api/shift`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ restaurant_id: restaurantIds[n % restaurantIds.length], period_date: days[n % days.length], start_time: '18:00', finish_time: '22:00', driver_id: 0, comment: 'c'.repeat(900) }),
        });
      const { bavail, bsize } = fs.statfsSync(mount);
      execFileSync('fallocate', ['-l', String(bavail * bsize - 512 * 1024), filler]);

      const statuses: Record<string, number> = {};
      const acknowledged: number[] = [];
      let refusal: { message: string } | null = null;
      for (let n = 0; n < 400 && !refusal; n++) {
        const res = await create(n);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        else if (res.status === 507) refusal = (await res.json()) as { message: string };
        else throw new Error(`unexpected answer ${res.status}: ${await res.text()}`);
      }
      expect(refusal?.message).toBe(OWN_MSG.diskFull);
      const full = await health(server.url);
      const ready = await health(server.url, '/api/health/ready');
      expect([full.status, ready.status]).toEqual([503, 503]);

      fs.rmSync(filler);
      const again = await create(1);
      expect(again.status).toBe(201);
      acknowledged.push(((await again.json()) as { id: number }).id);
      expect((await health(server.url)).status).toBe(200);
      report.add(`full disk: ${describeCounts(statuses)} until the disk was full; health 503 while full, 200 and writes again once freed`);

      await server.stop();
      expect(server.child.exitCode).toBe(0);
      // Every acknowledged shift is there, and the refused one left nothing behind (no shift beyond those).
      const kept = await shiftIds(dataDir);
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
      expect(Math.max(...kept)).toBe(Math.max(...acknowledged));
    } finally {
      await server.kill();
      fs.rmSync(filler, { force: true });
      execFileSync('umount', [mount]);
      fs.rmSync(mount, { recursive: true, force: true });
    }
  });
});
