import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ADMIN, DRIVER, MANAGER, RESTAURANT, suiteTestApp } from '../helpers/testApp';
import { makeDriver, makeShift } from '../helpers/shiftFixtures';
import { tellAttendance } from '../../server/services/attendance';
import { SHIFT_STATUS, TIMESHEET_PROGRESS } from '../../domain/statuses';
import type { LateReport } from '../../domain/lateNoShows';
import type { FillProposalsAnswer } from '../../domain/planner';

// Days far from the demo's weeks, in winter (London time is UTC). Sunday 14/03/2027 Nia does not come; Monday
// Lee starts 15 minutes late; Tuesday Lee is late again (told at 25 minutes) and Ola starts on time.
const SUN = '2027-03-14';
const MON = '2027-03-15';
const TUE = '2027-03-16';
const THU = '2027-03-18';
const at = (date: string, time: string) => new Date(`${date}T${time}:00Z`);

const t = suiteTestApp();
const d: Record<string, number> = {};
let vale = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
  vi.setSystemTime(at(SUN, '12:00'));
  const camden = await t.db.selectFrom('areas').select(['id', 'city_id']).where('name', '=', 'Camden').executeTakeFirstOrThrow();
  await sql`insert into driver_areas (driver_id, area_id) select id, ${camden.id} from drivers d
    where not exists (select 1 from driver_areas a where a.driver_id = d.id)`.execute(t.db);
  vale = (await t.db.insertInto('areas').values({ name: 'Record Vale', city_id: camden.city_id, standard_pay_rate: 12, weekend_pay_rate: 13 }).returning('id').executeTakeFirstOrThrow()).id;
  const pizza = (await t.db.insertInto('restaurants').values({ name: 'Record Pizza', area_id: vale }).returning('id').executeTakeFirstOrThrow()).id;
  const curry = (await t.db.insertInto('restaurants').values({ name: 'Record Curry', area_id: vale }).returning('id').executeTakeFirstOrThrow()).id;
  d.pizza = pizza;
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((n) => [n, ['00:00', '23:45'] as [string, string]]));
  for (const [key, first, last] of [['lee', 'Lee', 'Late'], ['nia', 'Nia', 'Noshow'], ['ola', 'Ola', 'Ontime']] as const) {
    d[key] = await makeDriver(t.db, { first, last, areas: ['Record Vale'], weekly: everyDay });
  }
  const shift = (restaurant_id: number, driver_id: number, period_date: string, start_time: string) =>
    makeShift(t.db, { restaurant_id, driver_id, status: SHIFT_STATUS.published, period_date, start_time, finish_time: '16:00' });
  const started = (shift_id: number, driver_id: number, restaurant_id: number, period_date: string, start_time: string, driver_start_time: string) =>
    t.db.insertInto('timesheets').values({ shift_id, restaurant_id, driver_id, period_date, start_time, finish_time: '16:00', status_progress: TIMESHEET_PROGRESS.inWork, driver_start_time }).execute();

  await shift(curry, d.nia, SUN, '12:00');
  await tellAttendance(t.app, at(SUN, '12:12'));
  await tellAttendance(t.app, at(SUN, '12:35'));

  const monday = await shift(pizza, d.lee, MON, '12:00');
  await tellAttendance(t.app, at(MON, '12:12'));
  await started(monday, d.lee, pizza, MON, '12:00', '12:15');
  await tellAttendance(t.app, at(MON, '12:35'));

  await shift(pizza, d.lee, TUE, '12:00');
  const onTime = await shift(pizza, d.ola, TUE, '12:00');
  await started(onTime, d.ola, pizza, TUE, '12:00', '11:58');
  await tellAttendance(t.app, at(TUE, '12:25'));
  vi.setSystemTime(at('2027-03-17', '09:00'));
});

afterAll(() => {
  vi.useRealTimers();
});

const report = async (who = ADMIN): Promise<LateReport> => {
  const res = await t.call('GET', `/api/reporting/lateNoShows?period_date_from=${SUN}&period_date_to=${TUE}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the 'Late and no-shows' report", () => {
  it('counts each driver and restaurant, worst first, with minutes late, and the days for the chart', async () => {
    const answer = await report();
    expect(answer.by_driver).toEqual([
      { id: d.nia, name: 'Nia Noshow', late: 0, no_show: 1, minutes_late: 0, average_minutes_late: null },
      { id: d.lee, name: 'Lee Late', late: 2, no_show: 0, minutes_late: 40, average_minutes_late: 20 },
    ]);
    expect(answer.by_restaurant.map((r) => [r.name, r.late, r.no_show, r.minutes_late])).toEqual([
      ['Record Curry', 0, 1, 0],
      ['Record Pizza', 2, 0, 40],
    ]);
    expect(answer.by_day).toEqual([
      { date: SUN, late: 0, no_show: 1 },
      { date: MON, late: 1, no_show: 0 },
      { date: TUE, late: 1, no_show: 0 },
    ]);
  });

  it("shows a manager only their restaurants', and refuses restaurant accounts and drivers", async () => {
    const mine = await report(MANAGER);
    expect(mine.by_driver).toEqual([]);
    expect(mine.by_restaurant).toEqual([]);
    for (const who of [RESTAURANT, DRIVER]) expect((await t.call('GET', `/api/reporting/lateNoShows?period_date_from=${SUN}&period_date_to=${TUE}`, who)).statusCode).toBe(403);
    const tooLong = await t.call('GET', `/api/reporting/lateNoShows?period_date_from=2027-01-01&period_date_to=${TUE}`, ADMIN);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("a driver's record", () => {
  it('gives the last 90 days: late starts, no-shows and the average minutes late', async () => {
    const lee = await t.call('GET', `/api/driver/${d.lee}/attendance`, ADMIN);
    expect(lee.json()).toEqual({ from: '2026-12-18', to: '2027-03-17', late: 2, no_show: 0, average_minutes_late: 20 });
    expect((await t.call('GET', `/api/driver/${d.nia}/attendance`, ADMIN)).json()).toMatchObject({ late: 0, no_show: 1, average_minutes_late: null });
    expect((await t.call('GET', `/api/driver/${d.ola}/attendance`, ADMIN)).json()).toMatchObject({ late: 0, no_show: 0, average_minutes_late: null });
  });

  it("is the office's only, a manager's for the drivers of their areas", async () => {
    expect((await t.call('GET', `/api/driver/${d.lee}/attendance`, MANAGER)).statusCode).toBe(404);
    for (const who of [RESTAURANT, DRIVER]) expect((await t.call('GET', `/api/driver/${d.lee}/attendance`, who)).statusCode).toBe(403);
  });
});

describe('the planning assistant and recent no-shows', () => {
  it('ranks a driver with a no-show in the last 90 days after every driver without one, and says so', async () => {
    const open = await makeShift(t.db, { restaurant_id: d.pizza, period_date: THU, start_time: '12:00', finish_time: '16:00' });
    const res = await t.call('POST', '/api/shift/fill-proposals', ADMIN, { period_date_from: THU, period_date_to: THU, area_id: vale });
    expect(res.statusCode, res.body).toBe(200);
    const line = (res.json() as FillProposalsAnswer).proposals.find((p) => p.shift_id === open)!;
    // Nia has the fewest hours that week (none), so would come first but for her no-show.
    expect([line.driver_name, ...line.candidates.map((c) => c.driver_name)]).toEqual(['Ola Ontime', 'Lee Late', 'Nia Noshow']);
    expect(line.candidates[1].reason).toBe('0 h planned that week, new to this restaurant, 1 no-show in the last 90 days');
  });
});
