import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** One statement on a connection of its own, closed after it (a database being created or dropped allows no pool). */
export async function runSql<T extends pg.QueryResultRow = pg.QueryResultRow>(connectionString: string, text: string): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database of a suite's own, next to the one at `adminUrl`, for suites that open several connections,
 * processes or proxies to it: a copy of the run's migrated demo template, or empty (for servers that migrate it).
 */
export function scratchDatabase(adminUrl: string | undefined, prefix: string) {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  // A suite under describe.runIf(TEST_DATABASE_URL) is still collected without it: it then has no address.
  const url = adminUrl ? new URL(adminUrl) : null;
  if (url) url.pathname = `/${name}`;
  return {
    name,
    url: url?.toString() ?? '',
    create: async (from: 'template' | 'empty' = 'template') => {
      await runSql(adminUrl!, `create database ${name}${from === 'template' ? ` template ${inject('pgTemplate')}` : ''}`);
    },
    drop: async () => {
      await runSql(adminUrl!, `drop database if exists ${name} with (force)`);
    },
  };
}
