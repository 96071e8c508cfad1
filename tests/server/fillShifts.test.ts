import { sql } from 'kysely';
import { suiteTestApp, ADMIN, MANAGER } from '../helpers/testApp';
import { addTimesheet, makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { SHIFT_CHANNEL } from '../../domain/channels';
import { AVAILABILITY_MSG } from '../../domain/availability';
import { FILL_MSG } from '../../domain/validation/fill';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import type { FillProposalsAnswer } from '../../domain/planner';

// A week well after the machine's today, so the assistant treats every shift in it as still to come.
const MON = '2027-01-04';
const TUE = '2027-01-05';
const WED = '2027-01-06';
const SUN = '2027-01-10';
const NEXT_MON = '2027-01-11';
const WEEK = { period_date_from: MON, period_date_to: SUN };

const feed = new RecordingBroadcaster();
let vale: number;
let pizza: number;
let curry: number;
let ann: number; // worked at Vale Pizza before
let ben: number; // far from the restaurants
let cat: number; // works for Vale Curry only
let dan: number; // on holiday every Tuesday and Wednesday
let eve: number; // near Vale Pizza

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  const camden = await t.db.selectFrom('areas').select(['id', 'city_id']).where('name', '=', 'Camden').executeTakeFirstOrThrow();
  // Drivers without areas work everywhere; tie the demo's to Camden so only this file's drivers work at Vale.
  await sql`insert into driver_areas (driver_id, area_id) select id, ${camden.id} from drivers d
    where not exists (select 1 from driver_areas a where a.driver_id = d.id)`.execute(t.db);
  ({ id: vale } = await t.db
    .insertInto('areas')
    .values({ name: 'Planner Vale', city_id: camden.city_id, standard_pay_rate: 12, weekend_pay_rate: 13 })
    .returning('id')
    .executeTakeFirstOrThrow());
  const restaurant = (name: string, lat: number | null, lng: number | null) =>
    t.db.insertInto('restaurants').values({ name, area_id: vale, map_latitude: lat, map_longitude: lng }).returning('id').executeTakeFirstOrThrow();
  ({ id: pizza } = await restaurant('Vale Pizza', 51.5, -0.1));
  ({ id: curry } = await restaurant('Vale Curry', null, null));
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, ['00:00', '23:45'] as [string, string]]));
  ann = await makeDriver(t.db, { first: 'Ann', last: 'Able', areas: ['Planner Vale'], weekly: everyDay });
  ben = await makeDriver(t.db, { first: 'Ben', last: 'Far', areas: ['Planner Vale'], weekly: everyDay });
  cat = await makeDriver(t.db, { first: 'Cat', last: 'Curry', areas: ['Planner Vale'], restaurants: ['Vale Curry'], weekly: everyDay });
  dan = await makeDriver(t.db, { first: 'Dan', last: 'Away', areas: ['Planner Vale'], weekly: { ...everyDay, 1: 'off', 2: 'off' } });
  eve = await makeDriver(t.db, { first: 'Eve', last: 'Near', areas: ['Planner Vale'], weekly: everyDay });
  await t.db.updateTable('drivers').set({ map_latitude: 51.9, map_longitude: -0.1 }).where('id', '=', ben).execute();
  await t.db.updateTable('drivers').set({ map_latitude: 51.51, map_longitude: -0.1 }).where('id', '=', eve).execute();
  await addTimesheet(t.db, await makeShift(t.db, { restaurant_id: pizza, driver_id: ann, period_date: '2026-10-01', start_time: '18:00', finish_time: '22:00' }));
});
beforeEach(async () => {
  await t.db.deleteFrom('shifts').where('restaurant_id', 'in', [pizza, curry]).where('period_date', '>=', MON).execute();
  await t.db.updateTable('drivers').set({ working_time_opt_out: false }).where('id', '=', ben).execute();
});

async function call(url: string, who: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: await t.as(who), payload: payload as object });
}

