import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/demo';

/**
 * Creating and migrating a database costs seconds, so it is done once per run: a migrated, demo-seeded
 * PGlite dump that every test file loads, or (with TEST_DATABASE_URL) a PostgreSQL template database
 * that every test file copies.
 */
export const TEST_TODAY = '2026-11-18';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string | null;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `backoffice_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, template) });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { today: TEST_TODAY });
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({});
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { today: TEST_TODAY });
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', null);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
