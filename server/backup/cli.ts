import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { acquireDataDirLock } from '../db/lock';
import { restoreBackup, writeBackup } from './archive';
import { askServer } from './control';

/**
 * `npm run backup [-- --to <folder>]` and `npm run restore -- <folder>` for the embedded database (README, 'Backup
 * and restore'). A backup is made by the running server when there is one (it owns the database), else here.
 * A restore needs the server stopped. With DATABASE_URL the database is PostgreSQL's, backed up with pg_dump.
 */
const USAGE = 'Usage: npm run backup [-- --to <folder>]   |   npm run restore -- <backup folder>';

async function backup(dataDir: string, dest: string) {
  const asked = await askServer(dataDir, { backup: dest });
  if (asked && !asked.ok) throw new Error(asked.error);
  if (asked) return { by: 'the running server', note: asked.note };
  const database = await openDatabase({ dataDir, lock: true });
  try {
    return { by: 'this command (no server was running)', note: await writeBackup(database.pglite!, dataDir, dest) };
  } finally {
    await database.close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back the database up with pg_dump and restore it with pg_restore (README, "Backup and restore"); copy DATA_DIR/images, documents and invoices beside it.');
  }
  if (command === 'backup') {
    const at = args.indexOf('--to');
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const dest = path.resolve(at >= 0 ? args[at + 1] : path.join('backups', `backup-${stamp}`));
    const { by, note } = await backup(config.dataDir, dest);
    console.log(`Backup of ${config.dataDir} written to ${dest} by ${by}: ${JSON.stringify(note)}`);
  } else if (command === 'restore' && args[0]) {
    const lock = acquireDataDirLock(config.dataDir);
    try {
      const aside = await restoreBackup(path.resolve(args[0]), config.dataDir);
      console.log(`Restored ${path.resolve(args[0])} into ${config.dataDir}; what it held before is kept in ${aside}`);
    } finally {
      lock.release();
    }
  } else {
    throw new Error(USAGE);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
