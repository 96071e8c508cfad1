import { createTestApp, expectFieldErrors, suiteTestApp, ADMIN, type TestApp } from '../helpers/testApp';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { managerRestaurantIds } from '../../server/auth/scope';
import { ROLE } from '../../domain/roles';
import { CREDENTIALS_SUBJECT, USER_MSG } from '../../domain/validation/user';

type Headers = Record<string, string>;
const ADMIN2 = 'oliver.bennett@demo.test';
const OTHER_ROLES = [
  ['manager', 'manager@demo.test'],
  ['restaurant account', 'restaurant@demo.test'],
  ['driver', 'driver@demo.test'],
] as const;

const feed = new RecordingBroadcaster();
let admin: Headers;
const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  admin = await t.as(ADMIN);
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Two areas of the demo data with their restaurants, and one restaurant of a third area. */
async function fixtures() {
  const areas = await t.db.selectFrom('areas').select(['id', 'name']).where('name', 'in', ['Camden', 'Islington', 'Salford']).execute();
  const byName = Object.fromEntries(areas.map((a) => [a.name, a.id]));
  const restaurantsOf = (areaId: number) =>
    t.db.selectFrom('restaurants').select('id').where('area_id', '=', areaId).orderBy('id').execute().then((r) => r.map((x) => x.id));
  return {
    camden: byName.Camden as number,
    islington: byName.Islington as number,
    salford: byName.Salford as number,
    camdenRestaurants: await restaurantsOf(byName.Camden),
    islingtonRestaurants: await restaurantsOf(byName.Islington),
    salfordRestaurants: await restaurantsOf(byName.Salford),
  };
}

const countUsers = async () => (await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const userByEmail = (email: string) => t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const assignmentsOf = async (userId: number) => ({
  areas: (await t.db.selectFrom('user_areas').select('area_id').where('user_id', '=', userId).orderBy('area_id').execute()).map((r) => r.area_id),
  restaurants: (await t.db.selectFrom('user_restaurants').select('restaurant_id').where('user_id', '=', userId).orderBy('restaurant_id').execute()).map(
    (r) => r.restaurant_id,
  ),
});
const login = (email: string, password: string) => call('POST', '/api/auth/login', {}, { email, password });

let serial = 0;
const newManager = (over: Record<string, unknown> = {}) => ({
  first_name: 'Nora',
  last_name: 'New',
  role: ROLE.manager,
  email: `nora.new.${++serial}@example.com`,
  area_ids: [],
  restaurant_ids: [],
  ...over,
});
async function createUser(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/user', admin, newManager(over));
  expect(res.statusCode).toBe(201);
  feed.messages.length = 0; // tests watch the feed for their own call
  return res.json() as { user: { id: number; email: string; full_name: string }; restCredentials: { email: string; password: string; name: string } };
}

/** Each role other than administrator gets 403; no token gets 401. */
async function expectAdministratorsOnly(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  expect((await call(method, url, {}, payload)).statusCode).toBe(401);
  for (const [, email] of OTHER_ROLES) {
    const res = await call(method, url, await t.as(email), payload);
    expect(res.statusCode, email).toBe(403);
  }
}

describe('GET /api/user', () => {
  it('lists staff users with their names, role and assignments, never the password hash', async () => {
    const res = await call('GET', '/api/user', admin);
    expect(res.statusCode).toBe(200);
    const users = res.json() as Record<string, unknown>[];
    const emails = users.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([ADMIN, ADMIN2, 'manager@demo.test', 'priya.shah@demo.test']));
    const alice = users.find((u) => u.email === ADMIN)!;
    expect(alice).toEqual({
      id: expect.any(Number),
      first_name: 'Alice',
      last_name: 'Admin',
      full_name: 'Alice Admin',
      email: ADMIN,
      role: ROLE.administrator,
      area_ids: [],
      restaurant_ids: [],
    });
    const mark = users.find((u) => u.email === 'manager@demo.test')!;
    expect(mark.role).toBe(ROLE.manager);
    expect(mark.area_ids).toHaveLength(2);
    expect((mark.area_ids as unknown[])[0]).toEqual({ area_id: expect.any(Number) });
    const priya = users.find((u) => u.email === 'priya.shah@demo.test')!;
    expect((priya.restaurant_ids as unknown[])[0]).toEqual({ restaurant_id: expect.any(Number) });
    expect(JSON.stringify(users)).not.toContain('password');
  });

  it('includes self-registered users waiting for a role', async () => {
    const reg = await call('POST', '/api/register', {}, { firstName: 'Wanda', lastName: 'Waiting', email: 'wanda.waiting@example.com', password: 'secret12' });
    expect(reg.statusCode).toBe(201);
    const users = (await call('GET', '/api/user', admin)).json() as { email: string; role: number | null; full_name: string }[];
    const wanda = users.find((u) => u.email === 'wanda.waiting@example.com')!;
    expect(wanda.role).toBeNull();
    expect(wanda.full_name).toBe('Wanda Waiting');
  });

  it('trims the full name of a user without a last name', async () => {
    await createUser({ first_name: 'Cher', last_name: '', email: 'cher@example.com' });
    const users = (await call('GET', '/api/user', admin)).json() as { email: string; full_name: string; last_name: string }[];
    expect(users.find((u) => u.email === 'cher@example.com')).toMatchObject({ full_name: 'Cher', last_name: '' });
  });

  it('is for administrators only', () => expectAdministratorsOnly('GET', '/api/user'));
});

