import { OWN_MSG, textHardMaxMessage } from '../../domain/messages';
import { suiteTestApp } from '../helpers/testApp';

/**
 * Input the database cannot hold is refused with 400 and a message on its field, never a 500: ids over 2^31 - 1 in
 * addresses, queries and bodies (the drivers' app too), NUL characters and broken UTF-16 in text, text longer than
 * any field. The bad-input sweep (badInput.test.ts) tries every write route; these are the cases as users meet them.
 */
const t = suiteTestApp();

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(payload ? { payload } : {}) });

describe('ids the database cannot hold', () => {
  it.each([
    ['PUT', '/api/shift/2147483648', 'admin@demo.test', { restaurant_id: 1 }],
    ['DELETE', '/api/timesheet/9007199254740991', 'admin@demo.test', undefined],
    ['PUT', '/api/alert/2147483648', 'admin@demo.test', { status: 20 }],
    ['GET', '/api/invoice-download/2147483648', 'admin@demo.test', undefined],
    ['GET', '/api/invoice-check?period_date_from=2026-11-09&period_date_to=2026-11-15&restaurant_id=2147483648', 'admin@demo.test', undefined],
    ['GET', '/api/shift?period_date_from=2026-11-09&period_date_to=2026-11-15&shift_ids=2147483648', 'admin@demo.test', undefined],
    ['POST', '/api/shift/publish', 'admin@demo.test', { shift_ids: [2147483648] }],
    ['POST', '/api/reply', 'admin@demo.test', { reply_content: 'Hi', new_id: 2147483648 }],
    ['POST', '/api/driver-app/timesheet/start', 'driver@demo.test', { shift_id: 2147483648 }],
    ['POST', '/api/driver-message', 'admin@demo.test', { title: 'T', body: 'B', area_ids: [2147483648] }],
  ] as const)('%s %s answers 400', async (method, url, who, payload) => {
    const res = await call(method, url, who, payload);
    // A list filter that names no record may also answer an empty list.
    if (res.statusCode === 200) expect(res.json()).toEqual([]);
    else expect(res.statusCode, res.body).toBe(400);
  });

  it('names the field and says why', async () => {
    const res = await call('PUT', '/api/shift/2147483648', 'admin@demo.test', { restaurant_id: 1 });
    expect(res.json()).toEqual({ id: [OWN_MSG.idOutOfRange] });
    const body = await call('POST', '/api/reply', 'admin@demo.test', { reply_content: 'Hi', new_id: 99999999999 });
    expect(body.json()).toEqual({ new_id: [OWN_MSG.idOutOfRange] });
  });
});

describe('text the database cannot hold', () => {
  const area = (name: string) => call('POST', '/api/area', 'admin@demo.test', { name, city_id: 1, standardPayRate: 11, weekendPayRate: 12 });

  it('refuses NUL characters and lone surrogates in any text field, storing nothing', async () => {
    const before = (await t.db.selectFrom('areas').select('id').execute()).length;
    expect((await area('Camden\u0000North')).json()).toEqual({ name: [OWN_MSG.nulCharacter] });
    expect((await area('Broken \ud800 name')).json()).toEqual({ name: [OWN_MSG.invalidText] });
    const comment = await call('POST', '/api/driver-app/timesheet/start', 'driver@demo.test', { shift_id: 1, driver_comment: 'late\u0000' });
    expect(comment.json()).toEqual({ driver_comment: [OWN_MSG.nulCharacter] });
    expect((await t.db.selectFrom('areas').select('id').execute()).length).toBe(before);
  });

  it('refuses text longer than any field takes', async () => {
    expect((await area('x'.repeat(150_000))).json()).toEqual({ name: [textHardMaxMessage] });
  });

  it('keeps a login of a huge password from costing a hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'p'.repeat(5000) } });
    expect(res.statusCode).toBe(400);
  });
});
