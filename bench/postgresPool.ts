import crypto from 'node:crypto';
import { Kysely, PostgresDialect, sql, type Generated } from 'kysely';
import pg from 'pg';
import { guardedPool } from '../server/db/postgresPool';

/**
 * `npx tsx bench/postgresPool.ts`: what guarding the PostgreSQL pool costs a request (server/db/postgresPool.ts:
 * every client's errors heard, each statement's answer timed, a connection made before a loss discarded, a turn of the
 * event loop before a drawn connection is used), against node-postgres's plain pool, on a scratch database of
 * BENCH_POSTGRES_URL (by default the local server). Each round runs the same 4,000 operations, 8 at a time, through
 * both pools in turn: three reads of 50 rows for one transaction of an insert and an update, as the office's mix of
 * board reads and saves. Prints each pool's time per operation (median and p95 of the rounds' medians) and the ratio.
 */
const ROUNDS = Number(process.env.BENCH_POOL_ROUNDS ?? 5);
const OPERATIONS = 4_000;
const CONCURRENCY = 8;
const serverUrl = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');

interface Table {
  rows: { id: Generated<number>; note: string; counter: number };
}

const urlOf = (database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Each operation's time in ms, in the order they finished. */
async function run(db: Kysely<Table>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < OPERATIONS; n = next++) {
      const started = performance.now();
      if (n % 4 === 3) {
        await db.transaction().execute(async (trx) => {
          const { id } = await trx.insertInto('rows').values({ note: `op ${n}`, counter: 0 }).returning('id').executeTakeFirstOrThrow();
          await trx.updateTable('rows').set({ counter: sql`counter + 1` }).where('id', '=', id).execute();
        });
      } else {
        const from = (n * 37) % 1_000;
        await db.selectFrom('rows').selectAll().where('id', '>=', from).where('id', '<', from + 50).execute();
      }
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function main() {
  const name = `bench_pool_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const config = { connectionString: urlOf(name), max: 10 };
  const plain = new Kysely<Table>({ dialect: new PostgresDialect({ pool: new pg.Pool(config) }) });
  const guarded = new Kysely<Table>({ dialect: new PostgresDialect({ pool: guardedPool(config, { connectMs: 2_000, statementMs: 5_000 }) }) });
  try {
    await sql`create table rows (id serial primary key, note text not null, counter integer not null)`.execute(plain);
    await sql`insert into rows (note, counter) select 'row ' || g, 0 from generate_series(1, 1000) g`.execute(plain);
    const medians = { plain: [] as number[], guarded: [] as number[] };
    const p95s = { plain: [] as number[], guarded: [] as number[] };
    await run(plain); // warm both pools' connections and the server's caches
    await run(guarded);
    for (let round = 1; round <= ROUNDS; round++) {
      // Taking turns, and starting with each in turn, so a busier moment of the machine does not favour one.
      const order = round % 2 ? (['plain', 'guarded'] as const) : (['guarded', 'plain'] as const);
      for (const which of order) {
        const times = await run(which === 'plain' ? plain : guarded);
        medians[which].push(quantile(times, 0.5));
        p95s[which].push(quantile(times, 0.95));
      }
      console.log(
        `round ${round}: per operation, plain pool ${medians.plain.at(-1)!.toFixed(3)} ms (p95 ${p95s.plain.at(-1)!.toFixed(2)}), ` +
          `guarded ${medians.guarded.at(-1)!.toFixed(3)} ms (p95 ${p95s.guarded.at(-1)!.toFixed(2)})`,
      );
    }
    const plainMedian = quantile(medians.plain, 0.5);
    const guardedMedian = quantile(medians.guarded, 0.5);
    console.log(
      `\nPostgreSQL pool, ${OPERATIONS} operations x ${ROUNDS} rounds, ${CONCURRENCY} at a time: median per operation ` +
        `plain ${plainMedian.toFixed(3)} ms, guarded ${guardedMedian.toFixed(3)} ms (x${(guardedMedian / plainMedian).toFixed(2)}); ` +
        `p95 plain ${quantile(p95s.plain, 0.5).toFixed(2)} ms, guarded ${quantile(p95s.guarded, 0.5).toFixed(2)} ms`,
    );
  } finally {
    await plain.destroy();
    await guarded.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
