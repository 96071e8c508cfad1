import { refreshStatistics } from '../maintenance';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { loadConfig } from '../../config';
import { openDatabase } from '../connection';
import { migrateToLatest } from '../migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, isEmpty, seedDemo } from './demo';
import { SCALE_PRESETS, seedScale } from './scale';
import { countRows } from './bulk';
import { assertDate } from './time';

/**
 * `npm run seed [-- --scale small|large] [--reset] [--today YYYY-MM-DD]`
 * Seeds the database of DATA_DIR (or DATABASE_URL): the demo dataset when it is empty, then optionally
 * the benchmark dataset on top. --reset drops every table first and migrates again.
 */

const USAGE = `Usage: npm run seed -- [--scale small|large|xlarge] [--reset] [--today YYYY-MM-DD]
  (no option)     create the demo dataset if the database is empty
  --scale small   also add ${describe('small')}
  --scale large   also add ${describe('large')}
  --scale xlarge  also add ${describe('xlarge')}
  --reset         drop all tables and migrate again first (deletes all data)
  --today DATE    date the data is built around (default: today in Europe/London)`;

function describe(preset: keyof typeof SCALE_PRESETS): string {
  const p = SCALE_PRESETS[preset];
  return `${p.restaurants} restaurants, ${p.drivers.toLocaleString('en-GB')} drivers and ${p.days} days of shifts`;
}

interface Args {
  scale: keyof typeof SCALE_PRESETS | null;
  reset: boolean;
  today: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { scale: null, reset: false, today: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--reset') args.reset = true;
    else if (arg === '--scale' || arg.startsWith('--scale=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      if (!value || !Object.hasOwn(SCALE_PRESETS, value)) throw new Error(`--scale takes ${Object.keys(SCALE_PRESETS).join(', ')}, not '${value ?? ''}'\n\n${USAGE}`);
      args.scale = value as keyof typeof SCALE_PRESETS;
    } else if (arg === '--today' || arg.startsWith('--today=')) {
      args.today = assertDate((arg.includes('=') ? arg.split('=')[1] : argv[++i]) ?? '');
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown option '${arg}'\n\n${USAGE}`);
  }
  return args;
}

/** Drops every table of the current schema (the migration bookkeeping too), whatever migrations made them. */
async function dropAllTables(db: Kysely<Database>): Promise<void> {
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = current_schema()`.execute(db);
  if (!tables.rows.length) return;
  await sql`drop table if exists ${sql.join(tables.rows.map((t) => sql.table(t.tablename)))} cascade`.execute(db);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const started = performance.now();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Seeding ${where}`);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, lock: true });
  try {
    const db = handle.db;
    if (args.reset) {
      const t = performance.now();
      await dropAllTables(db);
      console.log(`Dropped all tables (${seconds(t)})`);
    }
    let t = performance.now();
    await migrateToLatest(db);
    console.log(`Migrated (${seconds(t)})`);

    t = performance.now();
    if (await isEmpty(db)) {
      await seedDemo(db, { today: args.today });
      console.log(`Demo dataset created (${seconds(t)})`);
    } else {
      console.log('The database already has accounts: demo dataset not added (use --reset to start over)');
    }

    if (args.scale) {
      t = performance.now();
      console.log(`Adding the ${args.scale} dataset: ${describe(args.scale)}`);
      await seedScale(db, { ...SCALE_PRESETS[args.scale], today: args.today, log: (m) => console.log(`  ${m}`) });
      console.log(`The ${args.scale} dataset added (${seconds(t)})`);
    }

    await refreshStatistics(db);

    const tables = ['areas', 'users', 'restaurateurs', 'restaurants', 'drivers', 'driver_working_times', 'shifts', 'timesheets', 'reporting', 'invoices', 'news_posts', 'alerts'] as const;
    const counts = await Promise.all(tables.map(async (table) => [table, await countRows(db, table)] as const));
    console.log('\nRows:');
    for (const [table, n] of counts) console.log(`  ${table.padEnd(22)} ${n.toLocaleString('en-GB').padStart(10)}`);
    console.log(`\nDemo logins (password ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((l) => l.email).join(', ')}`);
    t = performance.now();
    await handle.close();
    console.log(`Closed the database (${seconds(t)}). Total ${seconds(started)}.`);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
