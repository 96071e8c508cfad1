import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own on its data directory: two processes opening it corrupt it. A lock file keeps a
 * second process out; a lock left by a process that is gone is taken over.
 *
 * A process id alone proves nothing: a restarted container numbers its processes from 1 again, so the id in a lock
 * left by the last run often belongs to some other live process (or to this one). The lock therefore records who
 * holds it: the process id with that process's start time and the machine's boot, read from /proc. It is held only
 * while a process with that id and that start time is running on this boot. Where /proc is missing (macOS), the id
 * is all there is.
 */
export interface DataDirLock {
  release(): void;
}

export interface ProcessIdentity {
  pid: number;
  /** Clock ticks after boot when the process started (field 22 of /proc/{pid}/stat); null without /proc. */
  started: string | null;
  bootId: string | null;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data directory ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another directory.`);
  }
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** When a process started, or null when there is no such process (or no /proc to ask). */
function startTime(pid: number): string | null {
  const stat = read(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

export function processIdentity(pid = process.pid): ProcessIdentity {
  return { pid, started: startTime(pid), bootId: read('/proc/sys/kernel/random/boot_id') };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a lock names is still the one running under its id (this process never blocks itself). */
function holds(holder: ProcessIdentity): boolean {
  if (holder.pid === process.pid) return false;
  const now = processIdentity(holder.pid);
  if (holder.started === null || now.bootId === null) return isAlive(holder.pid);
  return holder.bootId === now.bootId && holder.started === now.started;
}

/** The lock file's holder; a lock of older versions (a bare id) is read as an id with nothing to check it by. */
function readHolder(file: string): ProcessIdentity | null {
  const text = read(file);
  if (text === null) return null;
  if (/^\d+$/.test(text)) return { pid: Number(text), started: null, bootId: null };
  try {
    const value = JSON.parse(text) as ProcessIdentity;
    return Number.isSafeInteger(value.pid) ? value : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const mine = JSON.stringify(processIdentity());
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (read(file) === mine) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holds(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone, or the id now belongs to another
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
