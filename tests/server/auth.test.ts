import { expectFieldErrors, suiteTestApp } from '../helpers/testApp';
import { MSG, OWN_MSG } from '../../domain/messages';
import { ROLE } from '../../domain/roles';

const t = suiteTestApp();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/login (staff)', () => {
  it('answers the user and a token that opens the API', async () => {
    const res = await post('/api/auth/login', { email: 'Admin@Demo.test', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'admin@demo.test', role: ROLE.administrator });
    expect(body.user).toHaveProperty('first_name');
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    const alerts = await t.app.inject({ url: '/api/alert', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(alerts.statusCode).toBe(200);
  });

  it('gives a manager their areas', async () => {
    const res = await post('/api/auth/login', { email: 'manager@demo.test', password: 'demo1234' });
    expect(res.json().user.role).toBe(ROLE.manager);
    expect(res.json().user.area_ids).toHaveLength(2);
  });

  it('answers 401 with the spec message for a wrong password, an unknown e-mail, or another kind of account', async () => {
    for (const body of [
      { email: 'admin@demo.test', password: 'wrong-password' },
      { email: 'nobody@demo.test', password: 'demo1234' },
      { email: 'restaurant@demo.test', password: 'demo1234' },
    ]) {
      const res = await post('/api/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.incorrectLogins });
    }
  });

  it('answers 400 with the validation messages', async () => {
    expect((await post('/api/auth/login', { email: '', password: '' })).json()).toEqual({
      email: [MSG.enterEmail],
      password: [MSG.enterPassword],
    });
    expect((await post('/api/auth/login', { email: 'x', password: '123' })).json()).toEqual({
      email: [MSG.validEmail],
      password: [MSG.passwordSixSymbols],
    });
  });
});

describe('POST /api/auth/login/restaurant and /driver', () => {
  it('a restaurant account gets its restaurants', async () => {
    const res = await post('/api/auth/login/restaurant', { email: 'restaurant@demo.test', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const { restaurant, access_token } = res.json();
    expect(restaurant.email).toBe('restaurant@demo.test');
    expect(restaurant.restaurants.length).toBeGreaterThanOrEqual(2);
    expect(restaurant.restaurants[0]).toHaveProperty('address');
    expect(access_token).toBeTruthy();
  });

  it('staff cannot log in as a restaurant', async () => {
    expect((await post('/api/auth/login/restaurant', { email: 'admin@demo.test', password: 'demo1234' })).statusCode).toBe(401);
  });

  it('a driver gets their profile and a token that reaches no panel data', async () => {
    const res = await post('/api/auth/login/driver', { email: 'driver@demo.test', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().driver).toMatchObject({ email: 'driver@demo.test' });
    const alerts = await t.app.inject({ url: '/api/alert', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(alerts.statusCode).toBe(403);
  });

  it('an inactive driver is refused', async () => {
    await t.db.updateTable('drivers').set({ status: 20 }).where('email', '=', 'driver@demo.test').execute();
    try {
      const res = await post('/api/auth/login/driver', { email: 'driver@demo.test', password: 'demo1234' });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.db.updateTable('drivers').set({ status: 10 }).where('email', '=', 'driver@demo.test').execute();
    }
  });
});

describe('tokens', () => {
  it('answers 401 for a missing, unknown, revoked or expired token', async () => {
    expect((await t.app.inject({ url: '/api/alert' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/alert', headers: { authorization: 'Bearer made-up' } })).statusCode).toBe(401);

    const login = await post('/api/auth/login', { email: 'admin@demo.test', password: 'demo1234' });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    expect((await t.app.inject({ url: '/api/auth/me', headers })).json().user.email).toBe('admin@demo.test');
    expect((await post('/api/auth/logout', {}, headers)).json()).toEqual({ success: true });
    expect((await t.app.inject({ url: '/api/alert', headers })).statusCode).toBe(401);

    const other = await t.as('manager@demo.test');
    await t.db.updateTable('auth_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('revoked_at', 'is', null).execute();
    expect((await t.app.inject({ url: '/api/alert', headers: other })).statusCode).toBe(401);
  });

  it('stores only a hash of each token', async () => {
    const token = (await post('/api/auth/login', { email: 'admin@demo.test', password: 'demo1234' })).json().access_token;
    const stored = await t.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('POST /api/register', () => {
  const valid = { firstName: 'Nina', lastName: 'Patel', email: 'Nina.Patel@example.test', password: 'secret12' };

  it('creates an account without a role, logged in, with an argon2id hash', async () => {
    const res = await post('/api/register', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ first_name: 'Nina', last_name: 'Patel', email: 'nina.patel@example.test', role: null });
    const row = await t.db.selectFrom('users').select('password_hash').where('email', '=', 'nina.patel@example.test').executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    // Without a role the account reaches no staff data.
    const headers = { authorization: `Bearer ${res.json().access_token}` };
    expect((await t.app.inject({ url: '/api/alert', headers })).statusCode).toBe(403);
    expect((await post('/api/auth/login', { email: valid.email, password: valid.password })).statusCode).toBe(200);
  });

  it('refuses a second account with the same e-mail on the e-mail field', async () => {
    const res = await post('/api/register', { ...valid, email: 'ADMIN@demo.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [OWN_MSG.emailTaken] });
  });

  it('answers the registration messages', async () => {
    expectFieldErrors(await post('/api/register', { firstName: '', lastName: '', email: 'bad', password: '123' }), {
      firstName: [MSG.enterName],
      lastName: [MSG.enterLastName],
      email: [MSG.validEmail],
      password: [MSG.min6],
    });
  });
});
