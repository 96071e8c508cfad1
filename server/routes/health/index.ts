import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { migrationState, type MigrationState } from '../../db/migrate';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/** A probe that takes longer than this counts as a failed one: health must tell the truth within 3 s. */
const PROBE_LIMIT_MS = 2_000;

/**
 * Below this much free space the embedded database cannot be trusted to take a write (it grows its files and its
 * write-ahead log by segments of this size).
 */
const DISK_LOW_BYTES = 16 * 1024 * 1024;

type Probe = { reachable: true; migrations: MigrationState } | { reachable: false; error: string };

/** The embedded database's disk is (all but) full: writes would be refused (507). PostgreSQL watches its own. */
async function diskFull(app: FastifyInstance): Promise<boolean> {
  if (app.databaseKind !== 'pglite') return false;
  const { bavail, bsize } = await fs.statfs(app.config.dataDir);
  return bavail * bsize < DISK_LOW_BYTES;
}

/** One short round trip: the database answers, and which of our migrations it has run. */
async function probe(app: FastifyInstance): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_LIMIT_MS} ms`)), PROBE_LIMIT_MS);
  });
  try {
    const migrations = await Promise.race([sql`select 1`.execute(app.db).then(() => migrationState(app.db)), late]);
    return { reachable: true, migrations };
  } catch (error) {
    return { reachable: false, error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

const unavailable = (reply: FastifyReply) => reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));

/**
 * Health for load balancers and people, no token needed:
 * - GET /api/health/live: the process runs and answers (restart it when this fails);
 * - GET /api/health/ready: it can serve requests now: the database answers, every migration ran, and it is not
 *   shutting down (send it traffic only while this is 200);
 * - GET /api/health: the details (database engine, reachable or not, migrations), 503 when it cannot serve.
 */
export default async function healthRoutes(app: RouteApp) {
  app.get('/api/health/live', {
    schema: { summary: 'Liveness: the process runs and answers', response: { 200: RESPONSES.healthProbe } },
  }, async () => ({ status: 'ok' }));

  app.get('/api/health/ready', {
    schema: { summary: 'Readiness: the database answers, migrations ran, not shutting down (else 503)', response: { 200: RESPONSES.healthProbe } },
  }, async (_request, reply) => {
    if (app.lifecycle.draining) return unavailable(reply).send({ status: 'shutting down' });
    const state = await probe(app);
    if (!state.reachable) return unavailable(reply).send({ status: 'unavailable', database: 'unreachable' });
    if (state.migrations.pending.length) return unavailable(reply).send({ status: 'migrating' });
    if (await diskFull(app)) return unavailable(reply).send({ status: 'unavailable', disk: 'full' });
    return { status: 'ok' };
  });

  app.get('/api/health', {
    schema: { summary: 'Health: database and migrations (503 when the database does not answer within 2 s)', response: { 200: RESPONSES.health } },
  }, async (request, reply) => {
    const state = await probe(app);
    const engine = app.databaseKind;
    if (!state.reachable) {
      request.log.warn(`health: database unreachable: ${state.error}`);
      return unavailable(reply).send({ status: 'unavailable', database: 'unreachable', engine });
    }
    const { applied, pending } = state.migrations;
    const full = await diskFull(app);
    const status = app.lifecycle.draining ? 'shutting down' : pending.length ? 'migrating' : full ? 'unavailable' : 'ok';
    if (status !== 'ok') unavailable(reply);
    return {
      status,
      database: 'reachable',
      engine,
      ...(full ? { disk: 'full' } : {}),
      migrations: { applied: applied.length, pending: pending.length, latest: applied.at(-1) ?? null },
    };
  });

  // What the browser needs before it can open the live feed; the key is public by design (Pusher's too).
  app.get('/api/client-config', {
    schema: { summary: 'Settings the web app needs before login (live feed key)', response: { 200: RESPONSES.clientConfig } },
  }, async () => ({ pusherKey: app.config.pusherAppKey }));
}
