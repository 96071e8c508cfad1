import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { suiteTestApp } from '../helpers/testApp';
import { OPTION_MSG } from '../../domain/validation/option';
import { workingTimeOptionMessage } from '../../domain/workingTime';
import { canAccess } from '../../domain/access';
import { OPTION_FACTS } from '../../domain/options';
import { ROLE } from '../../domain/roles';

const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });

const list = async (email?: string) => t.app.inject({ url: '/api/option', headers: email ? await t.as(email) : {} });
const put = async (okey: string, payload: unknown, email: string | null = 'admin@demo.test') =>
  t.app.inject({ method: 'PUT', url: `/api/option/${okey}`, payload: payload as object, headers: email ? await t.as(email) : {} });
const stored = async (okey: string) =>
  (await t.db.selectFrom('options').select('ovalue').where('okey', '=', okey).executeTakeFirst())?.ovalue;

describe('GET /api/option', () => {
  it('lists every option with id, key, value and description, sorted by key', async () => {
    const res = await list('admin@demo.test');
    expect(res.statusCode).toBe(200);
    const options = res.json() as { id: number; okey: string; ovalue: string; description: string }[];
    const keys = options.map((o) => o.okey);
    expect(keys).toEqual([
      'attendance_late_minutes',
      'attendance_no_show_minutes',
      'fuel_bonus_0',
      'fuel_bonus_3',
      'fuel_bonus_6',
      'map_center_default',
      'restaurants_standard_booking_fee',
      'restaurants_standard_invoice_comission',
      'working_time_max_consecutive_days',
      'working_time_max_week_hours',
      'working_time_min_rest_hours',
    ]);
    expect(options.find((o) => o.okey === 'map_center_default')).toEqual({
      id: expect.any(Number),
      okey: 'map_center_default',
      ovalue: JSON.stringify({ lat: 51.4, lng: 0, map_zoom: 12 }),
      description: expect.stringContaining('map'),
    });
  });

  it('is for administrators and managers only', async () => {
    expect((await list('manager@demo.test')).statusCode).toBe(200);
    expect((await list('restaurant@demo.test')).statusCode).toBe(403);
    expect((await list('driver@demo.test')).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
  });
});

describe('PUT /api/option/{okey}', () => {
  it('stores an amount normalised, answers the option and broadcasts it on option_channel', async () => {
    const res = await put('fuel_bonus_0', { okey: 'fuel_bonus_0', ovalue: '1.50' });
    expect(res.statusCode).toBe(200);
    const option = res.json();
    expect(option).toEqual({ id: expect.any(Number), okey: 'fuel_bonus_0', ovalue: '1.5', description: expect.any(String) });
    expect(await stored('fuel_bonus_0')).toBe('1.5');
    expect(feed.messages).toEqual([{ channel: 'option_channel', event: 'update', items: [option] }]);

    expect((await put('fuel_bonus_3', { okey: 'fuel_bonus_3', ovalue: ' 04.25 ' })).json().ovalue).toBe('4.25');
    expect((await put('restaurants_standard_booking_fee', { okey: 'restaurants_standard_booking_fee', ovalue: '0' })).json().ovalue).toBe('0');
    expect((await put('restaurants_standard_invoice_comission', { ovalue: 2 })).json().ovalue).toBe('2');
  });

  it('rejects amounts that are negative, have more than 2 decimals or are not numbers', async () => {
    for (const ovalue of ['-1', '1.555', 'abc', '1,5', '1.', '£2']) {
      const res = await put('fuel_bonus_6', { okey: 'fuel_bonus_6', ovalue });
      expect(res.statusCode, ovalue).toBe(400);
      expect(res.json()).toEqual({ ovalue: [OPTION_MSG.money] });
    }
    expect(await stored('fuel_bonus_6')).toBe('5');
    expect(feed.messages).toEqual([]);
  });

  it("answers an empty value with the spec's wording 'Last Name is required.'", async () => {
    for (const payload of [{ okey: 'fuel_bonus_6', ovalue: '' }, { okey: 'fuel_bonus_6', ovalue: '   ' }, { okey: 'fuel_bonus_6' }]) {
      const res = await put('fuel_bonus_6', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ovalue: ['Last Name is required.'] });
    }
    const empty = await put('map_center_default', { okey: 'map_center_default', ovalue: '' });
    expect(empty.json()).toEqual({ ovalue: ['Last Name is required.'] });
  });

  it('stores a valid map centre as compact JSON with numbers', async () => {
    const res = await put('map_center_default', { okey: 'map_center_default', ovalue: '{ "lat": 53.48, "lng": -2.24, "map_zoom": 11, "extra": 1 }' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ovalue).toBe('{"lat":53.48,"lng":-2.24,"map_zoom":11}');
    expect(await stored('map_center_default')).toBe('{"lat":53.48,"lng":-2.24,"map_zoom":11}');
    // An object is accepted as well as its JSON text.
    const asObject = await put('map_center_default', { okey: 'map_center_default', ovalue: { lat: -90, lng: 180, map_zoom: 20 } });
    expect(asObject.json().ovalue).toBe('{"lat":-90,"lng":180,"map_zoom":20}');
  });

  it('rejects a map centre that is not JSON or is out of range, with a clear message per part', async () => {
    const cases: [string, string][] = [
      ['not json', OPTION_MSG.mapJson],
      ['[1,2,3]', OPTION_MSG.mapJson],
      ['51.4', OPTION_MSG.mapJson],
      ['{"lng": 0, "map_zoom": 12}', OPTION_MSG.latRequired],
      ['{"lat": 90.1, "lng": 0, "map_zoom": 12}', OPTION_MSG.latRange],
      ['{"lat": "51.4", "lng": 0, "map_zoom": 12}', OPTION_MSG.latRange],
      ['{"lat": 51.4, "map_zoom": 12}', OPTION_MSG.lngRequired],
      ['{"lat": 51.4, "lng": -180.5, "map_zoom": 12}', OPTION_MSG.lngRange],
      ['{"lat": 51.4, "lng": 0}', OPTION_MSG.zoomRequired],
      ['{"lat": 51.4, "lng": 0, "map_zoom": 0}', OPTION_MSG.zoomRange],
      ['{"lat": 51.4, "lng": 0, "map_zoom": 21}', OPTION_MSG.zoomRange],
      ['{"lat": 51.4, "lng": 0, "map_zoom": 12.5}', OPTION_MSG.zoomRange],
    ];
    const before = await stored('map_center_default');
    for (const [ovalue, message] of cases) {
      const res = await put('map_center_default', { okey: 'map_center_default', ovalue });
      expect(res.statusCode, ovalue).toBe(400);
      expect(res.json(), ovalue).toEqual({ ovalue: [message] });
    }
    expect(await stored('map_center_default')).toBe(before);
  });

  it('never renames, and never creates, an option', async () => {
    const renamed = await put('fuel_bonus_0', { okey: 'fuel_bonus_9', ovalue: '2' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ okey: [OPTION_MSG.keyChanged] });
    const blankKey = await put('fuel_bonus_0', { okey: '', ovalue: '2' });
    expect(blankKey.json()).toEqual({ okey: ['First name is required.'] });

    const unknown = await put('no_such_option', { okey: 'no_such_option', ovalue: '2' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: OPTION_MSG.notFound });
    expect(await stored('no_such_option')).toBeUndefined();
    expect(await stored('fuel_bonus_9')).toBeUndefined();
  });

  it('leaves the rates that change pay and billing to administrators: managers change the others', async () => {
    const before = await stored('fuel_bonus_0');
    for (const okey of ['fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6', 'restaurants_standard_invoice_comission', 'restaurants_standard_booking_fee']) {
      const refused = await put(okey, { okey, ovalue: '9' }, 'manager@demo.test');
      expect(refused.statusCode, okey).toBe(403);
      expect(refused.json()).toEqual({ message: OPTION_MSG.administratorsOnly });
    }
    expect(await stored('fuel_bonus_0')).toBe(before);
    const centre = { okey: 'map_center_default', ovalue: '{"lat":52,"lng":-1,"map_zoom":9}' };
    expect((await put(centre.okey, centre, 'manager@demo.test')).statusCode).toBe(200);
  });

  it('lets a manager save exactly the options the Options screen offers a manager to edit', async () => {
    const rows = (await list('admin@demo.test')).json() as { okey: string; ovalue: string }[];
    expect(rows.map((r) => r.okey).sort()).toEqual(Object.keys(OPTION_FACTS).sort());
    for (const { okey, ovalue } of rows) {
      const offered = canAccess(ROLE.manager, 'options', OPTION_FACTS[okey].editAction);
      const res = await put(okey, { okey, ovalue }, 'manager@demo.test');
      expect(res.statusCode, okey).toBe(offered ? 200 : 403);
    }
  });

  it('keeps the working-time limits whole numbers within reason, set by administrators', async () => {
    expect(await stored('working_time_max_week_hours')).toBe('48');
    const refused = await put('working_time_max_week_hours', { ovalue: '40' }, 'manager@demo.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OPTION_MSG.workingTimeAdministratorsOnly });
    for (const ovalue of ['0', '7.5', 'many', '169']) {
      expect((await put('working_time_max_week_hours', { ovalue })).json(), ovalue).toEqual({ ovalue: [workingTimeOptionMessage(168)] });
    }
    expect((await put('working_time_max_week_hours', { ovalue: ' 060 ' })).json()).toMatchObject({ ovalue: '60' });
    expect((await put('working_time_max_week_hours', { ovalue: '48' })).statusCode).toBe(200);
  });

  it('keeps amounts within bounds', async () => {
    const res = await put('fuel_bonus_6', { okey: 'fuel_bonus_6', ovalue: '99999999999' });
    expect(res.json()).toEqual({ ovalue: [OPTION_MSG.moneyTooHigh] });
  });

  it('is for administrators and managers only', async () => {
    const body = { okey: 'restaurants_standard_booking_fee', ovalue: '0.75' };
    expect((await put(body.okey, body)).statusCode).toBe(200);
    expect(await stored(body.okey)).toBe('0.75');
    for (const email of ['restaurant@demo.test', 'driver@demo.test']) {
      expect((await put(body.okey, { ...body, ovalue: '9' }, email)).statusCode).toBe(403);
    }
    expect((await put(body.okey, { ...body, ovalue: '9' }, null)).statusCode).toBe(401);
    expect(await stored(body.okey)).toBe('0.75');
  });
});
