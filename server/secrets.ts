import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppConfig, Config } from './config';
import type { Database } from './db/schema';

/**
 * The secrets a deployment needs and nobody should have to invent: the live feed's key and signing secret, and the
 * key that signs addresses of drivers' identity documents. There is no built-in default anyone could read here and
 * use: on first start each is generated at random and kept in the database (app_secrets; the embedded database
 * lives in the data directory), so a restart, and every instance of a PostgreSQL deployment, signs with the same
 * ones. PUSHER_APP_KEY and PUSHER_APP_SECRET in the environment still override the live feed's.
 */
const NAMES = { pusherKey: 'pusher_app_key', pusherSecret: 'pusher_app_secret', fileSigning: 'file_signing_secret' } as const;

const generated = (): Record<string, string> => ({
  [NAMES.pusherKey]: `backoffice-${crypto.randomBytes(8).toString('hex')}`,
  [NAMES.pusherSecret]: crypto.randomBytes(32).toString('base64url'),
  [NAMES.fileSigning]: crypto.randomBytes(32).toString('base64url'),
});

/**
 * The stored secrets, made now when missing. Instances starting together may both generate: `on conflict do
 * nothing` keeps the first write, and both read back the same values.
 */
async function storedSecrets(db: Kysely<Database>): Promise<Record<string, string>> {
  const fresh = Object.entries(generated()).map(([name, value]) => ({ name, value }));
  await db.insertInto('app_secrets').values(fresh).onConflict((oc) => oc.column('name').doNothing()).execute();
  const rows = await db.selectFrom('app_secrets').select(['name', 'value']).where('name', 'in', Object.values(NAMES)).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** The configuration with its secrets: the environment's where set, else the stored ones. Run after migrations. */
export async function resolveSecrets(config: Config, db: Kysely<Database>): Promise<AppConfig> {
  const stored = await storedSecrets(db);
  return {
    ...config,
    pusherAppKey: config.pusherAppKey ?? stored[NAMES.pusherKey],
    pusherAppSecret: config.pusherAppSecret ?? stored[NAMES.pusherSecret],
    fileSigningSecret: stored[NAMES.fileSigning],
  };
}
