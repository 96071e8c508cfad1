import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../server/db/connection';
import { DataDirLockedError } from '../server/db/lock';
import { migrateToLatest } from '../server/db/migrate';
import { refreshStatistics } from '../server/db/maintenance';
import { RECORDED } from '../server/db/migrations/0008_history';
import type { Database } from '../server/db/schema';
import { SHIFT_STATUS } from '../domain/statuses';
import { load, median, printResults } from './load';
import { benchDataDir, login, startBenchServer } from './benchServer';
import { copyThousand, post } from './schedule';

/**
 * `npx tsx bench/history.ts`: the history at the large scale, on the benchmark data directory (made by
 * `npm run bench` first).
 * 1. What recording costs a 1,000-shift publish: the publish statement with and without a request's history
 *    context, median of RUNS, each rolled back; then the whole call (POST /api/shift/publish of 1,000 shifts
 *    copied into an empty week, with pushes) against the real server, PUBLISH_RUNS times, on the dataset as it is
 *    and with the history triggers switched off (switched on again after).
 * 2. A year of history, added once, set-based: ACTIONS_PER_DAY actions a day by the staff, mostly edits of one
 *    to four shifts, one in twenty a bulk call of sixty, written with their summaries in three statements while
 *    the history's indexes are set aside and built again after. Then the History list's calls against the real
 *    server, and what the history tables weigh on disk.
 */
const ACTIONS_PER_DAY = Number(process.env.BENCH_ACTIONS_PER_DAY ?? 200);
const RUNS = 7;
const PUBLISH_RUNS = 5;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = benchDataDir('large');
const ROUTE = 'bench history';

