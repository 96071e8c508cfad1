import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, processIdentity } from '../../server/db/lock';
import { startProcess } from '../helpers/serverProcess';

/** PGlite has no lock of its own: a second server on one data directory must refuse to start. */
describe('data directory lock', () => {
  let dir: string;
  let other: ChildProcess | null = null;
  const lockFile = () => path.join(dir, 'server.lock');
  const live = () => (other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']));
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-lock-'));
  });
  afterEach(() => {
    other?.kill();
    other = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while another live process holds it, and names that process', () => {
    const holder = live();
    fs.writeFileSync(lockFile(), JSON.stringify(processIdentity(holder.pid)));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(String(holder.pid));
  });

  it.runIf(fs.existsSync('/proc/self/stat'))(
    'a server killed without shutdown is followed by one that starts, even when its process id now names another process',
    async () => {
      const first = await startProcess({ SEED_DEMO: '0' }, dir);
      const firstPid = first.child.pid!;
      await first.kill();
      // A restarted container numbers processes anew: the old server's id now belongs to some live process.
      const reused = live();
      fs.writeFileSync(lockFile(), fs.readFileSync(lockFile(), 'utf8').replace(String(firstPid), String(reused.pid)));
      const second = await startProcess({ SEED_DEMO: '0' }, dir);
      expect(((await (await fetch(`${second.url}/api/health`)).json()) as { status: string }).status).toBe('ok');
      await second.stop();
    },
    120_000,
  );

  it('takes over a lock left by a process that is gone, and releases it', async () => {
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.once('exit', r));
    fs.writeFileSync(lockFile(), JSON.stringify(processIdentity(gone.pid)));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });
});
