import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressFolder } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../helpers/testApp';

/**
 * The built app as the browser gets it: hashed assets kept for a year, index.html and the API never kept, and text
 * files sent as the build compressed them (Brotli or gzip, as the browser accepts), byte for byte the same content.
 */

let t: TestApp;
let dir: string;
const script = `console.log(${JSON.stringify('the app '.repeat(400))});\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-Abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'assets', 'index-Abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'logo-Def456.png'), Buffer.alloc(4096, 1));
  fs.copyFileSync(path.join(__dirname, '../../public/favicon.svg'), path.join(dir, 'favicon.svg'));
  const made = precompressFolder(dir);
  expect(made.files).toBe(2); // the script and the page; the picture is not text
  expect(made.brotli).toBeLessThan(made.gzip);
  t = await createTestApp({ env: { STATIC_DIR: dir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built app', () => {
  it('sends hashed assets Brotli-compressed to a browser that takes it, gzip to one that takes only gzip, plain otherwise', async () => {
    const br = await get('/assets/index-Abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-Abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers the tab icon as an SVG kept a week, so no first visit meets a missing icon and no page asks it again', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.body).toContain('<svg');
  });

  it('lets browsers keep hashed assets for a year, and never index.html, the app routes or the API', async () => {
    for (const url of ['/assets/index-Abc123.js', '/assets/logo-Def456.png']) {
      expect((await get(url, 'br')).headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/schedule', '/drivers?page=2']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/schedule' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    const api = await t.app.inject({ method: 'GET', url: '/api/area', headers: await t.as('admin@demo.test') });
    expect(api.headers['cache-control']).toBe('no-store');
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
  });
});

describe('an app route over a real connection', () => {
  it('answers the page with no pile of listeners on its response, however many times it is opened', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 5; i++) {
        for (const url of ['/schedule', '/drivers/12', '/assets/index-Abc123.js']) {
          const res = await fetch(`${address}${url}`, { headers: { 'accept-encoding': 'br, gzip' } });
          expect(res.status, url).toBe(200);
          await res.arrayBuffer();
        }
      }
      expect(await (await fetch(`${address}/schedule`)).text()).toBe(page);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
