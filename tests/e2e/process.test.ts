import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServer, type RunningServer } from '../helpers/e2e';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('the server process', () => {
  it('answers health with the embedded database migrated', async () => {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'pglite', migrations: { pending: 0 } });
  });

  it('serves the app with history fallback and images from the data directory', async () => {
    const page = await fetch(`${server.url}/drivers/12`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${server.url}/images/missing.png`)).status).toBe(404);
  });

  it('a second server on the same data directory refuses to start and says why', async () => {
    const root = path.resolve(__dirname, '../..');
    const second = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: server.dataDir },
    });
    let output = '';
    second.stderr.on('data', (d) => (output += d));
    const code = await new Promise((r) => second.once('exit', r));
    expect(code).toBe(1);
    expect(output).toContain('is in use by process');
  });
});
