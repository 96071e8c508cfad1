import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../helpers/e2e';
import { freePort, ROOT } from '../helpers/serverProcess';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Runs `node --import tsx server/main.ts` to its exit; answers the exit code and what it wrote to stderr. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], { cwd: ROOT, env: { ...process.env, PORT: '0', ...env } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, stderr };
}

const answers = async (url: string) => fetch(`${url}/api/health`).then(() => true, () => false);

describe('the server process', () => {
  it('answers health with the embedded database migrated', async () => {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'reachable', engine: 'pglite', migrations: { pending: 0 } });
  });

  it('serves the app with history fallback and images from the data directory', async () => {
    const page = await fetch(`${server.url}/drivers/12`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${server.url}/images/missing.png`)).status).toBe(404);
  });

  it('a second server on the same data directory refuses to start and says why', async () => {
    const { code, stderr } = await runToExit({ DATA_DIR: server.dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain('is in use by process');
  });

  it('refuses to start on a malformed setting, naming it, before touching any data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-config-'));
    try {
      const { code, stderr } = await runToExit({ DATA_DIR: dataDir, TOKEN_TTL_DAYS: 'thirty' });
      expect(code).toBe(1);
      expect(stderr).toContain('TOKEN_TTL_DAYS');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production with a known development secret for the live feed', async () => {
    const { code, stderr } = await runToExit({ NODE_ENV: 'production', PUSHER_APP_SECRET: 'backoffice-secret-change-me', DATA_DIR: path.join(os.tmpdir(), 'never-made') });
    expect(code).toBe(1);
    expect(stderr).toContain('PUSHER_APP_SECRET');
  });
});

describe('npm start', () => {
  /** `npm start` in a process group of its own, as a terminal or a process manager runs it. */
  async function npmStart() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-npm-'));
    const port = await freePort();
    const npm = spawn('npm', ['start'], { cwd: ROOT, detached: true, stdio: 'ignore', env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0' } });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error('npm start did not come up');
      await new Promise((r) => setTimeout(r, 250));
    }
    return { npm, url, dataDir };
  }

  async function stopsWithin(url: string, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (!(await answers(url))) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  }

  it.each([
    ['SIGTERM to npm', (pid: number) => process.kill(pid, 'SIGTERM')],
    ['Ctrl-C (SIGINT to the whole group)', (pid: number) => process.kill(-pid, 'SIGINT')],
  ])('stops the server it started on %s, shutting it down cleanly', async (_how, stop) => {
    const { npm, url, dataDir } = await npmStart();
    try {
      stop(npm.pid!);
      expect(await stopsWithin(url, 15_000)).toBe(true);
      // A clean shutdown lets go of the data directory.
      await new Promise((r) => setTimeout(r, 500));
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
