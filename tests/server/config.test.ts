import { ConfigError, loadConfig } from '../../server/config';
import { resolveSecrets } from '../../server/secrets';
import { openTestDatabase } from '../helpers/testApp';

/** Every setting is checked once, at start: a wrong one stops the start with a message naming it. */
describe('configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it('takes the defaults when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({ port: 8080, tokenTtlDays: 30, trustProxy: false, pusherAppKey: null, pusherAppSecret: null, logLevel: 'warn' });
  });

  it.each([
    ['TOKEN_TTL_DAYS', 'thirty'],
    ['TOKEN_TTL_DAYS', '0'],
    ['PORT', '80a'],
    ['LOG_LEVEL', 'loud'],
    ['INVOICE_VAT_RATE', '150'],
    ['SEED_DEMO', 'yes'],
    ['TRUST_PROXY', 'the load balancer'],
    ['DATABASE_URL', 'mysql://db/app'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('limits the wait for PostgreSQL to a few seconds by default, and takes other limits', () => {
    expect(loadConfig({}).databaseLimits).toEqual({ connectMs: 2_000, statementMs: 5_000 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '500', DB_STATEMENT_TIMEOUT_MS: '900' }).databaseLimits).toEqual({ connectMs: 500, statementMs: 900 });
    expect(problems({ DB_STATEMENT_TIMEOUT_MS: 'forever' })[0]).toMatch(/^DB_STATEMENT_TIMEOUT_MS: must be a whole number|^DB_STATEMENT_TIMEOUT_MS: DB_STATEMENT_TIMEOUT_MS must be a whole number/);
  });

  it('lists every problem at once', () => {
    expect(problems({ TOKEN_TTL_DAYS: 'x', PORT: 'y' }).map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'TOKEN_TTL_DAYS']);
  });

  it('trusts only the proxies it is given', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16 ,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
  });

  it('refuses a known or short live-feed secret in production, and takes a long one', () => {
    for (const secret of ['backoffice-secret-change-me', 'short']) {
      expect(problems({ NODE_ENV: 'production', PUSHER_APP_SECRET: secret })[0]).toMatch(/^PUSHER_APP_SECRET: /);
    }
    expect(problems({ NODE_ENV: 'production', PUSHER_APP_SECRET: 'a-long-random-secret-of-our-own' })).toEqual([]);
    expect(problems({ PUSHER_APP_SECRET: 'backoffice-secret-change-me' })).toEqual([]);
  });
});

describe('secrets', () => {
  it('are generated on first start, kept, different for every installation, and overridden by the environment', async () => {
    const [one, other] = [await openTestDatabase(), await openTestDatabase()];
    try {
      const first = await resolveSecrets(loadConfig({}), one.db);
      expect(first.pusherAppSecret).toMatch(/^[\w-]{40,}$/);
      expect(first.fileSigningSecret).not.toBe(first.pusherAppSecret);
      expect(await resolveSecrets(loadConfig({}), one.db)).toEqual(first);
      const elsewhere = await resolveSecrets(loadConfig({}), other.db);
      expect(elsewhere.pusherAppSecret).not.toBe(first.pusherAppSecret);
      expect(elsewhere.pusherAppKey).not.toBe(first.pusherAppKey);
      const set = await resolveSecrets(loadConfig({ PUSHER_APP_KEY: 'our-key', PUSHER_APP_SECRET: 'our-secret' }), one.db);
      expect(set).toMatchObject({ pusherAppKey: 'our-key', pusherAppSecret: 'our-secret', fileSigningSecret: first.fileSigningSecret });
    } finally {
      await one.close();
      await other.close();
    }
  });
});
