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
import type { RecordingBroadcaster } from './recordingBroadcaster';
import type { AccountKind } from '../../domain/roles';
import { multipart, type Part } from './multipart';
import { OWN_MSG } from '../../domain/messages';

export { TEST_TODAY } from './globalSetup';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type LightMyRequestResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: AppConfig;
  /** A bearer token for an account of the demo dataset (or one the test created), found by e-mail. */
  tokenFor(email: string): Promise<string>;
  /** Headers for app.inject with that account's token. */
  as(email: string): Promise<Record<string, string>>;
  /** An API call as the account `who` (null: without a token), with a JSON body when one is given. */
  call(method: ApiMethod, url: string, who: string | null, payload?: unknown): Promise<LightMyRequestResponse>;
  /** The same with a multipart body, as the screens send a form with files. */
  send(method: ApiMethod, url: string, who: string | null, parts: Part[]): Promise<LightMyRequestResponse>;
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

  const as = async (email: string) => ({ authorization: `Bearer ${await tokenFor(email)}`, 'x-requested-with': 'XMLHttpRequest' });
  return {
    app,
    db: database.db,
    config,
    tokenFor,
    as,
    async call(method, url, who, payload) {
      const headers = who ? await as(who) : {};
      return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    async send(method, url, who, parts) {
      const body = multipart(parts);
      return app.inject({ method, url, payload: body.payload, headers: { ...(who ? await as(who) : {}), ...body.headers } });
    },
    async close() {
      await app.close();
      await app.broadcaster.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The one test app of a file's tests (or of a describe block): opened before them and closed after them, its
 * fields read through once it is open. Given a recording broadcaster, what it heard is cleared before each test.
 */
export function suiteTestApp(options: { broadcaster?: RecordingBroadcaster; env?: Record<string, string> } = {}): TestApp {
  let current: TestApp | undefined;
  const open = () => {
    if (!current) throw new Error('The test app is opened in beforeAll: use it inside hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  if (options.broadcaster) {
    const feed = options.broadcaster;
    beforeEach(() => {
      feed.messages = [];
    });
  }
  return {
    get app() {
      return open().app;
    },
    get db() {
      return open().db;
    },
    get config() {
      return open().config;
    },
    tokenFor: (email) => open().tokenFor(email),
    as: (email) => open().as(email),
    call: (method, url, who, payload) => open().call(method, url, who, payload),
    send: (method, url, who, parts) => open().send(method, url, who, parts),
    close: () => open().close(),
  };
}

/**
 * Ids a file's tests share (demo records found by name, records made for the file), found in a beforeAll once the
 * suite's app is open: read them inside hooks and tests.
 */
export function suiteIds<K extends string>(find: () => Promise<Record<K, number>>): Record<K, number> {
  const ids = {} as Record<K, number>;
  beforeAll(async () => {
    Object.assign(ids, await find());
  });
  return ids;
}

/** The demo dataset's accounts, one of each kind. */
export const ADMIN = 'admin@demo.test';
/** Manages Camden and Islington, every restaurant of them. */
export const MANAGER = 'manager@demo.test';
/** Pizza Palace Ltd: Camden, Islington, Hackney. */
export const RESTAURANT = 'restaurant@demo.test';
export const DRIVER = 'driver@demo.test';

/** The call is refused (403) to each account of `refused`, and without a token answers 401 'Unauthenticated.'. */
export async function expectRefused(t: TestApp, method: ApiMethod, url: string, refused: string[]): Promise<void> {
  for (const who of refused) expect((await t.call(method, url, who)).statusCode, who).toBe(403);
  const anonymous = await t.call(method, url, null);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toEqual({ message: OWN_MSG.unauthenticated });
}

/** The call was refused with 400 and exactly these messages, each under its field. */
export function expectFieldErrors(res: LightMyRequestResponse, errors: Record<string, string[]>): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(errors);
}

/** What a create call answered, once it has answered 201 Created. */
export function createdBody<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode).toBe(201);
  return res.json() as T;
}
