import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createdBody, expectFieldErrors, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { fields, jpeg, multipart, png, type Part } from '../helpers/multipart';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { IMAGE_MSG } from '../../domain/validation/image';
import { AMOUNT_MSG } from '../../domain/validation/fields';
import {
  RESTAURANT_CREDENTIALS_SUBJECT,
  RESTAURANT_MSG,
  restaurantInUseMessage,
  restaurateurInUseMessage,
  type RestaurantRecord,
  type WorkingHereDriver,
} from '../../domain/validation/restaurant';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';

const feed = new RecordingBroadcaster();
let camdenId: number;
let salfordId: number;
const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  const areas = await t.db.selectFrom('areas').select(['id', 'name']).execute();
  camdenId = areas.find((a) => a.name === 'Camden')!.id;
  salfordId = areas.find((a) => a.name === 'Salford')!.id;
});

const call = t.call;
const send = t.send;
const imageFile = (file: string) => path.join(t.config.dataDir, 'images', file);
const thumbFile = (file: string) => path.join(t.config.dataDir, 'images', 'thumb', file);

let seq = 0;
const valid = (extra: Record<string, unknown> = {}) => ({
  name: `Test Kitchen ${++seq}`,
  contactName: 'Sam Cook (Manager)',
  address: '10 Camden Road, London',
  postcode: 'NW1 9LS',
  map_latitude: '51.54',
  map_longitude: '-0.14',
  email: `kitchen${seq}@restaurants.test`,
  business_email: `accounts${seq}@kitchen.test`,
  telephone: '020 7946 0000',
  area_id: camdenId,
  standard_pay: '12.50',
  weekend_pay: '14',
  invoice_comission: '1.5',
  booking_fee: '',
  send_invoice: '1',
  meal: 'Free pizza',
  uniform: '',
  ...extra,
});
type Created = RestaurantRecord & { restCredentials: { email: string; password?: string; name: string; restaurant?: string } };
const create = async (extra: Record<string, unknown> = {}, files: Part[] = []) =>
  createdBody<Created>(await send('POST', '/api/restaurant', ADMIN, [...fields(valid(extra)), ...files]));
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/restaurant', payload: { email, password } });

