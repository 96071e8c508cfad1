import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { median } from './load';

/**
 * What logging the changed days costs a write (`--only changelog`, with `--postgres` on the local PostgreSQL server):
 * the statements of a publish of 1,000 shifts and of 100 single-shift saves, timed by the database (EXPLAIN ANALYZE,
 * which also gives each trigger's own time) with the shifts' log trigger on and off, on the dataset's own database. On the embedded database the trigger moves the change counter and writes
 * change_log (0003); on PostgreSQL it writes change_log_xact under the transaction's id (0016), whose own trigger
 * probes for rows to prune (0019), timed apart as a third variant. Every round runs in a transaction rolled back
 * at its end, so each variant writes the same rows and the dataset stays as it was.
 */

const ROUNDS = Number(process.env.BENCH_CHANGELOG_ROUNDS ?? 7);
const SINGLE_SAVES = 100;

interface Variant {
  name: string;
  /** Triggers switched off for the round, as `table.trigger`. */
  off: string[];
}

interface Timed {
  /** The statement's execution inside the database, its triggers included (EXPLAIN ANALYZE), ms. */
  ms: number;
  /** Of which the log trigger's own time, ms. */
  logMs: number;
}

/** Runs `statement` under EXPLAIN ANALYZE: the database's own timing, without the trip to it. */
async function explained(c: Kysely<Database>, statement: string, ids: number[]): Promise<Timed> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json) ${sql.raw(statement)} where id = any(${ids}::int[])`.execute(c);
  const raw = rows[0]['QUERY PLAN'];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { 'Execution Time': number; Triggers?: { 'Trigger Name': string; Time: number }[] }[];
  const logMs = (plan.Triggers ?? []).filter((t) => LOG_TRIGGERS.includes(t['Trigger Name'])).reduce((sum, t) => sum + t.Time, 0);
  return { ms: plan['Execution Time'], logMs };
}

const LOG_TRIGGERS = ['shifts_log_update'];

async function timedRound(db: Kysely<Database>, variant: Variant, bulk: number[], singles: number[]): Promise<{ bulk: Timed; single: Timed }> {
  return db.connection().execute(async (c) => {
    await sql`begin`.execute(c);
    try {
      for (const name of variant.off) {
        const [table, trigger] = name.split('.');
        await sql.raw(`alter table ${table} disable trigger ${trigger}`).execute(c);
      }
      // As POST /api/shift/publish writes its shifts (server/routes/shift/bulk.ts), in one statement.
      const bulkTimed = await explained(c, 'update shifts set status = status, updated_at = now()', bulk);
      // As PUT /api/shift/:id writes one shift, one statement each.
      const single = { ms: 0, logMs: 0 };
      for (const id of singles) {
        const one = await explained(c, 'update shifts set updated_at = now()', [id]);
        single.ms += one.ms / singles.length;
        single.logMs += one.logMs / singles.length;
      }
      return { bulk: bulkTimed, single };
    } finally {
      await sql`rollback`.execute(c);
    }
  });
}

export async function changeLogCostFigures(db: Kysely<Database>, kind: 'embedded' | 'PostgreSQL'): Promise<string[]> {
  const ids = (await db.selectFrom('shifts').select('id').orderBy('period_date', 'desc').limit(1000 + SINGLE_SAVES).execute()).map((r) => r.id);
  const bulk = ids.slice(0, 1000);
  const singles = ids.slice(1000);
  const variants: Variant[] = [
    { name: 'log on', off: [] },
    ...(kind === 'PostgreSQL' ? [{ name: 'log on, no prune probe', off: ['change_log_xact.change_log_xact_prune'] }] : []),
    { name: 'log off', off: LOG_TRIGGERS.map((t) => `shifts.${t}`) },
  ];
  const runs = new Map(variants.map((v) => [v.name, [] as { bulk: Timed; single: Timed }[]]));
  await timedRound(db, variants[0], bulk, singles); // warms the caches for every variant alike
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in another order, so no variant always runs first on cold pages.
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const v of order) runs.get(v.name)!.push(await timedRound(db, v, bulk, singles));
  }
  const lines = [
    `\nWhat logging the changed days costs a write (${kind}; EXPLAIN ANALYZE's execution time, ms, median and every round of ${ROUNDS};`,
    'the log trigger\'s own time is its cost, measured inside the same statements):',
    '| variant | publish of 1,000 shifts (one statement) | of which the log trigger | one shift saved (mean of 100) | of which the log trigger |',
    '|---|---|---|---|---|',
  ];
  const each = (values: number[], digits: number) => `${median(values).toFixed(digits)} (${values.map((v) => v.toFixed(digits)).join(', ')})`;
  for (const v of variants) {
    const r = runs.get(v.name)!;
    const log = (pick: (x: { bulk: Timed; single: Timed }) => number, digits: number) => (v.name === 'log off' ? '' : each(r.map(pick), digits));
    lines.push(`| ${v.name} | ${each(r.map((x) => x.bulk.ms), 1)} | ${log((x) => x.bulk.logMs, 2)} | ${each(r.map((x) => x.single.ms), 3)} | ${log((x) => x.single.logMs, 3)} |`);
  }
  return lines;
}
