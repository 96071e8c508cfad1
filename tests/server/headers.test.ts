import { createTestApp, suiteTestApp } from '../helpers/testApp';

/** Security headers on every answer; HSTS only over HTTPS. */
describe('security headers', () => {
  const t = suiteTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

  it('answers API calls, errors and files with a Content-Security-Policy that allows no inline script and no framing', async () => {
    for (const url of ['/api/health', '/api/alert', '/images/missing.png', '/anything']) {
      const res = await t.app.inject({ url, headers: { host: 'office.example' } });
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src'), url).toMatch(/^script-src 'self'/);
      expect(directive('script-src')).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('object-src')).toBe("object-src 'self' blob:");
      expect(directive('img-src')).not.toMatch(/\s(https:|\*)(\s|$)/);
      expect(directive('connect-src')).toContain('wss://office.example');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('sends HSTS over HTTPS only: as told by a trusted proxy, never over plain HTTP', async () => {
    expect((await t.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
  });

  it('does not take an untrusted client at its word that it came over HTTPS', async () => {
    const direct = await createTestApp();
    try {
      const res = await direct.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});
