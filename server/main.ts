import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { prepareDatabase } from './db/prepare';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo';
import { buildApp } from './app';
import { refreshStatistics, STATISTICS_INTERVAL_MS } from './db/maintenance';
import { createPostgresBroadcaster } from './realtime/postgresBroadcaster';
import { resolveSecrets } from './secrets';
import { moveDocumentsPrivate } from './services/documents';
import { writeBackup } from './backup/archive';
import { serveControl } from './backup/control';
import { startAttendanceTimer } from './services/attendance';

/** The process: configuration, database, migrations, first-start demo data, listen, graceful shutdown. */
async function main() {
  const startedAt = Date.now();
  const env = loadConfig();
  // Requests wait a few seconds at most for PostgreSQL, then answer 503; migrations and seeding have no limit, so on
  // PostgreSQL they run on a pool of their own first.
  const prepared = env.databaseUrl ? await prepareOnPostgres(env.databaseUrl, env.seedDemo) : null;
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, lock: true, limits: env.databaseLimits });
  const seeded = prepared ?? (await prepareDatabase(database.db, { seedDemo: env.seedDemo }));
  const config = await resolveSecrets(env, database.db);
  await moveDocumentsPrivate(database.db, config.dataDir);
  // PGlite has no autovacuum to keep planner statistics and the visibility map fresh: refresh them now and every few hours.
  let statistics: NodeJS.Timeout | undefined;
  if (database.kind === 'pglite') {
    await refreshStatistics(database.db);
    statistics = setInterval(() => void refreshStatistics(database.db).catch(() => {}), STATISTICS_INTERVAL_MS).unref();
  }

  // Several instances on one PostgreSQL hear each other's changes through LISTEN/NOTIFY.
  const broadcaster = config.databaseUrl ? await createPostgresBroadcaster(config.databaseUrl) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: database.kind,
    broadcaster,
    logger: { level: config.logLevel },
  });

  // Late drivers and no-shows are looked for every minute, by one instance at a time (the lease in job_leases).
  const stopAttendance = config.attendancePassSeconds > 0 ? startAttendanceTimer(app, config.attendancePassSeconds * 1000) : () => {};

  // `npm run backup` asks this process, which owns the embedded database, to write the backup.
  const stopControl = database.pglite
    ? await serveControl(config.dataDir, (request) => writeBackup(database.pglite!, config.dataDir, request.backup))
    : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing ${app.lifecycle.inFlight} request(s) in flight, then stopping`);
    // Past the drain limit, closing the sockets and the database must not hang either.
    const force = setTimeout(() => {
      console.error('Shutdown did not finish in time; stopping anyway.');
      process.exit(1);
    }, config.shutdownMs + 5_000).unref();
    clearInterval(statistics);
    stopAttendance();
    let code = 0;
    try {
      if (!(await app.lifecycle.drain(config.shutdownMs))) {
        console.error(`${app.lifecycle.inFlight} request(s) still running after ${config.shutdownMs} ms; stopping anyway.`);
        code = 1;
      }
      await stopControl();
      // Closes the listener and tells live sockets to reconnect (to another instance, or to this one once back).
      await app.close();
      await app.broadcaster.close();
      await database.close();
    } catch (error) {
      console.error(`Shutdown: ${(error as Error).message}`);
      code = 1;
    } finally {
      clearTimeout(force);
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Back-office is running at ${url}  (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
    seeded ? '  The demo dataset was created on this first start.' : '',
    `  Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((l) => `    ${l.role.padEnd(20)} ${l.email}`),
    `  Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl+C to stop.`,
    '',
  ];
  console.log(lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n'));
}

async function prepareOnPostgres(databaseUrl: string, seedDemo: boolean): Promise<boolean> {
  const database = await openDatabase({ databaseUrl });
  try {
    return await prepareDatabase(database.db, { seedDemo });
  } finally {
    await database.close();
  }
}

// A promise nobody waited on that fails (a live-feed message after a commit, say) is logged, not allowed to stop
// the server for every other user; the request it belonged to has had its answer.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection:', reason instanceof Error ? reason.stack ?? reason.message : reason);
});

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