describe('POST /api/user', () => {
  it('creates a manager with areas and restaurants, generates a strong password and answers the credentials', async () => {
    const f = await fixtures();
    const restaurants = [f.camdenRestaurants[0], f.islingtonRestaurants[0]];
    const res = await call('POST', '/api/user', admin, {
      first_name: ' Gina ',
      last_name: 'Grant',
      role: ROLE.manager,
      email: 'Gina.Grant@Example.com',
      area_ids: [f.camden, f.islington],
      restaurant_ids: restaurants,
    });
    expect(res.statusCode).toBe(201);
    const { user, restCredentials } = res.json();
    expect(user).toMatchObject({
      first_name: 'Gina',
      last_name: 'Grant',
      full_name: 'Gina Grant',
      email: 'gina.grant@example.com',
      role: ROLE.manager,
    });
    expect(user.area_ids).toEqual(expect.arrayContaining([{ area_id: f.camden }, { area_id: f.islington }]));
    expect(user.restaurant_ids).toHaveLength(2);
    expect(restCredentials).toEqual({ email: 'gina.grant@example.com', password: expect.any(String), name: 'Gina Grant' });
    expect(restCredentials.password.length).toBeGreaterThanOrEqual(12);
    expect(restCredentials.password).toMatch(/[A-Z]/);
    expect((await userByEmail('gina.grant@example.com'))!.password_hash).toMatch(/^\$argon2id\$/);
    // The generated password works, and the manager reaches exactly the chosen restaurants.
    const loggedIn = await login('gina.grant@example.com', restCredentials.password);
    expect(loggedIn.statusCode).toBe(200);
    expect((await managerRestaurantIds(t.db, user.id)).sort()).toEqual([...restaurants].sort());
    expect(feed.messages).toEqual([{ channel: 'user_channel', event: 'store', items: [user] }]);
  });

  it('generates a different password each time', async () => {
    const a = await createUser();
    const b = await createUser();
    expect(a.restCredentials.password).not.toBe(b.restCredentials.password);
  });

  it('uses the password given, and logs in with it', async () => {
    const { restCredentials } = await createUser({ email: 'pat.password@example.com', password: 'chosen-secret' });
    expect(restCredentials.password).toBe('chosen-secret');
    expect((await login('pat.password@example.com', 'chosen-secret')).statusCode).toBe(200);
  });

  it('blank restaurants mean every restaurant of the chosen areas', async () => {
    const f = await fixtures();
    const { user } = await createUser({ area_ids: [f.camden], restaurant_ids: [] });
    expect(await assignmentsOf(user.id)).toEqual({ areas: [f.camden], restaurants: [] });
    expect((await managerRestaurantIds(t.db, user.id)).sort()).toEqual([...f.camdenRestaurants].sort());
  });

  it('stores no areas or restaurants for an administrator', async () => {
    const f = await fixtures();
    const { user } = await createUser({ role: ROLE.administrator, area_ids: [f.camden], restaurant_ids: [f.camdenRestaurants[0]] });
    expect(await assignmentsOf(user.id)).toEqual({ areas: [], restaurants: [] });
  });

  it('accepts ids as the { area_id } / { restaurant_id } items the list answers', async () => {
    const f = await fixtures();
    const { user } = await createUser({ area_ids: [{ area_id: f.salford }], restaurant_ids: [{ restaurant_id: f.salfordRestaurants[0] }] });
    expect(await assignmentsOf(user.id)).toEqual({ areas: [f.salford], restaurants: [f.salfordRestaurants[0]] });
  });

  it("answers the spec's messages and writes nothing", async () => {
    const before = await countUsers();
    const empty = await call('POST', '/api/user', admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      first_name: [USER_MSG.firstNameRequired],
      role: [USER_MSG.roleRequired],
      email: [USER_MSG.emailRequired],
    });
    const blanks = await call('POST', '/api/user', admin, { first_name: '  ', role: '', email: ' ', password: '' });
    expect(blanks.json()).toEqual({
      first_name: [USER_MSG.firstNameRequired],
      role: [USER_MSG.roleRequired],
      email: [USER_MSG.emailRequired],
      password: [USER_MSG.enterPassword],
    });
    const bad = await call('POST', '/api/user', admin, newManager({ email: 'not-an-email', role: 30, password: '12345' }));
    expect(bad.json()).toEqual({
      role: [USER_MSG.roleRequired],
      email: ['Must be valid e-mail'],
      password: ['Password should be at least six symbols long'],
    });
    expect(await countUsers()).toBe(before);
  });

  it('refuses an e-mail already used by another user, whatever its case', async () => {
    const before = await countUsers();
    const res = await call('POST', '/api/user', admin, newManager({ email: 'MANAGER@demo.test' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [USER_MSG.emailTaken] });
    expect(await countUsers()).toBe(before);
  });

  it('refuses unknown areas and restaurants outside the chosen areas, writing nothing', async () => {
    const f = await fixtures();
    const before = await countUsers();
    const unknownArea = await call('POST', '/api/user', admin, newManager({ area_ids: [f.camden, 999999] }));
    expect(unknownArea.statusCode).toBe(400);
    expect(unknownArea.json()).toEqual({ area_ids: [USER_MSG.unknownArea] });
    const outside = await call('POST', '/api/user', admin, newManager({ area_ids: [f.camden], restaurant_ids: [f.salfordRestaurants[0]] }));
    expect(outside.json()).toEqual({ restaurant_ids: [USER_MSG.restaurantOutsideAreas] });
    const noAreas = await call('POST', '/api/user', admin, newManager({ area_ids: [], restaurant_ids: [f.camdenRestaurants[0]] }));
    expect(noAreas.json()).toEqual({ restaurant_ids: [USER_MSG.restaurantOutsideAreas] });
    expect(await countUsers()).toBe(before);
    expect(feed.messages).toEqual([]);
  });

  it('is for administrators only', async () => {
    const before = await countUsers();
    await expectAdministratorsOnly('POST', '/api/user', newManager());
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /api/sendEmailUser', () => {
  const link = 'http://localhost:8080/login';

  it('e-mails the credentials to the new user (kept in the outbox without SMTP)', async () => {
    const { restCredentials } = await createUser({ first_name: 'Erin', last_name: 'Email', email: 'erin.email@example.com' });
    const res = await call('POST', '/api/sendEmailUser', admin, { ...restCredentials, link });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'erin.email@example.com').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(CREDENTIALS_SUBJECT);
    expect(mail.status).toBe('logged');
    for (const part of ['Hello Erin Email,', 'erin.email@example.com', restCredentials.password, link]) expect(mail.body_text).toContain(part);
    expect(mail.body_html).toContain(`<a href="${link}">`);
  });

  it('escapes what was typed in the HTML body', async () => {
    const { restCredentials } = await createUser({ first_name: '<b>Bold</b>', email: 'bold@example.com' });
    await call('POST', '/api/sendEmailUser', admin, { ...restCredentials, link });
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'bold@example.com').executeTakeFirstOrThrow();
    expect(mail.body_html).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.body_html).not.toContain('<b>Bold');
  });

  it('sends only to staff users (no open relay)', async () => {
    const res = await call('POST', '/api/sendEmailUser', admin, { email: 'stranger@example.com', password: 'whatever1', name: 'X', link });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [USER_MSG.notStaffRecipient] });
    const sent = await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'stranger@example.com').execute();
    expect(sent).toEqual([]);
  });

  it('validates the e-mail, the password and the link', async () => {
    expect((await call('POST', '/api/sendEmailUser', admin, {})).json()).toEqual({
      email: [USER_MSG.emailRequired],
      password: [USER_MSG.enterPassword],
      link: [USER_MSG.linkInvalid],
    });
    expect((await call('POST', '/api/sendEmailUser', admin, { email: 'x', password: 'p', link: 'javascript:alert(1)' })).json()).toEqual({
      email: [USER_MSG.validEmail],
      link: [USER_MSG.linkInvalid],
    });
  });

  it('is for administrators only', () =>
    expectAdministratorsOnly('POST', '/api/sendEmailUser', { email: 'manager@demo.test', password: 'whatever1', name: 'M', link }));
});

