import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A backup of an embedded installation is a folder: the database as PGlite dumps it (pglite.tar.gz) and the files
 * the records point at (images/, documents/, invoices/), with a note of what it holds (backup.json).
 *
 * Consistency: the dump and the file copies are made while no transaction can run, so no save commits in between.
 * A save stores its new files before its transaction and removes the files it replaced only after committing
 * (services/imageChanges.ts), so every file the dumped rows name is still on disk while they are copied. Files are
 * hard-linked where the backup lies on the same disk (instant, and the writes are held only that long), else copied.
 */
const FILE_FOLDERS = ['images', 'documents', 'invoices'] as const;
const DUMP = 'pglite.tar.gz';
const NOTE = 'backup.json';

export interface BackupNote {
  made_at: string;
  files: number;
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch {
    await fs.copyFile(from, to);
  }
}

/** Copies a folder tree (files linked where possible); answers how many files. A missing folder is empty. */
async function copyTree(from: string, to: string): Promise<number> {
  const entries = await fs.readdir(from, { withFileTypes: true }).catch(() => []);
  await fs.mkdir(to, { recursive: true });
  let files = 0;
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) files += await copyTree(source, target);
    else if (entry.isFile()) {
      await linkOrCopy(source, target);
      files++;
    }
  }
  return files;
}

/** Writes a backup of the running embedded database and the data directory's files into `dest` (a new folder). */
export async function writeBackup(pglite: PGlite, dataDir: string, dest: string): Promise<BackupNote> {
  await fs.mkdir(dest, { recursive: false });
  // A checkpoint first keeps the dump's write-ahead log short (queries wait on the transaction lock taken below).
  await pglite.exec('checkpoint');
  const note = await pglite._runExclusiveTransaction(async () => {
    const dump = await pglite.dumpDataDir('gzip');
    await fs.writeFile(path.join(dest, DUMP), Buffer.from(await dump.arrayBuffer()));
    let files = 0;
    for (const folder of FILE_FOLDERS) files += await copyTree(path.join(dataDir, folder), path.join(dest, folder));
    return { made_at: new Date().toISOString(), files };
  });
  await fs.writeFile(path.join(dest, NOTE), JSON.stringify(note, null, 2));
  return note;
}

/**
 * Brings a backup back into `dataDir`, which no server may be using (the caller holds its lock). What the data
 * directory held is moved aside into `replaced-{time}/` inside it, so a restore loses nothing. Answers that folder.
 */
export async function restoreBackup(source: string, dataDir: string): Promise<string> {
  const note = JSON.parse(await fs.readFile(path.join(source, NOTE), 'utf8')) as BackupNote;
  const dump = await fs.readFile(path.join(source, DUMP));
  const aside = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await fs.mkdir(aside, { recursive: true });
  for (const name of ['pglite', ...FILE_FOLDERS]) {
    await fs.rename(path.join(dataDir, name), path.join(aside, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  const pglite = new PGlite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([dump]), extensions: { pg_trgm } });
  await pglite.waitReady;
  await pglite.exec('checkpoint');
  await pglite.close();
  let files = 0;
  for (const folder of FILE_FOLDERS) files += await copyTree(path.join(source, folder), path.join(dataDir, folder));
  if (files !== note.files) throw new Error(`The backup's note counts ${note.files} files, but ${files} were found`);
  return aside;
}
