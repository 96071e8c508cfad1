import fs from 'node:fs';
import type { Kysely } from 'kysely';
import path from 'node:path';
import sharp from 'sharp';
import { createdBody, suiteIds, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { fields, jpeg, png, type Part } from '../helpers/multipart';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { areaId, restaurantId } from '../helpers/shiftFixtures';
import { verifyDocument } from '../../server/services/documents';
import { IMAGE_MSG } from '../../domain/validation/image';
import { DRIVER_MSG, type DriverRecord } from '../../domain/validation/driver';
import { PERIOD_MSG, WORKING_TIMES_MSG } from '../../domain/validation/workingTimes';
import { addDays, londonToday } from '../../domain/dates';
import { dataFull } from '../../domain/dataFull';
import { DRIVER_FILTER } from '../../domain/driverFilters';
import * as keptDataFull from '../../server/db/migrations/0021_driver_data_full';

const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });
const ids = suiteIds(async () => ({
  camden: await areaId(t.db, 'Camden'),
  islington: await areaId(t.db, 'Islington'),
  pizzaCamden: await restaurantId(t.db, 'Pizza Palace Camden'),
  goldenWokSalford: await restaurantId(t.db, 'Golden Wok Salford'),
}));

const call = t.call;
const send = t.send;
const imageFile = (file: string) => path.join(t.config.dataDir, 'images', file);
/** An identity document's stored file, from the signed name an answer gives (null when the signature fails). */
const documentOf = (signed: string) => verifyDocument(t.config.fileSigningSecret, signed);
const documentFile = (file: string, thumb = false) => path.join(t.config.dataDir, 'documents', thumb ? 'thumb' : '', file);
const photo = async (name: string, filename = `${name}.jpg`, bytes?: Buffer): Promise<Part> => ({
  name,
  file: bytes ?? (await jpeg(2600, 1300)),
  filename,
  type: 'image/jpeg',
});

let seq = 0;
const profile = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Tom',
  last_name: `Rider${++seq}`,
  email: `tom.rider${seq}@mail.test`,
  phone: '07700 900123',
  date_of_birth: '14/02/1995',
  address_1: '5 Albert Street',
  address_2: '',
  city: 'London',
  postcode: 'NW1 7LX',
  area_ids: JSON.stringify([ids.camden, ids.islington]),
  restaurant_ids: JSON.stringify([ids.pizzaCamden]),
  emergency_contact_name: 'Jo Rider',
  emergency_contact_phone: '07700 900456',
  have_experience: '10',
  experience_description: 'Two years on a scooter',
  car_make: 'Honda',
  car_model: 'PCX 125',
  car_registration: 'LB21 XYZ',
  car_insurance_renewal_date: '2027-03-01',
  car_insurer: 'Aviva',
  bank_name_of_account_holder: 'Tom Rider',
  bank_sort_code: '12-34-56',
  bank_account_number: '12345678',
  ...extra,
});
const createFull = async (extra: Record<string, unknown> = {}, files: Part[] = []) =>
  createdBody<DriverRecord>(await send('POST', '/api/driver', ADMIN, [...fields(profile(extra)), ...files]));

