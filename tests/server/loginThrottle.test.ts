import { buildApp } from '../../server/app';
import { LoginThrottle, THROTTLE_LIMITS } from '../../server/auth/loginThrottle';
import { OWN_MSG } from '../../domain/messages';
import { createTestApp, suiteTestApp, type TestApp } from '../helpers/testApp';

/**
 * Password guessing is slowed by e-mail, by address and in total, with counts every instance shares, and a client
 * cannot pick its own address with a header.
 */
const login = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

describe('login throttling', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('refuses an e-mail after ten failures, however the client rotates X-Forwarded-For', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.login.perEmail; i++) {
      const res = await login(t, 'manager@demo.test', 'nope-nope', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t, 'manager@demo.test', 'demo1234', { 'x-forwarded-for': '198.51.100.77' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ email: [OWN_MSG.tooManyLogins] });
    // Other accounts still log in.
    expect((await login(t, 'admin@demo.test', 'demo1234')).statusCode).toBe(200);
  });

  it('refuses an address spraying one password over many e-mails, even for a right password', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.login.perAddress; i++) {
      expect((await login(t, `nobody${i}@demo.test`, 'summer2026')).statusCode).toBe(401);
    }
    expect((await login(t, 'admin@demo.test', 'demo1234')).statusCode).toBe(429);
  });

  it('shares its counts between instances on one database', async () => {
    const other = await buildApp({ config: t.config, db: t.db, databaseKind: t.app.databaseKind });
    try {
      for (let i = 0; i < THROTTLE_LIMITS.login.perEmail; i++) {
        const res = await (i % 2 ? other : t.app).inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'guess-guess' } });
        expect(res.statusCode).toBe(401);
      }
      const res = await other.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'demo1234' } });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('throttles registrations by address', async () => {
    const register = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'New', lastName: 'Person', email: `new${i}@demo.test`, password: 'secret1' } });
    for (let i = 0; i < THROTTLE_LIMITS.register.perAddress; i++) expect((await register(i)).statusCode).toBe(201);
    const refused = await register(99);
    expect(refused.statusCode).toBe(429);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'new99@demo.test').executeTakeFirst()).toBeUndefined();
  });

  it('stops everyone once the failures of all clients pass the total budget, and lets each window go', async () => {
    const limits = { ...THROTTLE_LIMITS, login: { windowMinutes: 15, perEmail: 100, perAddress: 100, total: 5 } };
    const throttle = new LoginThrottle(t.db, limits);
    for (let i = 0; i < 5; i++) await throttle.record('login', `user${i}@x.test`, `192.0.2.${i}`);
    expect(await throttle.isBlocked('login', 'fresh@x.test', '192.0.2.200')).toBe(true);
    await t.db.updateTable('login_attempts').set({ at: new Date(Date.now() - 16 * 60_000).toISOString() }).execute();
    expect(await throttle.isBlocked('login', 'fresh@x.test', '192.0.2.200')).toBe(false);
  });
});

describe('behind a proxy named in TRUST_PROXY', () => {
  const t = suiteTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

  it("counts the forwarded client's address, so another client is not refused", async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < THROTTLE_LIMITS.login.perAddress; i++) {
      expect((await login(t, `nobody${i}@demo.test`, 'summer2026', from('203.0.113.5'))).statusCode).toBe(401);
    }
    expect((await login(t, 'admin@demo.test', 'demo1234', from('203.0.113.5'))).statusCode).toBe(429);
    expect((await login(t, 'admin@demo.test', 'demo1234', from('203.0.113.6'))).statusCode).toBe(200);
  });
});
