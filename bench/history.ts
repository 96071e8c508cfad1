import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { refreshStatistics } from '../server/db/maintenance';
import type { Database } from '../server/db/schema';
import { SHIFT_STATUS } from '../domain/statuses';
import { load, median, printResults } from './load';
import { benchDataDir, login, startBenchServer } from './benchServer';

/**
 * `npx tsx bench/history.ts`: the history at the large scale, on the benchmark data directory (made by
 * `npm run bench` first).
 * 1. What recording costs a 1,000-shift publish: the publish statement with and without a request's history
 *    context, median of RUNS, each rolled back (the whole call's time is `npm run bench`'s publish figure).
 * 2. A year of history, added once: ACTIONS_PER_DAY actions a day by the staff, mostly edits of one to four shifts,
 *    one in twenty a bulk call of sixty. Then the History list's calls against the real server, and what the
 *    history tables weigh on disk.
 */
const ACTIONS_PER_DAY = Number(process.env.BENCH_ACTIONS_PER_DAY ?? 200);
const RUNS = 7;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = benchDataDir('large');
const ROUTE = 'bench history';

/** Times one statement changing 1,000 shifts, as a request (context set) or not, rolled back each time. */
async function publishStatement(db: Kysely<Database>, ids: number[], context: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`select set_config('app.history', ${context}, true)`.execute(trx);
        const t0 = performance.now();
        await sql`update shifts set status = case when status = ${SHIFT_STATUS.published} then ${SHIFT_STATUS.new}::int else ${SHIFT_STATUS.published}::int end
          where id = any(${ids}::int[])`.execute(trx);
        times.push(performance.now() - t0);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
  }
  return median(times);
}

async function addYear(db: Kysely<Database>): Promise<void> {
  const have = await db.selectFrom('history_actions').select((eb) => eb.fn.countAll<number>().as('n')).where('route', '=', ROUTE).executeTakeFirstOrThrow();
  if (Number(have.n) > 0) return;
  const t0 = Date.now();
  const actions = ACTIONS_PER_DAY * 365;
  await db.transaction().execute(async (trx) => {
    await sql`insert into history_actions (id, at, account_kind, account_id, role, account_name, name, route)
      select gen_random_uuid(), now() - g * interval '365 days' / ${actions}, 'user', u.id, u.role, u.first_name || ' ' || u.last_name,
        (array['published', 'edited', 'created', 'approved', 'unpublished', 'pasted'])[1 + g % 6], ${ROUTE}
      from generate_series(1, ${actions}) g
      join (select row_number() over (order by id) - 1 as i, * from users where role is not null) u
        on u.i = g % (select count(*) from users where role is not null)`.execute(trx);
    await sql`insert into history_entries (action_id, table_name, record_id, op, before, after, restaurant_id)
      select a.id, 'shifts', s.id::text, 'updated', jsonb_build_object('status', 10, 'start_time', s.start_time),
        jsonb_build_object('status', 20, 'start_time', s.finish_time), s.restaurant_id
      from (select id, seq from history_actions where route = ${ROUTE}) a
      cross join lateral generate_series(1, case when a.seq % 20 = 0 then 60 else 1 + a.seq % 4 end) k
      cross join (select min(id) lo, max(id) - min(id) + 1 span from shifts) ids
      join shifts s on s.id = ids.lo + (a.seq * 7919 + k * 104729) % ids.span`.execute(trx);
    // The summary the history trigger keeps on each action (migrations/0011_history_speed.ts).
    await sql`update history_actions a set kinds = jsonb_build_object('shifts', s.n), ops = '{updated}', restaurant_ids = s.rids
      from (select e.action_id, count(*)::int n, array_agg(distinct e.restaurant_id order by e.restaurant_id) rids
        from history_entries e join history_actions x on x.id = e.action_id where x.route = ${ROUTE} group by e.action_id) s
      where a.id = s.action_id`.execute(trx);
  });
  await refreshStatistics(db);
  console.log(`Added a year of history (${actions} actions) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function prepare(): Promise<string[]> {
  const handle = await openDatabase({ dataDir, lock: true });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const ids = (await db.selectFrom('shifts').select('id').orderBy('id', 'desc').limit(1000).execute()).map((r) => r.id);
    const context = JSON.stringify({ request_id: crypto.randomUUID(), kind: 'user', account_id: 1, role: 10, name: 'published', route: ROUTE });
    const without = await publishStatement(db, ids, '');
    const withHistory = await publishStatement(db, ids, context);
    await addYear(db);
    const counts = await sql<{ actions: number; entries: number; bytes: number }>`select
        (select count(*) from history_actions)::int as actions, (select count(*) from history_entries)::int as entries,
        (pg_total_relation_size('history_actions') + pg_total_relation_size('history_entries'))::bigint as bytes`.execute(db);
    const { actions, entries, bytes } = counts.rows[0];
    return [
      `Publishing 1,000 shifts, the statement alone: ${without.toFixed(0)} ms without history, ${withHistory.toFixed(0)} ms with (+${(withHistory - without).toFixed(0)} ms), median of ${RUNS}`,
      `History kept: ${actions} actions, ${entries} entries, ${(bytes / 1024 / 1024).toFixed(0)} MB on disk with their indexes`,
    ];
  } finally {
    await handle.close();
  }
}

async function main() {
  const lines = await prepare();
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
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
