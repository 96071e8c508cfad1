import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import { resolveSecrets } from '../../server/secrets';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import type { Database } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import type { Broadcaster } from '../../server/realtime/broadcaster';
import type { AccountKind } from '../../domain/roles';

export { TEST_TODAY } from './globalSetup';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: AppConfig;
  /** A bearer token for an account of the demo dataset (or one the test created), found by e-mail. */
  tokenFor(email: string): Promise<string>;
  /** Headers for app.inject with that account's token. */
  as(email: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A fresh copy of the migrated demo database: PGlite from the run's dump, or a PostgreSQL copy of its template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgTemplate');
  if (template) {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `backoffice_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/' + name;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...handle,
      async close() {
        await handle.close();
        const drop = new pg.Client({ connectionString: adminUrl });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

export async function createTestApp(options: { broadcaster?: Broadcaster; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-data-'));
  const config = await resolveSecrets(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-app'), ...options.env }), database.db);
  const app = await buildApp({ config, db: database.db, databaseKind: database.kind, broadcaster: options.broadcaster });
  await app.ready();

  async function tokenFor(email: string): Promise<string> {
    const lower = email.toLowerCase();
    const tables: [AccountKind, 'users' | 'restaurateurs' | 'drivers'][] = [
      ['user', 'users'],
      ['restaurateur', 'restaurateurs'],
      ['driver', 'drivers'],
    ];
    for (const [kind, table] of tables) {
      const row = await database.db.selectFrom(table).select('id').where('email', '=', lower).executeTakeFirst();
      if (row) return issueToken(database.db, kind, row.id, 1);
    }
    throw new Error(`No account with e-mail ${email}`);
  }

  return {
    app,
    db: database.db,
    config,
    tokenFor,
    async as(email) {
      return { authorization: `Bearer ${await tokenFor(email)}`, 'x-requested-with': 'XMLHttpRequest' };
    },
    async close() {
      await app.close();
      await app.broadcaster.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
