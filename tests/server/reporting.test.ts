import { expectRefused, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { PERIOD_MSG } from '../../domain/validation/period';
import { DRIVER_STATUS, TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../domain/statuses';
import { splitAmount, type ReportRow } from '../../domain/reports';

const ids: Record<string, number> = {};
const WEEK = 'period_date_from=2026-06-01&period_date_to=2026-06-07';

async function get(url: string, email: string | null = ADMIN) {
  return t.app.inject({ method: 'GET', url, headers: email ? await t.as(email) : {} });
}

const t = suiteTestApp();
beforeAll(async () => {
  const id = async (table: 'restaurants', name: string) => (await t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  ids.camden = await id('restaurants', 'Pizza Palace Camden');
  ids.balti = await id('restaurants', 'Balti Palace'); // Birmingham: outside the manager's areas
  ids.admin = (await t.db.selectFrom('users').select('id').where('email', '=', ADMIN).executeTakeFirstOrThrow()).id;
  ids.dan = (await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow()).id;
  const inactive = await t.db.selectFrom('drivers').select(['id']).where('status', '=', DRIVER_STATUS.inactive).orderBy('id').executeTakeFirstOrThrow();
  ids.inactive = inactive.id;

  // Records as the server stores them: the driver's amount and its split into charged, paid and difference.
  const base = { model_type: 10, start_time: '17:00', finish_time: '22:00', moderator_id: ids.admin, driver_id: ids.dan };
  const record = (cost: number) => ({ cost, ...splitAmount(cost) });
  const rows = await t.db
    .insertInto('reporting')
    .values([
      { ...base, event: 10, restaurant_id: ids.camden, period_date: '2026-06-02', ...record(-62.5), comment_cancelled: 'Driver ill' },
      { ...base, event: 40, restaurant_id: ids.camden, period_date: '2026-06-01', ...record(20), comment_cancelled: 'Bonus for cover' },
      { ...base, event: 10, restaurant_id: ids.balti, period_date: '2026-06-03', ...record(-40), comment_cancelled: 'Closed early' },
      { ...base, event: 20, restaurant_id: ids.camden, period_date: '2026-06-04', ...record(55), comment_cancelled: 'Extra driver' },
      { ...base, event: 30, restaurant_id: ids.camden, period_date: '2026-06-05', ...record(-15), comment_cancelled: 'Charge waived' },
      { ...base, event: 10, restaurant_id: ids.camden, period_date: '2026-06-08', ...record(-10), comment_cancelled: 'Next week' },
    ])
    .returning('id')
    .execute();
  [ids.cancelled, ids.bonus, ids.balti10, ids.extra, ids.charge] = rows.map((r) => r.id);

  const sheet = { status: TIMESHEET_STATUS.discarded, status_progress: TIMESHEET_PROGRESS.discarded, start_time: '18:00', finish_time: '23:00', cost_per_hour: 12 };
  const sheets = await t.db
    .insertInto('timesheets')
    .values([
      { ...sheet, restaurant_id: ids.camden, driver_id: ids.inactive, period_date: '2026-06-02', cost_extra_bonus: 20, comment: 'Stood down at the door' },
      { ...sheet, restaurant_id: ids.balti, driver_id: ids.inactive, period_date: '2026-06-03', cost_extra_bonus: -10 },
      // Not listed: an active driver's fee, an inactive driver without a fee.
      { ...sheet, restaurant_id: ids.camden, driver_id: ids.dan, period_date: '2026-06-02', cost_extra_bonus: 20 },
      { ...sheet, restaurant_id: ids.camden, driver_id: ids.inactive, period_date: '2026-06-04', cost_extra_bonus: 0 },
    ])
    .returning('id')
    .execute();
  [ids.fee, ids.baltiFee] = sheets.map((s) => s.id);
});

const keys = (rows: ReportRow[]) => rows.map((r) => r.key);

describe('GET /api/reporting/shiftsCancelled', () => {
  it('lists cancelled shifts and added bonuses of the range, with the names to show', async () => {
    const res = await get(`/api/reporting/shiftsCancelled?${WEEK}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as ReportRow[];
    expect(keys(rows)).toEqual([`r${ids.bonus}`, `r${ids.cancelled}`, `r${ids.balti10}`]);
    const dan = await t.db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', ids.dan).executeTakeFirstOrThrow();
    expect(rows[1]).toEqual({
      key: `r${ids.cancelled}`,
      shift_id: null,
      timesheet_id: null,
      period_date: '2026-06-02',
      cost: -62.5,
      driver_id: ids.dan,
      restaurant_id: ids.camden,
      start_time: '17:00',
      finish_time: '22:00',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      comment_cancelled: 'Driver ill',
      moderator_id: ids.admin,
      cost_cover: 62.5,
      amount_paid: 0,
      amount_difference: 62.5,
      event: 10,
      driver_name: `${dan.first_name} ${dan.last_name}`,
      restaurant_name: 'Pizza Palace Camden',
      moderator_name: 'Alice Admin',
    });
  });

  it('limits a manager to their restaurants', async () => {
    expect(keys((await get(`/api/reporting/shiftsCancelled?${WEEK}`, MANAGER)).json())).toEqual([`r${ids.bonus}`, `r${ids.cancelled}`]);
  });

  it('answers the demo cancellations of a week', async () => {
    const rows = (await get('/api/reporting/shiftsCancelled?period_date_from=2026-11-09&period_date_to=2026-11-15')).json() as ReportRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect([10, 40]).toContain(r.event);
      expect(r.period_date >= '2026-11-09' && r.period_date <= '2026-11-15').toBe(true);
    }
  });
});

describe('GET /api/reporting/extraRequest and /chargeRemoved', () => {
  it('list their own events only', async () => {
    expect(keys((await get(`/api/reporting/extraRequest?${WEEK}`)).json())).toEqual([`r${ids.extra}`]);
    expect(keys((await get(`/api/reporting/chargeRemoved?${WEEK}`)).json())).toEqual([`r${ids.charge}`]);
    expect((await get(`/api/reporting/extraRequest?${WEEK}`)).json()[0]).toMatchObject({ cost: 55, cost_cover: 0, amount_paid: 55, amount_difference: -55, event: 20, comment_cancelled: 'Extra driver' });
  });
});

describe('GET /api/timesheet/inactiveFee', () => {
  it('lists the cancellation fees and bonuses of drivers whose account is inactive, split like the records', async () => {
    const rows = (await get(`/api/timesheet/inactiveFee?${WEEK}`)).json() as ReportRow[];
    expect(keys(rows)).toEqual([`t${ids.fee}`, `t${ids.baltiFee}`]);
    expect(rows[1]).toMatchObject({ cost: -10, cost_cover: 10, amount_paid: 0, amount_difference: 10 });
    expect(rows[0]).toMatchObject({
      period_date: '2026-06-02', cost: 20, cost_cover: 0, amount_paid: 20, amount_difference: -20, cost_extra_bonus: 20, driver_id: ids.inactive,
      restaurant_name: 'Pizza Palace Camden', comment_cancelled: 'Stood down at the door', start_time: '18:00', finish_time: '23:00',
      modified_shift_id: null, moderator_id: null,
    });
    expect(keys((await get(`/api/timesheet/inactiveFee?${WEEK}`, MANAGER)).json())).toEqual([`t${ids.fee}`]);
  });
});

describe('every report', () => {
  const paths = ['/api/reporting/shiftsCancelled', '/api/reporting/extraRequest', '/api/reporting/chargeRemoved', '/api/timesheet/inactiveFee'];

  it('is for administrators and managers', async () => {
    for (const path of paths) {
      expect((await get(`${path}?${WEEK}`, MANAGER)).statusCode).toBe(200);
      await expectRefused(t, 'GET', `${path}?${WEEK}`, [RESTAURANT, DRIVER]);
    }
  });

  it('needs a range of at most 31 days', async () => {
    for (const path of paths) {
      expect((await get(`${path}?period_date_to=2026-06-07`)).json()).toEqual({ period_date_from: [PERIOD_MSG.fromRequired] });
      expect((await get(`${path}?period_date_from=2026-06-01`)).json()).toEqual({ period_date_to: [PERIOD_MSG.toRequired] });
      expect((await get(`${path}?period_date_from=2026-06-07&period_date_to=2026-06-01`)).json()).toEqual({
        period_date_from: ['Invalid date range: 07/06/2026 ~ 01/06/2026'],
      });
      expect((await get(`${path}?period_date_from=2026-06-01&period_date_to=2026-07-02`)).statusCode).toBe(400);
    }
  });
});