describe('POST /api/driver (Drivers Manual Register)', () => {
  it('registers a driver with every field and photos re-compressed to 1920 px with thumbnails', async () => {
    const res = await send('POST', '/api/driver', ADMIN, [
      ...fields(profile({ password: 'rider-pass' })),
      await photo('photo_src', 'me.png', await png(800, 800)),
      await photo('driver_license_front_photo'),
      await photo('driver_license_back_photo', 'back.jpeg'),
      await photo('identity_photo'),
      await photo('right_to_work_photos', 'passport.jpg'),
      await photo('right_to_work_photos', 'visa.png', await png(400, 300)),
    ]);
    expect(res.statusCode).toBe(201);
    const driver = res.json() as DriverRecord;
    expect(driver).toMatchObject({
      first_name: 'Tom',
      full_name: `Tom Rider${seq}`,
      email: `tom.rider${seq}@mail.test`,
      status: 30,
      not_progressing: 20,
      half_board: false,
      working_time_opt_out: false,
      date_of_birth: '1995-02-14',
      car_insurance_renewal_date: '2027-03-01',
      address_2: null,
      have_experience: 10,
      area_ids: [{ area_id: Math.min(ids.camden, ids.islington) }, { area_id: Math.max(ids.camden, ids.islington) }],
      restaurant_ids: [{ restaurant_id: ids.pizzaCamden }],
      default_working_time: [],
      actual_override_working_time: [],
    });
    expect(driver.right_to_work_photos.map((p) => p.src_name)).toEqual(['passport.jpg', 'visa.png']);
    // Every one of the 24 fields is filled.
    expect(driver.data_full).toBe(100);
    expect(driver.data_full).toBe(dataFull(driver));

    // Identity documents are kept out of the public images and answered as short-lived signed names.
    for (const signed of [driver.driver_license_front_photo!, driver.driver_license_back_photo!, driver.identity_photo!]) {
      const file = documentOf(signed)!;
      expect(file).toMatch(/^[0-9a-f]{24}\.jpg$/);
      const meta = await sharp(documentFile(file)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1920 });
      expect((await sharp(documentFile(file, true)).metadata()).width).toBeLessThanOrEqual(240);
      expect(fs.existsSync(imageFile(file))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/images/${signed}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/images/thumb/${signed}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/images/${file}` })).statusCode).toBe(404);
    }
    expect((await sharp(imageFile(driver.photo_src!)).metadata()).width).toBe(800);
    expect(documentOf(driver.right_to_work_photos[1].file_name)).toMatch(/\.png$/);
    expect((await t.app.inject({ method: 'GET', url: `/images/thumb/${driver.photo_src}` })).statusCode).toBe(200);

    // The feed carries the stored record; each listener hears it cut and signed for them (tests/server/audience.test.ts).
    expect(feed.messages).toEqual([{ channel: 'driver_channel', event: 'store', items: [expect.objectContaining({ id: driver.id, photo_src: driver.photo_src })] }]);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/driver', payload: { email: driver.email, password: 'rider-pass' } });
    expect(login.statusCode).toBe(200);
  });

  it('needs only a first name and an e-mail', async () => {
    const res = await send('POST', '/api/driver', ADMIN, fields({ first_name: 'Solo', email: 'solo@mail.test' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ first_name: 'Solo', last_name: '', area_ids: [], data_full: 8 });
  });

  it("answers the spec's messages", async () => {
    expect((await send('POST', '/api/driver', ADMIN, fields({ phone: '1' }))).json()).toEqual({
      first_name: [DRIVER_MSG.firstNameRequired],
      email: [DRIVER_MSG.emailRequired],
    });
    const bad = await send('POST', '/api/driver', ADMIN, fields(profile({ email: 'nope', date_of_birth: '31/02/1990', car_insurance_renewal_date: '2027-13-01' })));
    expect(bad.json()).toEqual({
      email: [DRIVER_MSG.validEmail],
      date_of_birth: [DRIVER_MSG.dateInvalid],
      car_insurance_renewal_date: [DRIVER_MSG.dateInvalid],
    });
    expect((await send('POST', '/api/driver', ADMIN, fields(profile({ password: '123' })))).json()).toEqual({ password: [DRIVER_MSG.passwordSixSymbols] });
    expect((await send('POST', '/api/driver', ADMIN, fields(profile({ have_experience: '5' })))).json()).toEqual({ have_experience: [DRIVER_MSG.experienceInvalid] });
  });

  it('refuses a taken e-mail on the e-mail field, whatever its case', async () => {
    const res = await send('POST', '/api/driver', ADMIN, fields(profile({ email: 'DRIVER@demo.test' })));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [DRIVER_MSG.emailTaken] });
  });

  it('refuses unknown areas and restaurants outside the chosen areas', async () => {
    expect((await send('POST', '/api/driver', ADMIN, fields(profile({ area_ids: '[999999]' })))).json()).toEqual({ area_ids: [DRIVER_MSG.unknownArea] });
    const outside = await send('POST', '/api/driver', ADMIN, fields(profile({ restaurant_ids: JSON.stringify([ids.goldenWokSalford]) })));
    expect(outside.json()).toEqual({ restaurant_ids: [DRIVER_MSG.restaurantOutsideAreas] });
  });

  it("refuses photos that are not png or jpeg, by bytes or by name, with 402 'Unsupported file type', storing nothing", async () => {
    const before = fs.readdirSync(path.join(t.config.dataDir, 'images')).length;
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    for (const part of [
      await photo('identity_photo', 'id.bmp', bmp),
      await photo('identity_photo', 'id.jpg', Buffer.from('GIF89a.....')),
      await photo('identity_photo', 'id.gif', await png(10, 10)),
      await photo('right_to_work_photos', 'rtw.pdf', await png(10, 10)),
    ]) {
      const res = await send('POST', '/api/driver', ADMIN, [...fields(profile()), await photo('photo_src'), part]);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message: IMAGE_MSG.unsupported, [part.name]: [IMAGE_MSG.unsupported] });
    }
    expect(fs.readdirSync(path.join(t.config.dataDir, 'images')).length).toBe(before);
  });

  it('reads the fields from the query string as spec 2 sends them, mixed with the body, the body winning', async () => {
    const query = new URLSearchParams({ first_name: 'Quinn', last_name: 'Query', email: 'quinn.query@mail.test', phone: '07700 900999', city: 'Leeds' });
    query.append('area_ids', String(ids.camden));
    query.append('area_ids', String(ids.islington));
    const res = await send('POST', `/api/driver?${query}`, ADMIN, [...fields({ city: 'London' }), await photo('photo_src')]);
    expect(res.statusCode).toBe(201);
    const driver = res.json() as DriverRecord;
    expect(driver).toMatchObject({ first_name: 'Quinn', last_name: 'Query', email: 'quinn.query@mail.test', phone: '07700 900999', city: 'London', status: 30 });
    expect(driver.area_ids).toEqual([{ area_id: ids.camden }, { area_id: ids.islington }].sort((a, b) => a.area_id - b.area_id));
    expect(driver.photo_src).toBeTruthy();

    const half = await call('POST', '/api/driver?half_board=1&first_name=Hal&last_name=Query&email=hal.query@mail.test', ADMIN, {});
    expect(half.statusCode).toBe(201);
    expect(half.json()).toMatchObject({ first_name: 'Hal', last_name: 'Query', half_board: true });
    expect((await call('POST', '/api/driver?first_name=Nemo', ADMIN, {})).json()).toEqual({ email: [DRIVER_MSG.emailRequired] });
  });

  it('is for administrators only', async () => {
    for (const who of [MANAGER, RESTAURANT, DRIVER]) expect((await send('POST', '/api/driver', who, fields(profile()))).statusCode).toBe(403);
    expect((await send('POST', '/api/driver', null, fields(profile()))).statusCode).toBe(401);
  });
});

describe('POST /api/driver (Drivers Half Board Register)', () => {
  it('registers an applicant with first name, last name and e-mail', async () => {
    const res = await call('POST', '/api/driver', ADMIN, { half_board: true, first_name: 'Hal', last_name: 'Board', email: 'hal.board@mail.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ first_name: 'Hal', last_name: 'Board', half_board: true, status: 30, data_full: 12 });
    expect(feed.messages[0]).toMatchObject({ channel: 'driver_channel', event: 'store' });
  });

  it("answers the spec's messages", async () => {
    const res = await call('POST', '/api/driver', ADMIN, { half_board: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: [DRIVER_MSG.firstNameRequired], last_name: [DRIVER_MSG.lastNameRequired], email: [DRIVER_MSG.emailRequired] });
    expect((await call('POST', '/api/driver', ADMIN, { half_board: '1', first_name: 'A', last_name: 'B', email: DRIVER })).json()).toEqual({ email: [DRIVER_MSG.emailTaken] });
  });
});

describe('PUT /api/driver/{id}?inactive=false (Edit Driver)', () => {
  it('saves the profile, keeps photos whose names come back, replaces and removes the others', async () => {
    const made = await createFull({}, [
      await photo('photo_src'),
      await photo('identity_photo'),
      await photo('driver_license_front_photo'),
      await photo('right_to_work_photos', 'a.jpg'),
      await photo('right_to_work_photos', 'b.jpg'),
    ]);
    feed.messages = [];
    const [keepRtw, dropRtw] = made.right_to_work_photos;
    const res = await send('PUT', `/api/driver/${made.id}?inactive=false`, ADMIN, [
      ...fields(profile({ first_name: 'Thomas', email: made.email, area_ids: JSON.stringify([{ area_id: ids.camden }]), restaurant_ids: '', phone: '' })),
      { name: 'id', value: String(made.id) },
      { name: 'photo_src', value: made.photo_src! },
      { name: 'right_to_work_photos', value: JSON.stringify([{ id: keepRtw.id }]) },
      await photo('identity_photo', 'new-id.png', await png(300, 300)),
      await photo('right_to_work_photos', 'c.jpg'),
    ]);
    expect(res.statusCode).toBe(200);
    const edited = res.json() as DriverRecord;
    expect(edited).toMatchObject({ id: made.id, first_name: 'Thomas', phone: null, area_ids: [{ area_id: ids.camden }], restaurant_ids: [], photo_src: made.photo_src, driver_license_front_photo: null });
    expect(documentOf(edited.identity_photo!)).toMatch(/\.png$/);
    expect(edited.right_to_work_photos.map((p) => p.src_name)).toEqual(['a.jpg', 'c.jpg']);
    expect(fs.existsSync(imageFile(made.photo_src!))).toBe(true);
    for (const gone of [made.identity_photo!, made.driver_license_front_photo!, dropRtw.file_name].map((n) => documentOf(n)!)) {
      expect(fs.existsSync(documentFile(gone))).toBe(false);
      expect(fs.existsSync(documentFile(gone, true))).toBe(false);
    }
    expect(feed.messages).toEqual([{ channel: 'driver_channel', event: 'update', items: [expect.objectContaining({ id: made.id, first_name: 'Thomas' })] }]);
  });

  it('a failed save keeps the old photos and stores none of the new', async () => {
    const made = await createFull({}, [await photo('identity_photo')]);
    const before = fs.readdirSync(path.join(t.config.dataDir, 'documents')).length;
    const res = await send('PUT', `/api/driver/${made.id}`, ADMIN, [...fields(profile({ email: DRIVER })), await photo('identity_photo')]);
    expect(res.json()).toEqual({ email: [DRIVER_MSG.emailTaken] });
    expect(fs.existsSync(documentFile(documentOf(made.identity_photo!)!))).toBe(true);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'documents')).length).toBe(before);
  });

  it('sets a new password and ends the driver\'s sessions', async () => {
    const made = await createFull({ password: 'first-pass' });
    const token = await t.tokenFor(made.email);
    await send('PUT', `/api/driver/${made.id}`, ADMIN, fields(profile({ email: made.email, password: 'second-pass' })));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/driver', payload: { email: made.email, password: 'second-pass' } })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
  });

  it('answers messages, 404 and 403', async () => {
    const made = await createFull();
    expect((await send('PUT', `/api/driver/${made.id}`, ADMIN, fields({ email: 'x' }))).json()).toEqual({
      first_name: [DRIVER_MSG.firstNameRequired],
      email: [DRIVER_MSG.validEmail],
    });
    expect((await send('PUT', `/api/driver/${made.id}`, ADMIN, fields(profile({ id: made.id + 1 })))).json()).toEqual({ id: [DRIVER_MSG.idMismatch] });
    expect((await send('PUT', '/api/driver/999999', ADMIN, fields(profile()))).statusCode).toBe(404);
    expect((await send('PUT', `/api/driver/${made.id}`, MANAGER, fields(profile()))).statusCode).toBe(403);
  });
});

describe("the list's Completed and Incomplete filters", () => {
  /** Which of the two filters lists the driver, and the Completed total, as the list's convention answers them. */
  async function filed(email: string) {
    const page = async (filter: Record<string, unknown>) => {
      const res = await call('GET', `/api/driver?${new URLSearchParams({ range: '[0,14]', filter: JSON.stringify(filter) })}`, ADMIN);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: (res.json() as DriverRecord[]).map((d) => d.email), total: Number(String(res.headers['content-range']).split('/')[1]) };
    };
    const completed = (await page({ status: 120, q: email })).ids.includes(email);
    const incomplete = (await page({ status: 130, q: email })).ids.includes(email);
    expect(completed, 'listed by exactly one of the two').not.toBe(incomplete);
    return { list: completed ? 'Completed' : 'Incomplete', completedTotal: (await page({ status: 120 })).total };
  }
  const edit = (made: DriverRecord, extra: Record<string, unknown>, files: Part[] = []) =>
    send('PUT', `/api/driver/${made.id}`, ADMIN, [...fields(profile({ email: made.email, ...extra })), ...files]);

  it('follow each edit of the profile and of the right-to-work photos, at the 70 % line', async () => {
    // 19 of the 24 fields: 79 %.
    const made = await createFull();
    expect(made.data_full).toBe(79);
    const start = await filed(made.email);
    expect(start.list).toBe('Completed');

    // Three fields emptied: 16 of 24, 66 %.
    const blanks = { phone: '', emergency_contact_name: ' ', emergency_contact_phone: '' };
    let res = await edit(made, blanks);
    expect(res.json()).toMatchObject({ data_full: 66 });
    expect(await filed(made.email)).toEqual({ list: 'Incomplete', completedTotal: start.completedTotal - 1 });

    // A right-to-work photo: 17 of 24, 70 %.
    res = await edit(made, blanks, [await photo('right_to_work_photos', 'passport.jpg')]);
    const withPhoto = res.json() as DriverRecord;
    expect(withPhoto.data_full).toBe(70);
    expect(await filed(made.email)).toEqual({ list: 'Completed', completedTotal: start.completedTotal });

    // The photo removed again (no right_to_work_photos kept): 66 %.
    res = await edit(made, { ...blanks, right_to_work_photos: '[]' });
    expect(res.json()).toMatchObject({ data_full: 66, right_to_work_photos: [] });
    expect((await filed(made.email)).list).toBe('Incomplete');
  });

  it('file a new applicant and follow an undone edit', async () => {
    const applicant = await call('POST', '/api/driver', ADMIN, { half_board: true, first_name: 'Ann', last_name: 'Plicant', email: 'ann.plicant@mail.test' });
    expect(applicant.json()).toMatchObject({ data_full: 12 });
    expect((await filed('ann.plicant@mail.test')).list).toBe('Incomplete');

    const made = await createFull();
    const emptied = await edit(made, { phone: '', emergency_contact_name: '', emergency_contact_phone: '' });
    expect((await filed(made.email)).list).toBe('Incomplete');
    expect((await call('POST', `/api/history/${emptied.headers['x-request-id']}/undo`, ADMIN)).statusCode).toBe(200);
    expect((await filed(made.email)).list).toBe('Completed');
  });

  it("kept for every driver as the domain's rule works it out from the answer", async () => {
    await createFull({}, [await photo('right_to_work_photos', 'passport.jpg')]);
    await call('POST', '/api/driver', ADMIN, { half_board: true, first_name: 'Half', last_name: 'Way', email: 'half.way@mail.test' });
    const every = await call('GET', `/api/driver?${new URLSearchParams({ range: '[0,999]', filter: JSON.stringify({ status: DRIVER_FILTER.all }) })}`, ADMIN);
    expect(every.statusCode, every.body.slice(0, 300)).toBe(200);
    const drivers = every.json() as DriverRecord[];
    const kept = new Map((await t.db.selectFrom('drivers').select(['id', 'data_full']).execute()).map((d) => [d.id, d.data_full]));
    expect(drivers.length).toBeGreaterThan(2);
    expect(drivers.map((d) => [d.email, kept.get(d.id)])).toEqual(drivers.map((d) => [d.email, dataFull(d)]));
  });

  it('are worked out for the drivers there were before Data Full was kept', async () => {
    const made = await createFull({}, [await photo('right_to_work_photos', 'passport.jpg')]);
    // The migration undone and run again: its backfill, not the triggers, files the driver.
    const schemaless = t.db as unknown as Kysely<unknown>;
    await keptDataFull.down(schemaless);
    await keptDataFull.up(schemaless);
    expect((await filed(made.email)).list).toBe('Completed');
    for (const code of [120, 130]) {
      const plain = (await call('GET', `/api/driver?status=${code}`, ADMIN)).json() as DriverRecord[];
      const res = await call('GET', `/api/driver?${new URLSearchParams({ range: '[0,999]', filter: JSON.stringify({ status: code }) })}`, ADMIN);
      expect((res.json() as DriverRecord[]).map((d) => d.id)).toEqual(plain.map((d) => d.id));
    }
  });
});

describe('PUT /api/driver/{id}?inactive=true and ?progressing=true', () => {
  it('marks a driver active (dating the activation) and inactive', async () => {
    const made = await createFull();
    expect(made.activated_at).toBeNull();
    const on = await call('PUT', `/api/driver/${made.id}?inactive=true`, ADMIN, { status: 10 });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ status: 10, activated_at: expect.stringMatching(/Z$/) });
    expect(feed.messages.at(-1)).toMatchObject({ channel: 'driver_channel', event: 'update', items: [{ id: made.id, status: 10 }] });
    const off = await call('PUT', `/api/driver/${made.id}?inactive=true`, ADMIN, { status: '20' });
    expect(off.json()).toMatchObject({ status: 20, activated_at: on.json().activated_at });
    expect((await call('PUT', `/api/driver/${made.id}?inactive=true`, ADMIN, { status: 30 })).json()).toEqual({ status: [DRIVER_MSG.statusInvalid] });
  });

  it('marks a driver not progressing and restores progressing', async () => {
    const made = await createFull();
    expect((await call('PUT', `/api/driver/${made.id}?progressing=true`, ADMIN, { not_progressing: 10 })).json().not_progressing).toBe(10);
    expect((await call('GET', '/api/driver?status=140', ADMIN)).json().map((d: DriverRecord) => d.id)).toContain(made.id);
    expect((await call('PUT', `/api/driver/${made.id}?progressing=true`, ADMIN, { not_progressing: 20 })).json().not_progressing).toBe(20);
    expect((await call('PUT', `/api/driver/${made.id}?progressing=true`, ADMIN, {})).json()).toEqual({ not_progressing: [DRIVER_MSG.progressingInvalid] });
  });

  it('answers 404 for an unknown driver and 403 to others', async () => {
    expect((await call('PUT', '/api/driver/999999?inactive=true', ADMIN, { status: 10 })).statusCode).toBe(404);
    const dan = await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow();
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await call('PUT', `/api/driver/${dan.id}?inactive=true`, who, { status: 20 })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/driver-update-working-times', () => {
  const today = londonToday();
  const week = [
    { week_day: 0, holiday: 20, start_at: '10:00', stop_at: '14:00' },
    { week_day: 0, holiday: 20, start_at: '17:00', stop_at: '23:00' },
    { week_day: 5, holiday: 10, start_at: null, stop_at: null },
  ];

  it("replaces the weekly pattern and the overrides from today on, keeping past leave", async () => {
    const made = await createFull();
    const past = addDays(today, -3);
    await t.db.insertInto('driver_working_time_overrides').values({ driver_id: made.id, period_date: past, holiday: 10, start_at: '00:00', stop_at: '23:45' }).execute();
    await t.db.insertInto('driver_working_time_overrides').values({ driver_id: made.id, period_date: addDays(today, 4), holiday: 10, start_at: '00:00', stop_at: '23:45' }).execute();
    feed.messages = [];
    const res = await call('POST', '/api/driver-update-working-times', ADMIN, {
      driver_id: made.id,
      default_working_times: week,
      override_working_time: [
        { period_date: addDays(today, 2), holiday: 20, start_at: '12:00', stop_at: '18:00' },
        { period_date: addDays(today, 7), holiday: 10, start_at: '', stop_at: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const driver = res.json() as DriverRecord;
    expect(driver.default_working_time).toEqual([
      { week_day: 0, holiday: 20, start_at: '10:00', stop_at: '14:00' },
      { week_day: 0, holiday: 20, start_at: '17:00', stop_at: '23:00' },
      { week_day: 5, holiday: 10, start_at: '00:00', stop_at: '23:45' },
    ]);
    expect(driver.actual_override_working_time).toEqual([
      { period_date: past, holiday: 10, start_at: '00:00', stop_at: '23:45' },
      { period_date: addDays(today, 2), holiday: 20, start_at: '12:00', stop_at: '18:00' },
      { period_date: addDays(today, 7), holiday: 10, start_at: '00:00', stop_at: '23:45' },
    ]);
    expect(feed.messages).toEqual([{ channel: 'driver_channel', event: 'update', items: [driver] }]);
  });

  it('lets a holiday replace the other periods of its day', async () => {
    const made = await createFull();
    const res = await call('POST', '/api/driver-update-working-times', ADMIN, {
      driver_id: made.id,
      default_working_times: [
        { week_day: 2, holiday: 20, start_at: '10:00', stop_at: '12:00' },
        { week_day: 2, holiday: 10, start_at: '11:00', stop_at: '11:00' },
      ],
    });
    expect(res.json().default_working_time).toEqual([{ week_day: 2, holiday: 10, start_at: '00:00', stop_at: '23:45' }]);
  });

  it.each([
    [[{ week_day: 1, holiday: 20, start_at: '', stop_at: '12:00' }], PERIOD_MSG.startRequired('Tuesday')],
    [[{ week_day: 1, holiday: 20, start_at: '10:00', stop_at: null }], PERIOD_MSG.stopRequired('Tuesday')],
    [[{ week_day: 6, holiday: 20, start_at: '18:00', stop_at: '12:00' }], PERIOD_MSG.startAfterStop('Sunday')],
    [[{ week_day: 6, holiday: 20, start_at: '12:00', stop_at: '12:00' }], PERIOD_MSG.startAfterStop('Sunday')],
    [
      [
        { week_day: 0, holiday: 20, start_at: '10:00', stop_at: '14:00' },
        { week_day: 0, holiday: 20, start_at: '13:00', stop_at: '18:00' },
      ],
      PERIOD_MSG.stopIntersects('Monday'),
    ],
    [
      [
        { week_day: 3, holiday: 20, start_at: '13:00', stop_at: '18:00' },
        { week_day: 3, holiday: 20, start_at: '10:00', stop_at: '14:00' },
      ],
      PERIOD_MSG.startIntersects('Thursday'),
    ],
  ])('refuses %j with the message of spec 2 section 5', async (periods, message) => {
    const made = await createFull();
    const res = await call('POST', '/api/driver-update-working-times', ADMIN, { driver_id: made.id, default_working_times: periods });
    expect(res.statusCode).toBe(400);
    expect(res.json().default_working_times).toContain(message);
    expect((await call('GET', '/api/driver?status=30', ADMIN)).json().find((d: DriverRecord) => d.id === made.id).default_working_time).toEqual([]);
  });

  it('checks overrides by their date, and refuses past dates and bad shapes', async () => {
    const made = await createFull();
    const date = addDays(today, 3);
    const res = await call('POST', '/api/driver-update-working-times', ADMIN, {
      driver_id: made.id,
      override_working_time: [{ period_date: date, holiday: 20, start_at: '15:00', stop_at: '09:00' }],
    });
    const [y, m, d] = date.split('-');
    expect(res.json()).toEqual({ override_working_time: [PERIOD_MSG.startAfterStop(`${d}/${m}/${y}`)] });
    const past = await call('POST', '/api/driver-update-working-times', ADMIN, {
      driver_id: made.id,
      override_working_time: [{ period_date: addDays(today, -1), holiday: 10 }],
    });
    expect(past.json()).toEqual({ override_working_time: [WORKING_TIMES_MSG.pastDate(addDays(today, -1))] });
    const shape = await call('POST', '/api/driver-update-working-times', ADMIN, { driver_id: made.id, default_working_times: [{ week_day: 7, start_at: '25:00' }] });
    expect(shape.json()).toEqual({
      'default_working_times.0.week_day': [WORKING_TIMES_MSG.weekDayInvalid],
      'default_working_times.0.start_at': [WORKING_TIMES_MSG.timeInvalid],
    });
  });

  it('answers 404 for an unknown driver and is for administrators only', async () => {
    expect((await call('POST', '/api/driver-update-working-times', ADMIN, { driver_id: 999999, default_working_times: week })).statusCode).toBe(404);
    expect((await call('POST', '/api/driver-update-working-times', ADMIN, {})).json()).toEqual({ driver_id: [WORKING_TIMES_MSG.driverRequired] });
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await call('POST', '/api/driver-update-working-times', who, { driver_id: 1, default_working_times: week })).statusCode).toBe(403);
    }
  });
});
