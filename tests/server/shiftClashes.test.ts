import { suiteTestApp, ADMIN } from '../helpers/testApp';
import { makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { AVAILABILITY_MSG } from '../../domain/availability';
import { saveAnywayQuestion } from '../../domain/clashes';

// A Saturday well after the machine's today, with nothing of the fixture driver in it.
const SAT = '2027-03-06';
const AT_HACKNEY = 'Cal Clash already has a shift at Pizza Palace Hackney on 06/03/2027, 17:00–22:00 (not published)';

let camden: number;
let hackney: number;
let cal: number;

const t = suiteTestApp();
beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
  hackney = await restaurantId(t.db, 'Pizza Palace Hackney');
  // No area: works for every restaurant, free all day, every day.
  cal = await makeDriver(t.db, { first: 'Cal', last: 'Clash', areas: [], weekly: {} });
});
beforeEach(async () => {
  await t.db.deleteFrom('shifts').where('driver_id', '=', cal).execute();
});

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url, headers: await t.as(ADMIN), payload });
}

const shiftBody = (over: object) => ({
  restaurant_id: camden, driver_id: cal, period_date: SAT, start_time: '18:00', finish_time: '23:00', status: 10,
  cost_bonus: 0, cost_extra_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, ...over,
});
const calShifts = () => t.db.selectFrom('shifts').select(['restaurant_id', 'start_time', 'finish_time']).where('driver_id', '=', cal).orderBy('start_time').execute();
const hackneyEvening = (status = 10) =>
  makeShift(t.db, { restaurant_id: hackney, driver_id: cal, period_date: SAT, start_time: '17:00', finish_time: '22:00', status });

describe("a driver's shifts that share time, on the single-shift calls", () => {
  it('refuses a new shift over a published one with the spec message, writing nothing', async () => {
    await hackneyEvening(20);
    const res = await call('POST', '/api/shift', shiftBody({ working_time_confirmed: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ driver_id: [AVAILABILITY_MSG.overlap] });
    expect(await calShifts()).toHaveLength(1);
  });

  it('answers a new shift over an unpublished one with a warning naming it, and saves it once confirmed', async () => {
    await hackneyEvening();
    const asked = await call('POST', '/api/shift', shiftBody({}));
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({ working_time: [], clashes: [AT_HACKNEY], message: saveAnywayQuestion(1, 0) });
    expect(await calShifts()).toHaveLength(1);
    const saved = await call('POST', '/api/shift', shiftBody({ working_time_confirmed: true }));
    expect(saved.statusCode).toBe(201);
    expect(await calShifts()).toEqual([
      { restaurant_id: hackney, start_time: '17:00', finish_time: '22:00' },
      { restaurant_id: camden, start_time: '18:00', finish_time: '23:00' },
    ]);
  });

  it('saves a shift that shares no time at once (back-to-back is no clash)', async () => {
    await hackneyEvening();
    expect((await call('POST', '/api/shift', shiftBody({ start_time: '22:00', finish_time: '23:30' }))).statusCode).toBe(201);
    expect((await call('POST', '/api/shift', shiftBody({ driver_id: null, start_time: '17:00' }))).statusCode).toBe(201);
  });

  it('refuses an edit onto a published shift, warns on an unpublished one until confirmed, and leaves an untimed edit alone', async () => {
    const lunch = await makeShift(t.db, { restaurant_id: camden, driver_id: cal, period_date: SAT, start_time: '11:00', finish_time: '15:00' });
    const published = await hackneyEvening(20);
    const refused = await call('PUT', `/api/shift/${lunch}`, shiftBody({ start_time: '16:00', finish_time: '20:00' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ driver_id: [AVAILABILITY_MSG.overlap] });

    await t.db.updateTable('shifts').set({ status: 10 }).where('id', '=', published).execute();
    const asked = await call('PUT', `/api/shift/${lunch}`, shiftBody({ start_time: '16:00', finish_time: '20:00' }));
    expect(asked.statusCode).toBe(409);
    expect(asked.json().clashes).toEqual([AT_HACKNEY]);
    expect((await calShifts())[0]).toMatchObject({ start_time: '11:00' });
    const saved = await call('PUT', `/api/shift/${lunch}`, shiftBody({ start_time: '16:00', finish_time: '20:00', working_time_confirmed: true }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ start_time: '16:00', finish_time: '20:00' });
    // The clash, once accepted, is not asked about again for a change that does not move the shift.
    const comment = await call('PUT', `/api/shift/${lunch}`, shiftBody({ start_time: '16:00', finish_time: '20:00', comment: 'Keys at the bar' }));
    expect(comment.statusCode).toBe(200);
  });

  it('reads a night shift of the day before', async () => {
    await makeShift(t.db, { restaurant_id: hackney, driver_id: cal, period_date: '2027-03-05', start_time: '22:00', finish_time: '02:00', status: 20 });
    const asked = await call('POST', '/api/shift', shiftBody({ start_time: '01:00', finish_time: '05:00' }));
    expect(asked.statusCode).toBe(409);
    expect(asked.json().clashes).toEqual(['Cal Clash already has a shift at Pizza Palace Hackney on 05/03/2027, 22:00–02:00 (published)']);
  });
});