async function propose(who = ADMIN, body: object = { ...WEEK, area_id: vale }): Promise<FillProposalsAnswer> {
  const res = await call('/api/shift/fill-proposals', who, body);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const open = (restaurant_id: number, period_date: string, start_time = '18:00', finish_time = '23:00') =>
  makeShift(t.db, { restaurant_id, period_date, start_time, finish_time });
const planned = (driver_id: number, period_date: string, start_time: string, finish_time: string, restaurant_id = curry) =>
  makeShift(t.db, { restaurant_id, driver_id, period_date, start_time, finish_time });
const namesOf = (line: { driver_name: string; candidates: { driver_name: string }[] }) => [line.driver_name, ...line.candidates.map((c) => c.driver_name)];

describe('POST /api/shift/fill-proposals', () => {
  it('prefers fewer hours that week, then a driver who worked there, then the nearer, and says why', async () => {
    const shift = await open(pizza, TUE);
    const first = await propose();
    expect(first.unfilled).toEqual([]);
    expect(first.proposals).toHaveLength(1);
    const line = first.proposals[0];
    expect(line).toMatchObject({ shift_id: shift, restaurant_name: 'Vale Pizza', period_date: TUE, start_time: '18:00', finish_time: '23:00' });
    // Cat works for Vale Curry only; Dan is away on Tuesdays.
    expect(namesOf(line)).toEqual(['Ann Able', 'Eve Near', 'Ben Far']);
    expect(line.reason).toBe('0 h planned that week, has worked here before');
    expect(line.candidates[0].reason).toBe('0 h planned that week, new to this restaurant, 1.1 km away');

    // Four hours already planned put Ann behind the others.
    await planned(ann, WED, '11:00', '15:00');
    expect(namesOf((await propose()).proposals[0])).toEqual(['Eve Near', 'Ben Far', 'Ann Able']);
  });

  it('never proposes a driver who has another shift then, and never one driver for two overlapping shifts', async () => {
    await planned(ann, WED, '19:00', '22:00'); // unpublished, overlapping
    const a = await open(pizza, WED);
    const b = await open(curry, WED);
    const c = await open(curry, WED, '18:30', '21:00');
    const { proposals, unfilled } = await propose();
    expect(unfilled).toEqual([]);
    const chosen = proposals.map((p) => p.driver_id);
    expect(new Set(chosen).size).toBe(3);
    expect(chosen).not.toContain(ann);
    expect(chosen).not.toContain(dan);
    expect(proposals.find((p) => p.shift_id === a)!.driver_id).not.toBe(cat);
    expect(proposals.map((p) => p.shift_id).sort()).toEqual([a, b, c].sort());
  });

  it('breaks no working-time rule, and says why a shift is left open', async () => {
    const shift = await open(pizza, SUN);
    await planned(ann, NEXT_MON, '06:00', '10:00'); // 7 h rest after Sunday's 23:00
    for (const day of [MON, TUE, WED]) await planned(ben, day, '08:00', '23:00'); // 45 h + 5 h > 48 h
    for (let d = 4; d <= 9; d++) await planned(eve, `2027-01-0${d}`, '11:00', '13:00'); // Sunday would be the 7th day
    await t.db.insertInto('driver_working_time_overrides').values({ driver_id: dan, period_date: SUN, holiday: 10, start_at: '00:00', stop_at: '23:45' }).execute();
    const none = await propose();
    expect(none.proposals).toEqual([]);
    expect(none.unfilled).toEqual([
      expect.objectContaining({ shift_id: shift, reason: 'every driver of Planner Vale free 18:00–23:00 would break a working-time rule' }),
    ]);

    // Applying anyway is refused with the rules named.
    const refused = (await call('/api/shift/fill', ADMIN, { lines: [{ shift_id: shift, driver_id: ann }] })).json();
    expect(refused.failed).toEqual([{ shift_id: shift, driver_id: ann, message: "Ann Able would have 7 h rest before Monday's shift at Vale Curry (minimum 11 h)" }]);
    const week = (await call('/api/shift/fill', ADMIN, { lines: [{ shift_id: shift, driver_id: ben }] })).json();
    expect(week.failed[0].message).toBe('Ben Far would have 50 h planned in the week of 04/01/2027 (maximum 48 h)');
    const days = (await call('/api/shift/fill', ADMIN, { lines: [{ shift_id: shift, driver_id: eve }] })).json();
    expect(days.failed[0].message).toBe('Eve Near would work 7 days in a row (maximum 6)');

    // Ben opted out of the 48-hour week; a shorter rest limit set on the Options screen lets Ann in too.
    await t.db.updateTable('drivers').set({ working_time_opt_out: true }).where('id', '=', ben).execute();
    expect(namesOf((await propose()).proposals[0])).toEqual(['Ben Far']);
    const put = await t.app.inject({ method: 'PUT', url: '/api/option/working_time_min_rest_hours', headers: await t.as(ADMIN), payload: { ovalue: '6' } });
    expect(put.statusCode).toBe(200);
    expect(namesOf((await propose()).proposals[0])).toEqual(['Ann Able', 'Ben Far']);
    await t.app.inject({ method: 'PUT', url: '/api/option/working_time_min_rest_hours', headers: await t.as(ADMIN), payload: { ovalue: '11' } });
  });

  it('keeps managers to their areas', async () => {
    await open(pizza, TUE);
    expect(await propose(MANAGER)).toEqual({ proposals: [], unfilled: [] });
    const camdenShift = await open(await restaurantId(t.db, 'Pizza Palace Camden'), '2027-01-07');
    const theirs = await propose(MANAGER, WEEK);
    expect([...theirs.proposals, ...theirs.unfilled].map((l) => l.shift_id)).toEqual([camdenShift]);
    await t.db.deleteFrom('shifts').where('id', '=', camdenShift).execute();
  });

  it('says a driver worked there before only while a worked timesheet there, dated before the week, remains', async () => {
    await open(pizza, TUE);
    const reasonOf = async (name: string) => {
      const line = (await propose()).proposals[0];
      return [line, ...line.candidates].find((c) => c.driver_name === name)?.reason;
    };
    expect(await reasonOf('Ann Able')).toBe('0 h planned that week, has worked here before');
    const [annSheet] = await t.db.selectFrom('timesheets').select('id').where('driver_id', '=', ann).where('restaurant_id', '=', pizza).execute();
    const setStatus = (status: number) => t.db.updateTable('timesheets').set({ status }).where('id', '=', annSheet.id).execute();
    await setStatus(20); // discarded
    expect(await reasonOf('Ann Able')).toBe('0 h planned that week, new to this restaurant');
    await setStatus(30); // approved
    expect(await reasonOf('Ann Able')).toBe('0 h planned that week, has worked here before');

    // A timesheet after the week's first open shift does not count; one before does, until it is deleted.
    const later = await addTimesheet(t.db, await makeShift(t.db, { restaurant_id: pizza, driver_id: eve, period_date: NEXT_MON, start_time: '18:00', finish_time: '22:00' }));
    expect(await reasonOf('Eve Near')).toBe('0 h planned that week, new to this restaurant, 1.1 km away');
    await t.db.updateTable('timesheets').set({ period_date: '2026-10-02' }).where('id', '=', later).execute();
    expect(await reasonOf('Eve Near')).toBe('0 h planned that week, has worked here before, 1.1 km away');
    await t.db.deleteFrom('timesheets').where('id', '=', later).execute();
    expect(await reasonOf('Eve Near')).toBe('0 h planned that week, new to this restaurant, 1.1 km away');
  });

  it('answers bad input in words', async () => {
    const res = await call('/api/shift/fill-proposals', ADMIN, { period_date_from: SUN, period_date_to: MON });
    expect(res.statusCode).toBe(400);
    expect(res.json().period_date_from[0]).toMatch(/^Invalid date range/);
  });
});

describe('POST /api/shift/fill', () => {
  it('assigns the lines that still hold, refuses the others with why, and tells open boards', async () => {
    const a = await open(pizza, TUE);
    const b = await open(curry, TUE);
    const c = await open(curry, TUE, '19:00', '22:00');
    // Meanwhile someone else gives shift b a driver.
    await t.db.updateTable('shifts').set({ driver_id: ben, status_assigned: 10 }).where('id', '=', b).execute();
    const res = await call('/api/shift/fill', ADMIN, {
      lines: [
        { shift_id: a, driver_id: eve },
        { shift_id: b, driver_id: ann },
        { shift_id: c, driver_id: eve },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.assigned.map((s: { id: number; driver_id: number }) => [s.id, s.driver_id])).toEqual([[a, eve]]);
    expect(body.failed).toEqual([
      { shift_id: b, driver_id: ann, message: FILL_MSG.shiftTaken },
      { shift_id: c, driver_id: eve, message: AVAILABILITY_MSG.overlap },
    ]);
    const rows = await t.db.selectFrom('shifts').select(['id', 'driver_id', 'status_assigned']).where('id', 'in', [a, c]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: a, driver_id: eve, status_assigned: 10 },
      { id: c, driver_id: null, status_assigned: 20 },
    ]);
    const message = feed.messages.find((m) => m.channel === SHIFT_CHANNEL);
    expect(message?.event).toBe('update');
    expect((message?.items as { id: number }[]).map((s) => s.id)).toEqual([a]);
    // The history names it as one 'filled' action, which the snackbar can undo.
    const action = await t.db.selectFrom('history_actions').select(['id', 'name']).where('id', '=', String(res.headers['x-request-id'])).executeTakeFirstOrThrow();
    expect(action.name).toBe('filled');
    const entries = await t.db.selectFrom('history_entries').select(['table_name', 'record_id']).where('action_id', '=', action.id).where('table_name', '=', 'shifts').execute();
    expect(entries).toEqual([{ table_name: 'shifts', record_id: String(a) }]);
  });

  it('refuses a manager the shifts of other areas, and drivers of the wrong restaurant', async () => {
    const a = await open(pizza, TUE);
    const mine = (await call('/api/shift/fill', MANAGER, { lines: [{ shift_id: a, driver_id: ann }] })).json();
    expect(mine).toEqual({ assigned: [], failed: [{ shift_id: a, driver_id: ann, message: SHIFT_MSG.notFound }] });
    const wrong = (await call('/api/shift/fill', ADMIN, { lines: [{ shift_id: a, driver_id: cat }] })).json();
    expect(wrong.failed).toEqual([{ shift_id: a, driver_id: cat, message: SHIFT_MSG.driverNotForRestaurant }]);
  });

  it('answers bad input in words', async () => {
    const res = await call('/api/shift/fill', ADMIN, { lines: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().lines).toEqual([FILL_MSG.linesRequired]);
  });
});
