import zlib from 'node:zlib';
import { suiteTestApp } from '../helpers/testApp';

const t = suiteTestApp();

describe('compressed answers', () => {
  it('gzips a large list for a browser that accepts it, with the same content', async () => {
    const headers = await t.as('admin@demo.test');
    const plain = await t.app.inject({ method: 'GET', url: '/api/driver?status=30', headers });
    const zipped = await t.app.inject({ method: 'GET', url: '/api/driver?status=30', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
