import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { guardedPool, type DatabaseLimits } from './postgresPool';
import { withHistory } from '../history/driver';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded instance, when there is one (tests dump and load it). */
  pglite: PGlite | null;
  close(): Promise<void>;
}

// Both engines must hand back the same JS types: a date never passes through a JS Date (time zones
// would shift it by a day), numbers are numbers, timestamps are ISO-8601 UTC strings.
const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/** '2026-11-22 20:56:08.123+00' (TimeZone=UTC) -> '2026-11-22T20:56:08.123Z' */
function isoTimestamp(value: string): string {
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

const parsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: Number,
  [OID.numeric]: Number,
  [OID.date]: (v) => v,
  [OID.timestamp]: (v) => isoTimestamp(v + 'Z'),
  [OID.timestamptz]: isoTimestamp,
};

export interface OpenOptions {
  databaseUrl?: string | null;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  /** Start the embedded database from a dump made by dumpDataDir (tests). */
  loadDataDir?: Blob | File;
  /** Refuse when another process holds the data directory (servers); tests open their own copies. */
  lock?: boolean;
  /**
   * PostgreSQL: how long a caller waits for a connection and for each statement (a server's requests). Without
   * them nothing is limited: migrations, seeding and benchmarks may run long statements.
   */
  limits?: DatabaseLimits;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.limits);
  return openPglite(options);
}

function openPostgres(connectionString: string, limits?: DatabaseLimits): DatabaseHandle {
  const config: pg.PoolConfig = {
    connectionString,
    max: 10,
    // Readers keep their lists by the transaction log of migrations/0016 (server/services/snapshotChanges.ts).
    options: '-c TimeZone=UTC -c app.track_changes=snapshot',
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  };
  // No limits asked: a plain pool still outlives a restarted server (server/db/postgresPool.ts), waiting as long as
  // its statements take.
  const pool = guardedPool(config, limits ?? { connectMs: 0, statementMs: 0 });
  const db = new Kysely<Database>({ dialect: withHistory(new PostgresDialect({ pool })) });
  return { db, kind: 'postgres', pglite: null, close: () => db.destroy() };
}

async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  let lock: DataDirLock | null = null;
  const dir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    if (options.lock !== false) lock = acquireDataDirLock(options.dataDir!);
  }
  const pglite = new PGlite({
    dataDir: dir,
    loadDataDir: options.loadDataDir,
    // Trigram indexes serve the lists' searches (migrations/0006_list_indexes.ts).
    extensions: { pg_trgm },
    parsers: Object.fromEntries(
      Object.entries(parsers).map(([oid, fn]) => [Number(oid), fn]),
    ) as Record<number, (v: string) => unknown>,
  });
  try {
    await pglite.waitReady;
    // This process is the embedded database's only writer, so it may count changes for the list cache
    // (migrations/0002_change_counter.ts).
    await pglite.exec(`set time zone 'UTC'; set app.track_changes = 'on'`);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: withHistory(new PGliteDialect({ pglite })) });
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      try {
        if (!pglite.closed) {
          // Flush to disk so the next start does not replay the write-ahead log.
          if (dir) await pglite.exec('checkpoint');
          await db.destroy();
        }
      } finally {
        lock?.release();
      }
    },
  };
}
