import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { median } from './load';

/**
 * What logging the changed days costs a write (`--only changelog`, with `--postgres` on the local PostgreSQL server):
 * the statements of a publish of 1,000 shifts and of 100 single-shift saves, timed with the shifts' log trigger on and
 * off, on the dataset's own database. On the embedded database the trigger moves the change counter and writes
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

async function timedRound(db: Kysely<Database>, variant: Variant, bulk: number[], singles: number[]): Promise<{ bulkMs: number; singleMs: number }> {
  return db.connection().execute(async (c) => {
    await sql`begin`.execute(c);
    try {
      for (const name of variant.off) {
        const [table, trigger] = name.split('.');
        await sql.raw(`alter table ${table} disable trigger ${trigger}`).execute(c);
      }
      // As POST /api/shift/publish writes its shifts (server/routes/shift/bulk.ts), in one statement.
      const t0 = performance.now();
      await sql`update shifts set status = status, updated_at = now() where id = any(${bulk}::int[])`.execute(c);
      const bulkMs = performance.now() - t0;
      // As PUT /api/shift/:id writes one shift, one statement each.
      const t1 = performance.now();
      for (const id of singles) await sql`update shifts set updated_at = now() where id = ${id}`.execute(c);
      return { bulkMs, singleMs: (performance.now() - t1) / singles.length };
    } finally {
      await sql`rollback`.execute(c);
    }
  });
}

export async function changeLogCostFigures(db: Kysely<Database>, kind: 'embedded' | 'PostgreSQL'): Promise<string[]> {
  const ids = (await db.selectFrom('shifts').select('id').orderBy('period_date', 'desc').limit(1000 + SINGLE_SAVES).execute()).map((r) => r.id);
  const bulk = ids.slice(0, 1000);
  const singles = ids.slice(1000);
  const logTriggers = ['shifts.shifts_log_update'];
  const variants: Variant[] = [
    { name: 'log on', off: [] },
    ...(kind === 'PostgreSQL' ? [{ name: 'log on, no prune probe', off: ['change_log_xact.change_log_xact_prune'] }] : []),
    { name: 'log off', off: logTriggers },
  ];
  const runs = new Map(variants.map((v) => [v.name, [] as { bulkMs: number; singleMs: number }[]]));
  await timedRound(db, variants[0], bulk, singles); // warms the caches for every variant alike
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in another order, so no variant always runs first on cold pages.
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const v of order) runs.get(v.name)!.push(await timedRound(db, v, bulk, singles));
  }
  const off = runs.get('log off')!;
  const lines = [`\nWhat logging the changed days costs a write (${kind}; ms, median and every round of ${ROUNDS}):`];
  lines.push('| variant | publish of 1,000 shifts (one statement) | + vs log off | one shift saved (mean of 100) | + vs log off |');
  lines.push('|---|---|---|---|---|');
  for (const v of variants) {
    const r = runs.get(v.name)!;
    const each = (pick: (x: { bulkMs: number; singleMs: number }) => number, digits: number) =>
      `${median(r.map(pick)).toFixed(digits)} (${r.map((x) => pick(x).toFixed(digits)).join(', ')})`;
    const plus = (pick: (x: { bulkMs: number; singleMs: number }) => number, digits: number) =>
      v.name === 'log off' ? '' : `${(median(r.map(pick)) - median(off.map(pick))).toFixed(digits)}`;
    lines.push(`| ${v.name} | ${each((x) => x.bulkMs, 1)} | ${plus((x) => x.bulkMs, 1)} | ${each((x) => x.singleMs, 3)} | ${plus((x) => x.singleMs, 3)} |`);
  }
  return lines;
}
