import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fields, multipart, png } from '../helpers/multipart';
import { ROOT, startProcess, type ServerProcess } from '../helpers/serverProcess';

/**
 * `npm run backup` while the server runs and takes writes, then `npm run restore`: the restored installation has
 * the database and the files of the moment of the backup, and nothing after it.
 */
describe.runIf(!process.env.TEST_DATABASE_URL)('backup and restore of the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-backup-'));
  const dest = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-backups-')), 'nightly');
  let server: ServerProcess;
  let token: string;
  afterAll(async () => {
    await server?.stop();
    for (const dir of [dataDir, path.dirname(dest)]) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run <command> -- ...args` as an operator runs it, to its exit. */
  async function npmRun(command: 'backup' | 'restore', ...args: string[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/backup/cli.ts'), command, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    return { code, output };
  }

  async function api(method: string, url: string, body?: unknown) {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: () => res.clone().json() as Promise<unknown> };
  }

  async function start() {
    server = await startProcess({}, dataDir);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
  }

  const area = async (name: string, city: number) => (await api('POST', '/api/area', { name, city_id: city, standardPayRate: 11, weekendPayRate: 12 })).status;
  const areaNames = async () => ((await (await api('GET', '/api/area')).json()) as { name: string }[]).map((a) => a.name);

  it('round-trips the database and its files, taken while writes go on', async () => {
    await start();
    const city = ((await (await api('GET', '/api/city')).json()) as { id: number }[])[0].id;
    expect(await area('Before Backup', city)).toBe(201);
    const body = multipart([...fields({ postTitle: 'With a picture', postContent: '<p>See</p>' }), { name: 'file', file: await png(40, 30), filename: 'p.png', type: 'image/png' }]);
    const posted = await fetch(`${server.url}/api/newsFeed`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...body.headers }, body: new Uint8Array(body.payload) });
    const post = (await posted.json()) as { id: number; img: string };

    // Writes keep coming while the backup is taken.
    let writing = true;
    let n = 0;
    const storm = (async () => {
      while (writing) expect(await area(`During ${n++}`, city)).toBe(201);
    })();
    const made = await npmRun('backup', '--to', dest);
    writing = false;
    await storm;
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('by the running server');

    // After the backup: a new area, and the post with its picture removed.
    expect(await area('After Backup', city)).toBe(201);
    expect((await api('DELETE', `/api/newsFeed/${post.id}`)).status).toBe(204);
    expect(fs.existsSync(path.join(dataDir, 'images', post.img))).toBe(false);

    const refused = await npmRun('restore', dest);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is in use by process');

    await server.stop();
    const restored = await npmRun('restore', dest);
    expect(restored.code, restored.output).toBe(0);
    await start();

    const names = await areaNames();
    expect(names).toContain('Before Backup');
    expect(names).not.toContain('After Backup');
    // The writes made during the backup are there up to some point, and none after it: a moment's state.
    const during = names.filter((a) => a.startsWith('During ')).map((a) => Number(a.slice(7))).sort((a, b) => a - b);
    expect(during).toEqual(during.map((_, i) => i));
    const posts = (await (await api('GET', '/api/newsFeed')).json()) as { id: number; img: string }[];
    expect(posts.find((p) => p.id === post.id)?.img).toBe(post.img);
    expect((await fetch(`${server.url}/images/${post.img}`)).status).toBe(200);
    // What the data directory held before the restore is kept aside.
    expect(fs.readdirSync(dataDir).some((d) => d.startsWith('replaced-'))).toBe(true);
  }, 240_000);

  it('is also made without a running server', async () => {
    await server.stop();
    const offline = await npmRun('backup', '--to', `${dest}-offline`);
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain('no server was running');
    expect(fs.existsSync(path.join(`${dest}-offline`, 'pglite.tar.gz'))).toBe(true);
  }, 120_000);
});
