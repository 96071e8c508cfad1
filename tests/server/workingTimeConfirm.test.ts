import { suiteTestApp, ADMIN } from '../helpers/testApp';
import { makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { workingTimeQuestion } from '../../domain/workingTime';

// A week after the machine's today with nothing of the fixture driver in it.
const TUE = '2027-02-02';
const WED = '2027-02-03';
const THU = '2027-02-04';
const AFTER_TUESDAY = "Rae Rest would have 9 h rest after Tuesday's shift at Pizza Palace Camden (minimum 11 h)";

let camden: number;
let rae: number;

const t = suiteTestApp();
beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, ['00:00', '23:45'] as [string, string]]));
  rae = await makeDriver(t.db, { first: 'Rae', last: 'Rest', areas: ['Camden'], weekly: everyDay });
});
beforeEach(async () => {
  await t.db.deleteFrom('shifts').where('restaurant_id', '=', camden).where('period_date', '>=', TUE).where('period_date', '<=', THU).execute();
  // Tuesday evening: a shift the next morning before 10:00 leaves less than 11 h rest.
  await makeShift(t.db, { restaurant_id: camden, driver_id: rae, period_date: TUE, start_time: '18:00', finish_time: '23:00' });
});

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url, headers: await t.as(ADMIN), payload });
}

const shiftBody = (over: object) => ({
  restaurant_id: camden, driver_id: rae, period_date: WED, start_time: '08:00', finish_time: '12:00', status: 10,
  cost_bonus: 0, cost_extra_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, ...over,
});

const raeShifts = () =>
  t.db.selectFrom('shifts').select(['period_date', 'start_time', 'finish_time']).where('driver_id', '=', rae).orderBy('period_date').orderBy('start_time').execute();
const row = (id: number) => t.db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function expectWarning(res: { statusCode: number; json: () => unknown }, warning = AFTER_TUESDAY) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ working_time: [warning], message: workingTimeQuestion(1) });
}

describe('working-time rules on the shift calls', () => {
  it('refuses a new or pasted shift that breaks a rule until the call confirms it, writing nothing before', async () => {
    expectWarning(await call('POST', '/api/shift', shiftBody({})));
    expect(await raeShifts()).toHaveLength(1);
    const saved = await call('POST', '/api/shift', shiftBody({ working_time_confirmed: true }));
    expect(saved.statusCode).toBe(201);
    expect(await raeShifts()).toEqual([
      { period_date: TUE, start_time: '18:00', finish_time: '23:00' },
      { period_date: WED, start_time: '08:00', finish_time: '12:00' },
    ]);
    // A shift that breaks nothing needs no confirmation.
    expect((await call('POST', '/api/shift', shiftBody({ period_date: THU, start_time: '12:00', finish_time: '16:00' }))).statusCode).toBe(201);
  });

  it('refuses giving an open shift a driver until confirmed', async () => {
    const open = await makeShift(t.db, { restaurant_id: camden, period_date: WED, start_time: '08:00', finish_time: '12:00' });
    expectWarning(await call('PUT', `/api/shift/${open}`, shiftBody({})));
    expect((await row(open)).driver_id).toBeNull();
    const saved = await call('PUT', `/api/shift/${open}`, shiftBody({ working_time_confirmed: true }));
    expect(saved.statusCode).toBe(200);
    expect((await row(open)).driver_id).toBe(rae);
  });

  it('refuses a shift dragged to another day until confirmed', async () => {
    const thursday = await makeShift(t.db, { restaurant_id: camden, driver_id: rae, period_date: THU, start_time: '08:00', finish_time: '12:00' });
    expectWarning(await call('PUT', `/api/shift/${thursday}`, shiftBody({})));
    expect((await row(thursday)).period_date).toBe(THU);
    expect((await call('PUT', `/api/shift/${thursday}`, shiftBody({ working_time_confirmed: true }))).statusCode).toBe(200);
    expect((await row(thursday)).period_date).toBe(WED);
  });

  it('refuses a shift made longer in the edit dialog until confirmed, and does not ask again for a change the rules do not read', async () => {
    const wednesday = await makeShift(t.db, { restaurant_id: camden, driver_id: rae, period_date: WED, start_time: '12:00', finish_time: '16:00' });
    expectWarning(await call('PUT', `/api/shift/${wednesday}`, shiftBody({ start_time: '09:00', finish_time: '16:00' })), AFTER_TUESDAY.replace('9 h', '10 h'));
    expect((await row(wednesday)).start_time).toBe('12:00');
    expect((await call('PUT', `/api/shift/${wednesday}`, shiftBody({ start_time: '09:00', finish_time: '16:00', working_time_confirmed: true }))).statusCode).toBe(200);
    expect((await row(wednesday)).start_time).toBe('09:00');
    const commented = await call('PUT', `/api/shift/${wednesday}`, shiftBody({ start_time: '09:00', finish_time: '16:00', comment: 'Bring the big bag' }));
    expect(commented.statusCode).toBe(200);
  });

  it('refuses copies whose kept driver breaks a rule until confirmed', async () => {
    await makeShift(t.db, { restaurant_id: camden, driver_id: rae, period_date: THU, start_time: '08:00', finish_time: '12:00' });
    const [source] = await t.db.selectFrom('shifts').select('id').where('driver_id', '=', rae).where('period_date', '=', TUE).execute();
    const copy = { shift_ids: [source.id], to_date: WED, period_date_from: TUE };
    expectWarning(await call('POST', '/api/shift/copyshifts', copy), "Rae Rest would have 9 h rest before Thursday's shift at Pizza Palace Camden (minimum 11 h)");
    expect(await raeShifts()).toHaveLength(2);
    const copied = await call('POST', '/api/shift/copyshifts', { ...copy, working_time_confirmed: true });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject([{ driver_id: rae, period_date: WED, start_time: '18:00' }]);
    expect(await raeShifts()).toHaveLength(3);
  });
});
