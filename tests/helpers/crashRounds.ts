import { addDays, londonToday } from '../../domain/dates';
import { startProcess, type ServerProcess } from './serverProcess';

/**
 * kill -9 during bulk writes on the embedded database, round after round: the server process is killed at a random
 * moment of a storm of bulk copies (each copies SOURCE_SHIFTS shifts onto a day of its own, all or nothing) and
 * single writes, started again on the same data directory, and checked. A call whose answer came back
 * (acknowledged) must be wholly there; a call cut off by the kill must be wholly there or wholly absent (it may have
 * committed just before the kill), never half there.
 */
export interface RoundResult {
  acknowledgedCopies: number;
  acknowledgedAreas: number;
  cutOffCopiesPresent: number;
  cutOffCopiesAbsent: number;
  /** Problems found: an acknowledged write missing, or a bulk call half written. */
  problems: string[];
  /** How long the restart after the kill took, in ms. */
  restartMs: number;
}

const SOURCE_SHIFTS = 40;
/** Calls in flight at once during the storm. */
const PARALLEL = 4;

interface Session {
  server: ServerProcess;
  token: string;
}

async function login(server: ServerProcess): Promise<Session> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { server, token: ((await res.json()) as { access_token: string }).access_token };
}

async function api(s: Session, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

/** The open shifts every copy copies: SOURCE_SHIFTS on one day, at active restaurants. */
async function makeSources(s: Session, sourceDay: string): Promise<number[]> {
  const restaurants = JSON.parse((await api(s, 'GET', '/api/restaurant?status=10')).body) as { id: number }[];
  const ids: number[] = [];
  for (let i = 0; i < SOURCE_SHIFTS; i++) {
    const res = await api(s, 'POST', '/api/shift', {
      restaurant_id: restaurants[i % restaurants.length].id,
      period_date: sourceDay,
      driver_id: 0,
      start_time: `${String(8 + (i % 12)).padStart(2, '0')}:00`,
      finish_time: `${String(9 + (i % 12)).padStart(2, '0')}:30`,
    });
    if (res.status !== 201) throw new Error(`source shift: ${res.status} ${res.body}`);
    ids.push((JSON.parse(res.body) as { id: number }).id);
  }
  return ids;
}

async function shiftsOn(s: Session, day: string): Promise<number> {
  const res = await api(s, 'GET', `/api/shift?period_date_from=${day}&period_date_to=${day}`);
  if (res.status !== 200) throw new Error(`shift list: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as unknown[]).length;
}

/**
 * Runs `rounds` rounds on `dataDir` (made and seeded on the first start when empty). `log` hears a line per round.
 */
export async function crashRounds(dataDir: string, rounds: number, log: (line: string) => void = () => {}): Promise<RoundResult[]> {
  const results: RoundResult[] = [];
  let session = await login(await startProcess({}, dataDir));
  // Far ahead, away from the demo data: a source day, then one day per copy call of every round.
  const base = addDays(londonToday(), 400 + Math.floor(Math.random() * 200) * 10);
  const sources = await makeSources(session, base);
  const city = (JSON.parse((await api(session, 'GET', '/api/city')).body) as { id: number }[])[0].id;
  try {
    for (let round = 0; round < rounds; round++) {
      const copies = new Map<string, 'acknowledged' | 'cut off'>();
      const areas = new Map<string, 'acknowledged' | 'cut off'>();
      let next = 0;
      let killed = false;
      const dayOf = (n: number) => addDays(base, 1 + round * 500 + n);

      // Workers send bulk copies and new areas until the kill cuts them off.
      const worker = async () => {
        while (!killed) {
          const n = next++;
          const single = n % 5 === 4;
          const key = single ? `Crash ${round}-${n} ${base}` : dayOf(n);
          (single ? areas : copies).set(key, 'cut off');
          try {
            const res = single
              ? await api(session, 'POST', '/api/area', { name: key, city_id: city, standardPayRate: 11, weekendPayRate: 12 })
              : await api(session, 'POST', '/api/shift/copyshifts', { shift_ids: sources, to_date: key, period_date_from: base });
            if (res.status === 201) (single ? areas : copies).set(key, 'acknowledged');
            else if (!killed) throw new Error(`${single ? 'area' : 'copy'} answered ${res.status}: ${res.body}`);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      let failed: unknown = null;
      const storm = Promise.all(Array.from({ length: PARALLEL }, worker)).catch((error) => (failed = error));
      // The kill comes at a random moment once some writes have been answered, while others are under way.
      const answered = () => [...copies.values(), ...areas.values()].some((state) => state === 'acknowledged');
      while (!answered() && !failed) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      killed = true;
      await session.server.kill();
      await storm;
      if (failed) throw failed;

      const restarted = Date.now();
      session = await login(await startProcess({}, dataDir));
      const restartMs = Date.now() - restarted;

      const result: RoundResult = { acknowledgedCopies: 0, acknowledgedAreas: 0, cutOffCopiesPresent: 0, cutOffCopiesAbsent: 0, problems: [], restartMs };
      for (const [day, state] of copies) {
        const found = await shiftsOn(session, day);
        if (state === 'acknowledged') {
          result.acknowledgedCopies++;
          if (found !== SOURCE_SHIFTS) result.problems.push(`acknowledged copy to ${day} holds ${found} of ${SOURCE_SHIFTS} shifts`);
        } else if (found === 0) result.cutOffCopiesAbsent++;
        else if (found === SOURCE_SHIFTS) result.cutOffCopiesPresent++;
        else result.problems.push(`copy to ${day}, cut off by the kill, is half written: ${found} of ${SOURCE_SHIFTS} shifts`);
      }
      const stored = new Set((JSON.parse((await api(session, 'GET', '/api/area')).body) as { name: string }[]).map((a) => a.name));
      for (const [name, state] of areas) {
        if (state !== 'acknowledged') continue;
        result.acknowledgedAreas++;
        if (!stored.has(name)) result.problems.push(`acknowledged area ${name} is missing`);
      }
      results.push(result);
      log(
        `round ${round + 1}: ${result.acknowledgedCopies} acknowledged copies of ${SOURCE_SHIFTS} shifts and ${result.acknowledgedAreas} areas all there; ` +
          `cut off: ${result.cutOffCopiesPresent} wholly there, ${result.cutOffCopiesAbsent} wholly absent; restart ${restartMs} ms; ${result.problems.length} problems`,
      );
    }
  } finally {
    await session.server.stop();
  }
  return results;
}
