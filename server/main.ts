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

/** The process: configuration, database, migrations, first-start demo data, listen, graceful shutdown. */
async function main() {
  const startedAt = Date.now();
  const env = loadConfig();
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, lock: true });
  const seeded = await prepareDatabase(database.db, { seedDemo: env.seedDemo });
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

  // `npm run backup` asks this process, which owns the embedded database, to write the backup.
  const stopControl = database.pglite
    ? await serveControl(config.dataDir, (request) => writeBackup(database.pglite!, config.dataDir, request.backup))
    : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(statistics);
    try {
      await stopControl();
      await app.close();
      await app.broadcaster.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