describe('POST /api/restaurant', () => {
  it('creates the restaurant with a new login, answers restCredentials and tells open screens', async () => {
    const res = await send('POST', '/api/restaurant', ADMIN, [...fields(valid()), { name: 'file', file: await jpeg(2400, 1200), filename: 'logo.jpg', type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    const body = res.json() as RestaurantRecord & { restCredentials: { email: string; password: string; name: string; restaurant: string } };
    expect(body).toMatchObject({
      name: `Test Kitchen ${seq}`,
      contactName: 'Sam Cook (Manager)',
      contact_name: 'Sam Cook (Manager)',
      address: '10 Camden Road, London',
      postcode: 'NW1 9LS',
      telephone: '020 7946 0000',
      email: `kitchen${seq}@restaurants.test`,
      business_email: `accounts${seq}@kitchen.test`,
      area_id: camdenId,
      area: { id: camdenId, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 },
      status: 10,
      standard_pay: 12.5,
      weekend_pay: 14,
      invoice_comission: 1.5,
      booking_fee: null,
      send_invoice: 1,
      map_latitude: 51.54,
      map_longitude: -0.14,
      meal: 'Free pizza',
      uniform: null,
    });
    // A new account: the generated password goes back once and logs in.
    expect(body.restCredentials).toEqual({ email: body.email, name: body.name, restaurant: body.name, password: expect.stringMatching(/^.{16}$/) });
    const session = await login(body.email!, body.restCredentials.password);
    expect(session.statusCode).toBe(200);
    expect(session.json().restaurant.restaurants.map((r: { id: number }) => r.id)).toEqual([body.id]);
    // The logo is re-compressed to 1920 px with a thumbnail, and served.
    expect(body.logo_src).toMatch(/^[0-9a-f]{24}\.jpg$/);
    expect((await sharp(imageFile(body.logo_src!)).metadata()).width).toBe(1920);
    expect((await sharp(thumbFile(body.logo_src!)).metadata()).width).toBeLessThanOrEqual(240);
    const served = await t.app.inject({ method: 'GET', url: `/images/${body.logo_src}` });
    expect(served.statusCode).toBe(200);
    const restaurant: Partial<typeof body> = { ...body };
    delete restaurant.restCredentials;
    expect(feed.messages).toEqual([{ channel: 'restaurant_channel', event: 'store', items: [restaurant] }]);
  });

  it("adds the restaurant to an existing restaurant account, which keeps its password unless a special one is set", async () => {
    const body = await create({ email: 'RESTAURANT@demo.test' });
    expect(body.restCredentials).toEqual({ email: RESTAURANT, name: 'Pizza Palace Ltd', restaurant: body.name });
    expect(body.restaurateur).toMatchObject({ email: RESTAURANT, name: 'Pizza Palace Ltd' });
    expect((await login(RESTAURANT, DEMO_PASSWORD)).statusCode).toBe(200);
    const own = (await call('GET', '/api/restaurant', RESTAURANT)).json() as RestaurantRecord[];
    expect(own.map((r) => r.id)).toContain(body.id);

    const special = await create({ email: 'goldenwok@demo.test', password: 'wok-secret' });
    expect(special.restCredentials.password).toBe('wok-secret');
    expect((await login('goldenwok@demo.test', 'wok-secret')).statusCode).toBe(200);
  });

  it("answers each missing field with the spec's message, and writes nothing", async () => {
    const before = await t.db.selectFrom('restaurants').select('id').execute();
    expectFieldErrors(await send('POST', '/api/restaurant', ADMIN, [{ name: 'meal', value: 'x' }]), {
      name: [RESTAURANT_MSG.nameRequired],
      contactName: [RESTAURANT_MSG.contactNameRequired],
      address: [RESTAURANT_MSG.addressRequired],
      email: [RESTAURANT_MSG.emailRequired],
      business_email: [RESTAURANT_MSG.businessEmailRequired],
      telephone: [RESTAURANT_MSG.telephoneRequired],
      area_id: [RESTAURANT_MSG.areaRequired],
    });
    expect(await t.db.selectFrom('restaurants').select('id').execute()).toHaveLength(before.length);
    expect(feed.messages).toEqual([]);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', RESTAURANT_MSG.validEmail],
    [{ business_email: 'billing at kitchen' }, 'business_email', RESTAURANT_MSG.validBusinessEmail],
    [{ area_id: 999_999 }, 'area_id', RESTAURANT_MSG.areaUnknown],
    [{ area_id: 'Camden' }, 'area_id', RESTAURANT_MSG.areaUnknown],
    [{ standard_pay: '-1' }, 'standard_pay', AMOUNT_MSG.negative],
    [{ weekend_pay: 'ten' }, 'weekend_pay', AMOUNT_MSG.notNumber],
    [{ invoice_comission: '1.555' }, 'invoice_comission', AMOUNT_MSG.pence],
    [{ booking_fee: '1000' }, 'booking_fee', AMOUNT_MSG.tooHigh],
    [{ map_latitude: '91' }, 'map_latitude', RESTAURANT_MSG.latitude],
    [{ password: '12345' }, 'password', RESTAURANT_MSG.passwordSixSymbols],
  ])('refuses %j with a message on its field', async (extra, field, message) => {
    const res = await send('POST', '/api/restaurant', ADMIN, fields(valid(extra)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it("refuses a logo that is not an image (402 'Unsupported file type') or too large, storing nothing", async () => {
    const before = fs.readdirSync(path.join(t.config.dataDir, 'images')).length;
    const svg = await send('POST', '/api/restaurant', ADMIN, [
      ...fields(valid()),
      { name: 'file', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(svg.statusCode).toBe(402);
    expect(svg.json()).toEqual({ message: IMAGE_MSG.unsupported, file: [IMAGE_MSG.unsupported] });
    const big = await send('POST', '/api/restaurant', ADMIN, [...fields(valid()), { name: 'file', file: Buffer.alloc(10_000_001), filename: 'big.png' }]);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ file: [IMAGE_MSG.tooLarge] });
    expect(fs.readdirSync(path.join(t.config.dataDir, 'images')).length).toBe(before);
  });

  it('is for administrators only', async () => {
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await send('POST', '/api/restaurant', who, fields(valid()))).statusCode).toBe(403);
    }
    expect((await send('POST', '/api/restaurant', null, fields(valid()))).statusCode).toBe(401);
  });
});

describe('POST /api/restaurant/{id} (edit)', () => {
  it('saves every field, keeps the logo when its name comes back, and clears what the form left out', async () => {
    const made = await create({}, [{ name: 'file', file: await png(300, 200), filename: 'logo.png', type: 'image/png' }]);
    feed.messages = [];
    const res = await send('POST', `/api/restaurant/${made.id}`, ADMIN, [
      ...fields(valid({ name: 'Renamed Kitchen', email: made.email, area_id: salfordId, standard_pay: '', logo_src: made.logo_src, meal: '' })),
      { name: '_method', value: 'PATCH' },
      { name: 'id', value: String(made.id) },
    ]);
    expect(res.statusCode).toBe(200);
    const edited = res.json() as RestaurantRecord;
    expect(edited).toMatchObject({ id: made.id, name: 'Renamed Kitchen', area_id: salfordId, standard_pay: null, meal: null, logo_src: made.logo_src });
    expect(edited.restaurateur_id).toBe(made.restaurateur_id);
    expect(feed.messages).toEqual([{ channel: 'restaurant_channel', event: 'update', items: [edited] }]);
    expect(fs.existsSync(imageFile(made.logo_src!))).toBe(true);

    // 'Remove Logo': no file and no name, and the files go.
    const removed = await send('POST', `/api/restaurant/${made.id}`, ADMIN, fields(valid({ name: 'Renamed Kitchen', email: made.email })));
    expect(removed.json().logo_src).toBeNull();
    expect(fs.existsSync(imageFile(made.logo_src!))).toBe(false);
    expect(fs.existsSync(thumbFile(made.logo_src!))).toBe(false);
  });

  it('replaces the logo with a new file and removes the old one', async () => {
    const made = await create({}, [{ name: 'file', file: await png(300, 200), filename: 'a.png', type: 'image/png' }]);
    const res = await send('POST', `/api/restaurant/${made.id}`, ADMIN, [
      ...fields(valid({ email: made.email, logo_src: made.logo_src })),
      { name: 'file', file: await jpeg(500, 500), filename: 'b.jpg', type: 'image/jpeg' },
    ]);
    const logo = res.json().logo_src as string;
    expect(logo).toMatch(/\.jpg$/);
    expect(fs.existsSync(imageFile(logo))).toBe(true);
    expect(fs.existsSync(imageFile(made.logo_src!))).toBe(false);
  });

  it("moves the restaurant to another account's e-mail, or renames its own account when it logs in for it alone", async () => {
    const made = await create();
    const moved = await send('POST', `/api/restaurant/${made.id}`, ADMIN, fields(valid({ email: 'spiceroute@demo.test' })));
    expect(moved.json().restaurateur).toMatchObject({ email: 'spiceroute@demo.test' });

    const alone = await create();
    const renamed = await send('POST', `/api/restaurant/${alone.id}`, ADMIN, fields(valid({ email: 'new.login@restaurants.test' })));
    expect(renamed.json().restaurateur).toEqual({ id: alone.restaurateur_id, name: alone.restaurateur!.name, email: 'new.login@restaurants.test' });
    expect((await login('new.login@restaurants.test', alone.restCredentials.password!)).statusCode).toBe(200);
  });

  it('needs a password for a new login e-mail when the account also logs in for other restaurants', async () => {
    const pizza = ((await call('GET', '/api/restaurant', ADMIN)).json() as RestaurantRecord[]).find((r) => r.name === 'Pizza Palace Camden')!;
    const body = valid({ ...pizza, contactName: pizza.contact_name, email: 'camden.only@restaurants.test', name: pizza.name });
    const refused = await send('POST', `/api/restaurant/${pizza.id}`, ADMIN, fields(body));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ password: [RESTAURANT_MSG.newLoginNeedsPassword] });
    const accepted = await send('POST', `/api/restaurant/${pizza.id}`, ADMIN, fields({ ...body, password: 'camden-pass' }));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().restaurateur.email).toBe('camden.only@restaurants.test');
    expect((await login('camden.only@restaurants.test', 'camden-pass')).statusCode).toBe(200);
    // The group account keeps its other restaurants and its password.
    expect((await login(RESTAURANT, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("'Change Password' sets the account's password and ends its sessions", async () => {
    const made = await create();
    const token = await t.tokenFor(made.email!);
    const res = await send('POST', `/api/restaurant/${made.id}`, ADMIN, fields(valid({ email: made.email, password: 'brand-new-1' })));
    expect(res.statusCode).toBe(200);
    expect((await login(made.email!, 'brand-new-1')).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/restaurant', headers: { authorization: `Bearer ${token}` } });
    expect(old.statusCode).toBe(401);
  });

  it('answers messages, 404 and 403 like add does', async () => {
    const made = await create();
    const bad = await send('POST', `/api/restaurant/${made.id}`, ADMIN, fields(valid({ email: made.email, business_email: 'nope', name: ' ' })));
    expect(bad.json()).toEqual({ name: [RESTAURANT_MSG.nameRequired], business_email: [RESTAURANT_MSG.validBusinessEmail] });
    expect((await send('POST', '/api/restaurant/999999', ADMIN, fields(valid()))).statusCode).toBe(404);
    expect((await send('POST', `/api/restaurant/${made.id}`, ADMIN, fields(valid({ id: made.id + 1 })))).json()).toEqual({ id: [RESTAURANT_MSG.idMismatch] });
    expect((await send('POST', `/api/restaurant/${made.id}`, MANAGER, fields(valid()))).statusCode).toBe(403);
  });
});

describe('PUT /api/restaurant/{id}?inactive=true', () => {
  it('marks a restaurant inactive and active again, and tells open screens', async () => {
    const made = await create();
    feed.messages = [];
    const off = await call('PUT', `/api/restaurant/${made.id}?inactive=true`, ADMIN, { status: 20 });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe(20);
    expect(feed.messages[0]).toMatchObject({ channel: 'restaurant_channel', event: 'update', items: [{ id: made.id, status: 20 }] });
    expect(((await call('GET', '/api/restaurant?status=20', ADMIN)).json() as RestaurantRecord[]).map((r) => r.id)).toContain(made.id);
    expect((await call('PUT', `/api/restaurant/${made.id}?inactive=true`, ADMIN, { status: '10' })).json().status).toBe(10);
  });

  it('refuses another status, an unknown restaurant and other roles', async () => {
    const made = await create();
    expect((await call('PUT', `/api/restaurant/${made.id}?inactive=true`, ADMIN, { status: 30 })).json()).toEqual({ status: [RESTAURANT_MSG.statusInvalid] });
    expect((await call('PUT', `/api/restaurant/${made.id}?inactive=true`, ADMIN, {})).json()).toEqual({ status: [RESTAURANT_MSG.statusInvalid] });
    expect((await call('PUT', '/api/restaurant/999999?inactive=true', ADMIN, { status: 20 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/restaurant/${made.id}?inactive=true`, MANAGER, { status: 20 })).statusCode).toBe(403);
  });
});

describe('DELETE /api/restaurant/{id}', () => {
  it('removes a restaurant without history, its logo and drivers\' choice of it', async () => {
    const made = await create({}, [{ name: 'file', file: await png(100, 100), filename: 'l.png', type: 'image/png' }]);
    const driver = await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow();
    await t.db.insertInto('driver_restaurants').values({ driver_id: driver.id, restaurant_id: made.id }).execute();
    feed.messages = [];
    const res = await call('DELETE', `/api/restaurant/${made.id}`, ADMIN);
    expect(res.statusCode).toBe(204);
    expect(await t.db.selectFrom('restaurants').select('id').where('id', '=', made.id).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(imageFile(made.logo_src!))).toBe(false);
    expect(feed.messages).toEqual([{ channel: 'restaurant_channel', event: 'destroy', items: [expect.objectContaining({ id: made.id })] }]);
    expect((await call('DELETE', `/api/restaurant/${made.id}`, ADMIN)).statusCode).toBe(404);
  });

  it('refuses a restaurant with shifts, timesheets or invoices, saying what it has, and keeps them', async () => {
    const pizza = await t.db.selectFrom('restaurants').select(['id', 'name']).where('name', '=', 'Pizza Palace Camden').executeTakeFirstOrThrow();
    const count = async (table: 'shifts' | 'timesheets' | 'invoices' | 'reporting') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('restaurant_id', '=', pizza.id).executeTakeFirstOrThrow()).n);
    const counts = { shifts: await count('shifts'), timesheets: await count('timesheets'), invoices: await count('invoices'), reports: await count('reporting') };
    expect(counts.shifts).toBeGreaterThan(0);
    const res = await call('DELETE', `/api/restaurant/${pizza.id}`, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: [restaurantInUseMessage(pizza.name, counts)] });
    expect(res.json().id[0]).toMatch(/^Pizza Palace Camden has [\d,]+ shifts, [\d,]+ timesheets.*: mark it inactive instead, so they are kept$/);
    expect(await count('shifts')).toBe(counts.shifts);
  });

  it('is for administrators only', async () => {
    const made = await create();
    for (const who of [MANAGER, RESTAURANT, DRIVER]) expect((await call('DELETE', `/api/restaurant/${made.id}`, who)).statusCode).toBe(403);
  });
});

describe('GET /api/restaurant/{id}/drivers (Drivers Working Here)', () => {
  it("lists the drivers with recent or coming shifts there and those who chose it, with contact details", async () => {
    const pizza = await t.db.selectFrom('restaurants').select('id').where('name', '=', 'Pizza Palace Camden').executeTakeFirstOrThrow();
    const res = await call('GET', `/api/restaurant/${pizza.id}/drivers`, ADMIN);
    expect(res.statusCode).toBe(200);
    const list = res.json() as WorkingHereDriver[];
    const dan = list.find((d) => d.email === DRIVER)!;
    expect(dan).toEqual({ id: expect.any(Number), full_name: 'Dan Driver', email: DRIVER, phone: expect.any(String), address: expect.any(String), status: 10 });
    expect(list.length).toBeGreaterThan(1);
    const names = list.map((d) => d.full_name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('is empty for a new restaurant, 404 for an unknown one, and for administrators only', async () => {
    const made = await create();
    expect((await call('GET', `/api/restaurant/${made.id}/drivers`, ADMIN)).json()).toEqual([]);
    expect((await call('GET', '/api/restaurant/999999/drivers', ADMIN)).statusCode).toBe(404);
    expect((await call('GET', `/api/restaurant/${made.id}/drivers`, MANAGER)).statusCode).toBe(403);
  });
});

describe('POST /api/sendEmail', () => {
  const link = 'http://localhost:8080/login';

  it('e-mails the credentials of a new restaurant login', async () => {
    const made = await create();
    const res = await call('POST', '/api/sendEmail', ADMIN, { ...made.restCredentials, link });
    expect(res.statusCode).toBe(200);
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', made.email!).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(RESTAURANT_CREDENTIALS_SUBJECT);
    expect(mail.body_text).toContain(`Password: ${made.restCredentials.password}`);
    expect(mail.body_text).toContain(link);
    expect(mail.body_text).toContain(made.name);
  });

  it('tells an existing account of its new restaurant without any password', async () => {
    const made = await create({ email: RESTAURANT });
    expect((await call('POST', '/api/sendEmail', ADMIN, { ...made.restCredentials, link })).statusCode).toBe(200);
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', RESTAURANT).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.body_text).not.toContain('Password:');
    expect(mail.body_text).toContain('Your password is unchanged.');
  });

  it('sends only to restaurant accounts, checks the link, and is for administrators', async () => {
    expect((await call('POST', '/api/sendEmail', ADMIN, { email: ADMIN, name: 'x', link })).json()).toEqual({ email: [RESTAURANT_MSG.notRestaurantRecipient] });
    expect((await call('POST', '/api/sendEmail', ADMIN, { email: RESTAURANT, link: 'javascript:alert(1)' })).json()).toEqual({ link: [RESTAURANT_MSG.linkInvalid] });
    expect((await call('POST', '/api/sendEmail', MANAGER, { email: RESTAURANT, link })).statusCode).toBe(403);
  });
});

describe('POST /api/restaurant/profile/{id}', () => {
  const profile = (extra: Record<string, unknown> = {}) => ({
    name: 'Pizza Palace Camden',
    contactName: 'Gina Rossi (Owner)',
    address: '12 Camden High Street, London',
    postcode: 'NW1 0JH',
    telephone: '020 7946 0123',
    waiting_location: 'By the back door',
    _method: 'PATCH',
    ...extra,
  });
  let pizzaId: number;
  beforeAll(async () => {
    pizzaId = (await t.db.selectFrom('restaurants').select('id').where('name', '=', 'Pizza Palace Islington').executeTakeFirstOrThrow()).id;
  });

  it("saves a restaurant account's own restaurant and answers the stored restaurant's fields", async () => {
    const res = await send('POST', `/api/restaurant/profile/${pizzaId}`, RESTAURANT, [
      ...fields(profile({ id: pizzaId, name: 'Pizza Palace Islington', email: 'ignored@x.test' })),
      { name: 'file', file: await png(640, 480), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: pizzaId,
      name: 'Pizza Palace Islington',
      contact_name: 'Gina Rossi (Owner)',
      contactName: 'Gina Rossi (Owner)',
      telephone: '020 7946 0123',
      waiting_location: 'By the back door',
      meal: null,
      logo_src: expect.stringMatching(/\.png$/),
      area_id: expect.any(Number),
      map_latitude: expect.any(Number),
    });
    // The login e-mail is not editable here.
    const owner = (await call('GET', '/api/restaurant', ADMIN)).json().find((r: RestaurantRecord) => r.id === pizzaId);
    expect(owner.email).toBe(RESTAURANT);
    expect(feed.messages).toEqual([{ channel: 'restaurant_channel', event: 'update', items: [owner] }]);
  });

  it('changes the password only with the right current one, keeping this session', async () => {
    const token = await t.tokenFor(RESTAURANT);
    const other = await t.tokenFor(RESTAURANT);
    const headers = { authorization: `Bearer ${token}` };
    const post = (extra: Record<string, unknown>) => {
      const body = multipart(fields(profile({ name: 'Pizza Palace Islington', ...extra })));
      return t.app.inject({ method: 'POST', url: `/api/restaurant/profile/${pizzaId}`, payload: body.payload, headers: { ...headers, ...body.headers } });
    };
    expect((await post({ password: 'pizza-new-1' })).json()).toEqual({ current_password: [RESTAURANT_MSG.currentPasswordRequired] });
    expect((await post({ password: 'pizza-new-1', current_password: 'wrong-one' })).json()).toEqual({ current_password: [RESTAURANT_MSG.currentPasswordWrong] });
    expect((await post({ password: '123', current_password: DEMO_PASSWORD })).json()).toEqual({ password: [RESTAURANT_MSG.passwordSixSymbols] });
    expect((await post({ password: 'pizza-new-1', current_password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await login(RESTAURANT, 'pizza-new-1')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurant', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurant', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
    // Put it back for the other tests.
    await post({ password: DEMO_PASSWORD, current_password: 'pizza-new-1' });
  });

  it("answers the spec's messages", async () => {
    const res = await send('POST', `/api/restaurant/profile/${pizzaId}`, RESTAURANT, fields(profile({ name: '', contactName: ' ', telephone: '' })));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [RESTAURANT_MSG.nameRequired],
      contactName: [RESTAURANT_MSG.contactNameRequired],
      telephone: [RESTAURANT_MSG.telephoneRequired],
    });
  });

  it("answers 404 for another account's restaurant and 403 for staff", async () => {
    const other = await t.db.selectFrom('restaurants').select('id').where('name', '=', 'Bombay Spice').executeTakeFirstOrThrow();
    const res = await send('POST', `/api/restaurant/profile/${other.id}`, RESTAURANT, fields(profile()));
    expect(res.statusCode).toBe(404);
    expect((await send('POST', `/api/restaurant/profile/${pizzaId}`, ADMIN, fields(profile()))).statusCode).toBe(403);
    expect((await send('POST', `/api/restaurant/profile/${pizzaId}`, null, fields(profile()))).statusCode).toBe(401);
  });
});

describe('restaurant accounts: /api/restaurateur', () => {
  it('lists accounts by e-mail with the restaurants they log in for', async () => {
    const res = await call('GET', '/api/restaurateur', ADMIN);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string; email: string; restaurants: { id: number; name: string }[] }[];
    const emails = list.map((r) => r.email);
    expect(emails).toEqual([...emails].sort());
    const pizza = list.find((r) => r.email === RESTAURANT)!;
    expect(pizza.name).toBe('Pizza Palace Ltd');
    expect(pizza.restaurants.map((r) => r.name)).toEqual(expect.arrayContaining(['Pizza Palace Hackney', 'Pizza Palace Islington']));
    expect(pizza).not.toHaveProperty('password_hash');
  });

  it('creates, edits and removes an account; one with restaurants stays', async () => {
    const made = await call('POST', '/api/restaurateur', ADMIN, { name: 'Noodle Bar Ltd', email: 'Noodles@Restaurants.test' });
    expect(made.statusCode).toBe(201);
    const account = made.json();
    expect(account).toMatchObject({ name: 'Noodle Bar Ltd', email: 'noodles@restaurants.test', restaurants: [] });
    expect((await login('noodles@restaurants.test', account.restCredentials.password)).statusCode).toBe(200);

    const taken = await call('POST', '/api/restaurateur', ADMIN, { name: 'x', email: RESTAURANT });
    expect(taken.json()).toEqual({ email: [RESTAURANT_MSG.restaurateurEmailTaken] });
    expect((await call('POST', '/api/restaurateur', ADMIN, { name: 'x', email: 'nope' })).json()).toEqual({ email: [RESTAURANT_MSG.validEmail] });

    const edited = await call('PUT', `/api/restaurateur/${account.id}`, ADMIN, { name: 'Noodle Bar', email: 'noodle.bar@restaurants.test', password: 'noodle-pass' });
    expect(edited.json()).toMatchObject({ id: account.id, name: 'Noodle Bar', email: 'noodle.bar@restaurants.test' });
    expect((await login('noodle.bar@restaurants.test', 'noodle-pass')).statusCode).toBe(200);
    expect((await call('PUT', `/api/restaurateur/${account.id}`, ADMIN, { email: RESTAURANT })).json()).toEqual({ email: [RESTAURANT_MSG.restaurateurEmailTaken] });

    expect((await call('DELETE', `/api/restaurateur/${account.id}`, ADMIN)).json()).toEqual({ success: true });
    expect((await login('noodle.bar@restaurants.test', 'noodle-pass')).statusCode).toBe(401);
    expect((await call('DELETE', `/api/restaurateur/${account.id}`, ADMIN)).statusCode).toBe(404);

    const group = await t.db.selectFrom('restaurateurs').select('id').where('email', '=', 'spiceroute@demo.test').executeTakeFirstOrThrow();
    const owned = await t.db.selectFrom('restaurants').select('id').where('restaurateur_id', '=', group.id).execute();
    const refused = await call('DELETE', `/api/restaurateur/${group.id}`, ADMIN);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ id: [restaurateurInUseMessage('spiceroute@demo.test', owned.length)] });
  });

  it('is for administrators only', async () => {
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await call('GET', '/api/restaurateur', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/restaurateur', who, { email: 'a@b.test' })).statusCode).toBe(403);
    }
  });
});