describe('PUT /api/user/{id}', () => {
  it('updates the fields and replaces the areas and restaurants', async () => {
    const f = await fixtures();
    const { user } = await createUser({ area_ids: [f.camden], restaurant_ids: [f.camdenRestaurants[0]] });
    const hashBefore = (await userByEmail(user.email))!.password_hash;
    const res = await call('PUT', `/api/user/${user.id}?inactive=false`, admin, {
      id: user.id,
      first_name: 'Renamed',
      last_name: 'Person',
      role: ROLE.manager,
      email: 'Renamed.Person@example.com',
      area_ids: [f.islington, f.salford],
      restaurant_ids: [f.salfordRestaurants[0]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, full_name: 'Renamed Person', email: 'renamed.person@example.com', role: ROLE.manager });
    expect(await assignmentsOf(user.id)).toEqual({
      areas: [f.islington, f.salford].sort((a, b) => a - b),
      restaurants: [f.salfordRestaurants[0]],
    });
    // No password given: the password stays.
    expect((await userByEmail('renamed.person@example.com'))!.password_hash).toBe(hashBefore);
    expect(feed.messages).toEqual([{ channel: 'user_channel', event: 'update', items: [res.json()] }]);
  });

  it('keeps the old record and assignments when the new ones are refused', async () => {
    const f = await fixtures();
    const { user } = await createUser({ first_name: 'Keep', area_ids: [f.camden], restaurant_ids: [f.camdenRestaurants[0]] });
    const before = await assignmentsOf(user.id);
    const res = await call('PUT', `/api/user/${user.id}`, admin, newManager({ first_name: 'Changed', email: user.email, area_ids: [f.islington], restaurant_ids: [f.camdenRestaurants[0]] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ restaurant_ids: [USER_MSG.restaurantOutsideAreas] });
    expect(await assignmentsOf(user.id)).toEqual(before);
    expect((await userByEmail(user.email))!.first_name).toBe('Keep');
  });

  it('drops the assignments when a manager becomes an administrator', async () => {
    const f = await fixtures();
    const { user } = await createUser({ area_ids: [f.camden] });
    const res = await call('PUT', `/api/user/${user.id}`, admin, newManager({ role: ROLE.administrator, email: user.email, area_ids: [f.camden] }));
    expect(res.json()).toMatchObject({ role: ROLE.administrator, area_ids: [], restaurant_ids: [] });
    expect(await assignmentsOf(user.id)).toEqual({ areas: [], restaurants: [] });
  });

  it('gives a self-registered user a role, which opens the staff API to them', async () => {
    await call('POST', '/api/register', {}, { firstName: 'Rita', lastName: 'Role', email: 'rita.role@example.com', password: 'secret12' });
    const rita = (await userByEmail('rita.role@example.com'))!;
    const token = await t.as('rita.role@example.com');
    expect((await call('GET', '/api/alert', token)).statusCode).toBe(403);
    const res = await call('PUT', `/api/user/${rita.id}`, admin, { id: rita.id, first_name: 'Rita', last_name: 'Role', role: ROLE.manager, email: rita.email });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/alert', token)).statusCode).toBe(200);
  });

  it("changes the password when given and ends that user's sessions", async () => {
    const { user } = await createUser({ email: 'sess.ion@example.com', password: 'first-pass' });
    const session = await t.as('sess.ion@example.com');
    expect((await call('GET', '/api/alert', session)).statusCode).toBe(200);
    const res = await call('PUT', `/api/user/${user.id}`, admin, newManager({ email: user.email, password: 'second-pass' }));
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/alert', session)).statusCode).toBe(401);
    expect((await login('sess.ion@example.com', 'first-pass')).statusCode).toBe(401);
    expect((await login('sess.ion@example.com', 'second-pass')).statusCode).toBe(200);
    // The administrator who made the change is still logged in.
    expect((await call('GET', '/api/user', admin)).statusCode).toBe(200);
  });

  it("an administrator changing their own password keeps this session and ends their others", async () => {
    const { user } = await createUser({ role: ROLE.administrator, email: 'self.changer@example.com', password: 'first-pass' });
    const here = await t.as('self.changer@example.com');
    const elsewhere = await t.as('self.changer@example.com');
    const res = await call('PUT', `/api/user/${user.id}`, here, newManager({ role: ROLE.administrator, email: user.email, password: 'second-pass' }));
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/user', here)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(401);
  });

  it("answers the spec's messages and writes nothing", async () => {
    const { user } = await createUser({ first_name: 'Val' });
    expectFieldErrors(await call('PUT', `/api/user/${user.id}`, admin, { id: user.id, first_name: '', role: null, email: 'nope', password: '123' }), {
      first_name: [USER_MSG.firstNameRequired],
      role: [USER_MSG.roleRequired],
      email: [USER_MSG.validEmail],
      password: [USER_MSG.passwordSixSymbols],
    });
    expect((await call('PUT', `/api/user/${user.id}`, admin, newManager({ email: '' }))).json()).toEqual({ email: [USER_MSG.emailRequired] });
    expect((await call('PUT', `/api/user/${user.id}`, admin, newManager({ email: user.email, password: '' }))).json()).toEqual({
      password: [USER_MSG.enterPassword],
    });
    expect((await userByEmail(user.email))!.first_name).toBe('Val');
    expect(feed.messages).toEqual([]);
  });

  it("refuses another user's e-mail (any case) but accepts the user's own in another case", async () => {
    const { user } = await createUser({ email: 'own.mail@example.com' });
    const taken = await call('PUT', `/api/user/${user.id}`, admin, newManager({ email: 'Manager@Demo.Test' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: [USER_MSG.emailTaken] });
    const own = await call('PUT', `/api/user/${user.id}`, admin, newManager({ email: 'OWN.Mail@example.com' }));
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 when the body names another id', async () => {
    expect((await call('PUT', '/api/user/999999', admin, newManager())).statusCode).toBe(404);
    expect((await call('PUT', '/api/user/abc', admin, newManager())).statusCode).toBe(404);
    const { user } = await createUser();
    const res = await call('PUT', `/api/user/${user.id}`, admin, newManager({ id: user.id + 1, email: user.email }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: [USER_MSG.idMismatch] });
  });

  it('is for administrators only', async () => {
    const { user } = await createUser({ first_name: 'Untouched' });
    await expectAdministratorsOnly('PUT', `/api/user/${user.id}`, newManager({ first_name: 'Hacked', email: user.email }));
    expect((await userByEmail(user.email))!.first_name).toBe('Untouched');
  });
});

describe('DELETE /api/user/{id}', () => {
  it("removes the user, their assignments and their sessions", async () => {
    const f = await fixtures();
    const { user } = await createUser({ email: 'gone@example.com', area_ids: [f.camden], restaurant_ids: [f.camdenRestaurants[0]] });
    const session = await t.as('gone@example.com');
    const res = await call('DELETE', `/api/user/${user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(await userByEmail('gone@example.com')).toBeUndefined();
    expect(await assignmentsOf(user.id)).toEqual({ areas: [], restaurants: [] });
    expect((await call('GET', '/api/alert', session)).statusCode).toBe(401);
    const live = await t.db
      .selectFrom('auth_tokens')
      .select('id')
      .where('account_kind', '=', 'user')
      .where('account_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect(feed.messages).toEqual([{ channel: 'user_channel', event: 'destroy', items: [expect.objectContaining({ id: user.id, email: 'gone@example.com' })] }]);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await call('DELETE', '/api/user/999999', admin)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const { user } = await createUser({ email: 'stays@example.com' });
    await expectAdministratorsOnly('DELETE', `/api/user/${user.id}`);
    expect(await userByEmail('stays@example.com')).toBeDefined();
  });
});

describe('the administrators keep an administrator', () => {
  // A fresh database: the demo's two administrators, Alice and Oliver, and nobody else of that role.
  let s: TestApp;
  let alice: Headers;
  let aliceId: number;
  let oliverId: number;
  const idOf = async (email: string) => (await s.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const adminBody = (email: string, role: number) => ({ first_name: 'X', last_name: 'Y', role, email, area_ids: [], restaurant_ids: [] });
  beforeAll(async () => {
    s = await createTestApp();
    alice = await s.as(ADMIN);
    aliceId = await idOf(ADMIN);
    oliverId = await idOf(ADMIN2);
  });
  afterAll(() => s.close());

  it('an administrator cannot remove their own account', async () => {
    const res = await s.app.inject({ method: 'DELETE', url: `/api/user/${aliceId}`, headers: alice });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: [USER_MSG.removeSelf] });
  });

  it('an administrator cannot change their own role', async () => {
    const res = await s.app.inject({ method: 'PUT', url: `/api/user/${aliceId}`, headers: alice, payload: adminBody(ADMIN, ROLE.manager) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ role: [USER_MSG.demoteSelf] });
    expect((await s.db.selectFrom('users').select('role').where('id', '=', aliceId).executeTakeFirstOrThrow()).role).toBe(ROLE.administrator);
  });

  it('the last administrator can be neither demoted nor removed', async () => {
    // Alice demotes Oliver, leaving herself the last administrator.
    const demote = await s.app.inject({ method: 'PUT', url: `/api/user/${oliverId}`, headers: alice, payload: adminBody(ADMIN2, ROLE.manager) });
    expect(demote.statusCode).toBe(200);
    const lastDemote = await s.app.inject({ method: 'PUT', url: `/api/user/${aliceId}`, headers: alice, payload: adminBody(ADMIN, ROLE.manager) });
    expect(lastDemote.statusCode).toBe(400);
    expect(lastDemote.json()).toEqual({ role: [USER_MSG.demoteLastAdministrator] });
    const lastRemove = await s.app.inject({ method: 'DELETE', url: `/api/user/${aliceId}`, headers: alice });
    expect(lastRemove.statusCode).toBe(400);
    expect(lastRemove.json()).toEqual({ id: [USER_MSG.removeLastAdministrator] });
    // Editing the last administrator without changing the role is fine.
    const rename = await s.app.inject({ method: 'PUT', url: `/api/user/${aliceId}`, headers: alice, payload: adminBody(ADMIN, ROLE.administrator) });
    expect(rename.statusCode).toBe(200);
  });

  it('an administrator can remove another administrator', async () => {
    const promoted = await s.app.inject({ method: 'PUT', url: `/api/user/${oliverId}`, headers: alice, payload: adminBody(ADMIN2, ROLE.administrator) });
    expect(promoted.statusCode).toBe(200);
    const res = await s.app.inject({ method: 'DELETE', url: `/api/user/${oliverId}`, headers: alice });
    expect(res.statusCode).toBe(200);
  });
});
