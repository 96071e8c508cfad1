import type { FastifyInstance } from 'fastify';
import { migrationState } from '../../db/migrate';

/** GET /api/health: database kind and migration state, for load balancers and people. No token needed. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => {
    const migrations = await migrationState(app.db);
    return {
      status: migrations.pending.length ? 'migrating' : 'ok',
      database: app.databaseKind,
      migrations: { applied: migrations.applied.length, pending: migrations.pending.length, latest: migrations.applied.at(-1) ?? null },
    };
  });

  // What the browser needs before it can open the live feed; the key is public by design (Pusher's too).
  app.get('/api/client-config', async () => ({ pusherKey: app.config.pusherAppKey }));
}