/** The data directory once the server that held it has let it go. */
async function openWhenFree(): Promise<DatabaseHandle> {
  for (let tries = 0; ; tries++) {
    try {
      return await openDatabase({ dataDir, lock: true });
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

interface Timed {
  ms: number;
  cpuMs: number;
}

const describe = (t: Timed) => `${t.ms.toFixed(0)} ms (CPU ${t.cpuMs.toFixed(0)} ms)`;
const ratio = (withHistory: Timed, without: Timed) => `${(withHistory.ms / without.ms).toFixed(2)}× wall, ${(withHistory.cpuMs / without.cpuMs).toFixed(2)}× CPU`;

/** One statement changing 1,000 shifts, as a request (context set) or not, rolled back. */
async function publishStatement(db: Kysely<Database>, ids: number[], context: string): Promise<Timed> {
  let timed: Timed = { ms: NaN, cpuMs: NaN };
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`select set_config('app.history', ${context}, true)`.execute(trx);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await sql`update shifts set status = case when status = ${SHIFT_STATUS.published} then ${SHIFT_STATUS.new}::int else ${SHIFT_STATUS.published}::int end,
          updated_at = now()
        where id = any(${ids}::int[])`.execute(trx);
      timed = { ms: performance.now() - t0, cpuMs: process.cpuUsage(c0).user / 1000 };
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return timed;
}

/** The statement without and with history, RUNS times each, taking turns so both meet the same caches and load. */
async function publishStatements(db: Kysely<Database>, ids: number[], context: string): Promise<{ without: Timed; withHistory: Timed }> {
  const without: Timed[] = [];
  const withHistory: Timed[] = [];
  await publishStatement(db, ids, context); // warms the trigger's plans and the rows' pages
  for (let run = 0; run < RUNS; run++) {
    without.push(await publishStatement(db, ids, ''));
    withHistory.push(await publishStatement(db, ids, context));
  }
  const medians = (list: Timed[]) => ({ ms: median(list.map((t) => t.ms)), cpuMs: median(list.map((t) => t.cpuMs)) });
  return { without: medians(without), withHistory: medians(withHistory) };
}

/** Every recorded table's history triggers off or on again: the same dataset without what recording costs. */
async function historyTriggers(db: Kysely<Database>, on: boolean): Promise<void> {
  for (const table of Object.keys(RECORDED)) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${table}_history_${event}`).execute(db);
  }
}

/** POST /api/shift/publish of 1,000 shifts (unpublished again between runs, not timed) against the real server. */
async function publishCalls(): Promise<Timed> {
  const { url, auth, cpuMs, stop } = await startBenchServer('large');
  try {
    const { ids, remove } = await copyThousand(url, auth);
    const times: number[] = [];
    const cpu: number[] = [];
    try {
      for (let run = 0; run < PUBLISH_RUNS; run++) {
        const c0 = cpuMs();
        const t0 = performance.now();
        const res = await post(url, auth, '/api/shift/publish', { shift_ids: ids, push_drivers: 10 });
        const body = await res.text();
        times.push(performance.now() - t0);
        cpu.push(cpuMs() - c0);
        if (!res.ok) throw new Error(`publish answered ${res.status}: ${body.slice(0, 300)}`);
        const back = await post(url, auth, '/api/shift/unpublish', { shift_ids: ids, push_drivers: 20 });
        if (!back.ok) throw new Error(`unpublish answered ${back.status}`);
      }
    } finally {
      await remove();
    }
    return { ms: median(times), cpuMs: median(cpu) };
  } finally {
    await stop();
  }
}

/** The history's own indexes (not the keys), to set aside while a year is written and build again after. */
async function historyIndexes(db: Kysely<Database>): Promise<{ name: string; definition: string }[]> {
  const rows = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.tablename in ('history_actions', 'history_entries') and not x.indisprimary and not x.indisunique`.execute(db);
  return rows.rows;
}

async function addYear(db: Kysely<Database>): Promise<void> {
  const have = await db.selectFrom('history_actions').select((eb) => eb.fn.countAll<number>().as('n')).where('route', '=', ROUTE).executeTakeFirstOrThrow();
  if (Number(have.n) > 0) return;
  const t0 = Date.now();
  const actions = ACTIONS_PER_DAY * 365;
  await db.transaction().execute(async (trx) => {
    const indexes = await historyIndexes(trx);
    for (const index of indexes) await sql.raw(`drop index ${index.name}`).execute(trx);
    // Each action's number, id, time and author; then its entries (shifts picked by a fixed stride).
    await sql`create temp table year_actions on commit drop as
      select g, gen_random_uuid() as id, now() - g * interval '365 days' / ${actions} as at, u.id as account_id, u.role,
        u.first_name || ' ' || u.last_name as account_name, (array['published', 'edited', 'created', 'approved', 'unpublished', 'pasted'])[1 + g % 6] as name
      from generate_series(1, ${actions}) g
      join (select row_number() over (order by id) - 1 as i, * from users where role is not null) u
        on u.i = g % (select count(*) from users where role is not null)`.execute(trx);
    await sql`create temp table year_entries on commit drop as
      select a.g, s.id as shift_id, s.restaurant_id, s.start_time, s.finish_time
      from year_actions a
      cross join lateral generate_series(1, case when a.g % 20 = 0 then 60 else 1 + a.g % 4 end) k
      cross join (select min(id) lo, max(id) - min(id) + 1 span from shifts) ids
      join shifts s on s.id = ids.lo + (a.g * 7919 + k * 104729) % ids.span`.execute(trx);
    // The summary the history trigger keeps on each action (migrations/0011_history_speed.ts), written with it.
    await sql`insert into history_actions (id, at, account_kind, account_id, role, account_name, name, route, kinds, ops, restaurant_ids)
      select a.id, a.at, 'user', a.account_id, a.role, a.account_name, a.name, ${ROUTE}, jsonb_build_object('shifts', s.n), '{updated}', s.rids
      from year_actions a
      join (select g, count(*)::int n, array_agg(distinct restaurant_id order by restaurant_id) rids from year_entries group by g) s on s.g = a.g
      order by a.at`.execute(trx);
    await sql`insert into history_entries (action_id, table_name, record_id, op, before, after, restaurant_id)
      select a.id, 'shifts', e.shift_id::text, 'updated', jsonb_build_object('status', 10, 'start_time', e.start_time),
        jsonb_build_object('status', 20, 'start_time', e.finish_time), e.restaurant_id
      from year_entries e join year_actions a on a.g = e.g
      order by a.at, e.shift_id`.execute(trx);
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
  });
  await refreshStatistics(db);
  console.log(`Added a year of history (${actions} actions) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function prepare(): Promise<string[]> {
  const handle = await openWhenFree();
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const ids = (await db.selectFrom('shifts').select('id').orderBy('id', 'desc').limit(1000).execute()).map((r) => r.id);
    const context = JSON.stringify({ request_id: crypto.randomUUID(), kind: 'user', account_id: 1, role: 10, name: 'published', route: ROUTE });
    const { without, withHistory } = await publishStatements(db, ids, context);
    await addYear(db);
    const counts = await sql<{ actions: number; entries: number; bytes: number }>`select
        (select count(*) from history_actions)::int as actions, (select count(*) from history_entries)::int as entries,
        (pg_total_relation_size('history_actions') + pg_total_relation_size('history_entries'))::bigint as bytes`.execute(db);
    const { actions, entries, bytes } = counts.rows[0];
    return [
      `Publishing 1,000 shifts, the statement alone: ${describe(without)} without history, ${describe(withHistory)} with: ${ratio(withHistory, without)}, median of ${RUNS}`,
      `History kept: ${actions} actions, ${entries} entries, ${(bytes / 1024 / 1024).toFixed(0)} MB on disk with their indexes`,
    ];
  } finally {
    await handle.close();
  }
}

/** The whole publish call with history, then with the history triggers off (on again after, whatever happens). */
async function publishFigures(): Promise<string[]> {
  const withHistory = await publishCalls();
  const handle = await openWhenFree();
  try {
    await historyTriggers(handle.db, false);
  } finally {
    await handle.close();
  }
  let without: Timed;
  try {
    without = await publishCalls();
  } finally {
    const again = await openWhenFree();
    try {
      await historyTriggers(again.db, true);
    } finally {
      await again.close();
    }
  }
  return [
    `POST /api/shift/publish, 1,000 shifts with pushes, the whole call: ${describe(without)} without history, ${describe(withHistory)} with: ` +
      `${ratio(withHistory, without)}, median of ${PUBLISH_RUNS} (server CPU)`,
  ];
}

async function main() {
  const lines = await prepare();
  lines.push(...(await publishFigures()));
  const { url, stop } = await startBenchServer('large');
  try {
    const admin = await login(url, '/api/auth/login', 'admin@demo.test');
    const manager = await login(url, '/api/auth/login', 'manager@demo.test');
    const list = (filter: object, range = '[0,24]') => `/api/history?range=${encodeURIComponent(range)}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const someShift = (await (await fetch(`${url}${list({ table: 'shifts' }, '[0,0]')}`, { headers: admin })).json())[0].entries[0].record_id;
    const get = (p: string, headers: Record<string, string>) => () => fetch(`${url}${p}`, { headers });
    const once = { concurrency: 1, seconds };
    printResults([
      await load('GET /api/history first page (administrator)', get(list({}), admin), once),
      await load('GET /api/history page 200', get(list({}, '[4975,4999]'), admin), once),
      await load('GET /api/history first page (manager, their restaurants)', get(list({}), manager), once),
      await load('GET /api/history who=Alice', get(list({ who: 'Alice' }), admin), once),
      await load('GET /api/history action=approved, one month', get(list({ name: 'approved', date_from: '2026-06-01', date_to: '2026-06-30' }), admin), once),
      await load("GET /api/history one shift's History tab", get(list({ table: 'shifts', record_id: someShift }), admin), once),
    ]);
    console.log(['', ...lines].join('\n'));
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
