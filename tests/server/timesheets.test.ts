import { suiteTestApp } from '../helpers/testApp';
import {
  ADMIN, DRIVER, MANAGER, RESTAURANT, RecordingBroadcaster, areaId, makeDriver, makeShift, restaurantId, timesheetRow,
} from '../helpers/timesheetFixtures';
import { addDays, londonToday } from '../../domain/dates';
import { TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import {
  TIMESHEET_MSG, costMismatchMessage, dateTooLateMessage, overlapMessage, transitionMessage,
} from '../../domain/validation/timesheet';
import { invalidRangeMessage } from '../../domain/ranges';
import { OWN_MSG } from '../../domain/messages';
import type { TimesheetView } from '../../server/records/timesheetViews';

const feed = new RecordingBroadcaster();
/** Pizza Palace Camden: £12.50 Mon–Thu, £14.00 Fri–Sun, commission £1.75 per hour. */
let ppc: number;
/** Bombay Spice (Camden): no rates of its own, so Camden's £12.00 / £13.50; commission from the option (£1.50). */
let bombay: number;
let manchester: number;
let camden: number;
let driver: Awaited<ReturnType<typeof makeDriver>>;

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  ppc = await restaurantId(t.db, 'Pizza Palace Camden');
  bombay = await restaurantId(t.db, 'Bombay Spice');
  manchester = await restaurantId(t.db, 'Golden Wok Manchester');
  camden = await areaId(t.db, 'Camden');
  driver = await makeDriver(t.db, { areas: [camden] });
});

const call = t.call;
const list = async (from: string, to: string, who = ADMIN, extra = '') =>
  (await call('GET', `/api/timesheet?period_date_from=${from}&period_date_to=${to}${extra}`, who)).json() as TimesheetView[];
const count = async () => Number((await t.db.selectFrom('timesheets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** An Add Time Sheet body: a Tuesday evening at Pizza Palace Camden. */
const added = (extra: Record<string, unknown> = {}) => ({
  restaurant_id: ppc,
  driver_id: driver.id,
  period_date: '2026-11-10',
  start_time: '17:00',
  finish_time: '22:45',
  cost_bonus: 10,
  cost_extra_bonus: 0,
  fuel_bonus_0: 3,
  fuel_bonus_3: 2,
  fuel_bonus_6: 1,
  comment: 'Covered the evening',
  status: S.pending,
  status_progress: P.submitted,
  meal_time: 0,
  rest_time: 0,
  ...extra,
});

async function addTimesheet(extra: Record<string, unknown> = {}, who = ADMIN): Promise<TimesheetView> {
  const res = await call('POST', '/api/timesheet', who, added(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('GET /api/timesheet', () => {
  it('lists the saved timesheets of the range and a pending placeholder for every shift without one', async () => {
    const mine = await makeShift(t.db, { restaurant_id: bombay, driver_id: driver.id, period_date: '2026-11-11', start_time: '11:00', finish_time: '15:30', cost_bonus: 5, fuel: [2, 1, 0], comment: 'Lunch cover' });
    const draft = await makeShift(t.db, { restaurant_id: bombay, driver_id: null, period_date: '2026-11-11', start_time: '18:00', finish_time: '22:00', status: 30 });

    const res = await call('GET', '/api/timesheet?period_date_from=2026-11-09&period_date_to=2026-11-15', ADMIN);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as TimesheetView[];

    const savedInDb = await t.db.selectFrom('timesheets').select('id').where('period_date', '>=', '2026-11-09').where('period_date', '<=', '2026-11-15').execute();
    expect(rows.filter((r) => r.id > 0).map((r) => r.id).sort((a, b) => a - b)).toEqual(savedInDb.map((r) => r.id).sort((a, b) => a - b));

    const bare = await t.db
      .selectFrom('shifts as s')
      .select('s.id')
      .where('s.period_date', '>=', '2026-11-09')
      .where('s.period_date', '<=', '2026-11-15')
      .where('s.status', '!=', 30)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('timesheets as t').select('t.id').whereRef('t.shift_id', '=', 's.id'))))
      .execute();
    const placeholders = rows.filter((r) => r.id <= 0);
    expect(placeholders.map((p) => p.shift_id).sort((a, b) => a! - b!)).toEqual(bare.map((s) => s.id).sort((a, b) => a - b));
    for (const p of placeholders) expect(p).toMatchObject({ id: -p.shift_id!, status: S.pending, status_progress: P.notSubmitted });
    expect(placeholders.some((p) => p.shift_id === draft)).toBe(false);
    expect(placeholders.some((p) => p.driver_id === null)).toBe(true);

    // A shift without a rate of its own is paid at the area's Wednesday rate: £12.00 × 4.5 h = £54.00,
    // + the shift's £5.00 bonus + fuel (2 × £1.50 + 1 × £3.00 = £6.00) = £65.00.
    expect(placeholders.find((p) => p.shift_id === mine)).toEqual({
      id: -mine, shift_id: mine, modified_shift_id: null, restaurant_id: bombay, driver_id: driver.id, status: 10, status_progress: 30,
      period_date: '2026-11-11', start_time: '11:00', finish_time: '15:30', driver_start_time: null, driver_finish_time: null,
      meal_time: 0, rest_time: 0, cost_per_hour: 12, cost_bonus: 5, const_fuel_bonus: 6, cost_extra_bonus: 0, cost_total: 65,
      fuel_bonus_0: 2, fuel_bonus_3: 1, fuel_bonus_6: 0, comment: 'Lunch cover', driver_comment: null,
      map_start_lat: null, map_start_lng: null, map_finish_lat: null, map_finish_lng: null,
      driver_name: driver.name, restaurant_name: 'Bombay Spice', invoice_comission: 1.5,
      shift_period_date: '2026-11-11', shift_start_time: '11:00', shift_finish_time: '15:30', shift_cost_bonus: 5,
    });

    // Saved timesheets by date and start time, then the placeholders by date and start time.
    const keys = (part: TimesheetView[]) => part.map((r) => `${r.period_date} ${r.start_time}`);
    expect(keys(rows.filter((r) => r.id > 0))).toEqual(keys(rows.filter((r) => r.id > 0)).sort());
    expect(keys(placeholders)).toEqual(keys(placeholders).sort());
    expect(rows.findIndex((r) => r.id <= 0)).toBe(rows.length - placeholders.length);
  });

  it('answers a saved timesheet with its names, commission and scheduled shift', async () => {
    const row = (await list('2026-11-09', '2026-11-15')).find((r) => r.id > 0 && r.restaurant_id === ppc)!;
    const stored = (await timesheetRow(t.db, row.id))!;
    expect(row).toMatchObject({ restaurant_name: 'Pizza Palace Camden', invoice_comission: 1.75, cost_total: stored.cost_total, driver_id: stored.driver_id });
    expect(row.driver_name).toMatch(/\S+ \S+/);
    const shift = await t.db.selectFrom('shifts').selectAll().where('id', '=', stored.shift_id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ shift_period_date: shift.period_date, shift_start_time: shift.start_time, shift_finish_time: shift.finish_time, shift_cost_bonus: shift.cost_bonus });
  });

  it('with for_reports=1 answers saved timesheets only', async () => {
    const rows = await list('2026-11-09', '2026-11-15', ADMIN, '&for_reports=1');
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => r.id > 0)).toBe(true);
    // With when each was made and changed, as the reports show them.
    const stored = (await timesheetRow(t.db, rows[0].id))!;
    expect(rows[0]).toMatchObject({ created_at: new Date(stored.created_at).toISOString(), updated_at: new Date(stored.updated_at).toISOString() });
  });

  it("limits a manager to their restaurants and a restaurant account to its own", async () => {
    const camdenIslington = (await t.db.selectFrom('restaurants as r').innerJoin('areas as a', 'a.id', 'r.area_id').select('r.id').where('a.name', 'in', ['Camden', 'Islington']).execute()).map((r) => r.id);
    const managed = await list('2026-11-09', '2026-11-15', MANAGER);
    expect(managed.length).toBeGreaterThan(20);
    expect(managed.every((r) => camdenIslington.includes(r.restaurant_id))).toBe(true);

    const own = (await t.db.selectFrom('restaurants as r').innerJoin('restaurateurs as o', 'o.id', 'r.restaurateur_id').select('r.id').where('o.email', '=', RESTAURANT).execute()).map((r) => r.id);
    const theirs = await list('2026-11-09', '2026-11-15', RESTAURANT);
    expect(theirs.length).toBeGreaterThan(10);
    expect(theirs.some((r) => r.id <= 0)).toBe(true);
    expect(new Set(theirs.map((r) => r.restaurant_id))).toEqual(new Set(own));
    // The cancellation fee is hidden from restaurants; the rest is there.
    expect(theirs.every((r) => (r as Partial<TimesheetView>).cost_extra_bonus === undefined && typeof r.cost_total === 'number')).toBe(true);
    expect(managed.every((r) => typeof r.cost_extra_bonus === 'number')).toBe(true);
  });

  it('is refused to drivers and needs a token', async () => {
    expect((await call('GET', '/api/timesheet?period_date_from=2026-11-09&period_date_to=2026-11-15', DRIVER)).statusCode).toBe(403);
    expect((await call('GET', '/api/timesheet?period_date_from=2026-11-09&period_date_to=2026-11-15', null)).statusCode).toBe(401);
  });

  it('asks for a valid range of at most 31 days', async () => {
    expect((await call('GET', '/api/timesheet', ADMIN)).json()).toEqual({ period_date_from: ['Date is required.'], period_date_to: ['Date is required.'] });
    expect((await call('GET', '/api/timesheet?period_date_from=2026-13-01&period_date_to=2026-11-15', ADMIN)).json()).toEqual({ period_date_from: ['Date invalid format.'] });
    const long = await call('GET', '/api/timesheet?period_date_from=2026-11-01&period_date_to=2026-12-02', ADMIN);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ period_date_to: [invalidRangeMessage({ from: '2026-11-01', to: '2026-12-02' })] });
    expect((await call('GET', '/api/timesheet?period_date_from=2026-11-15&period_date_to=2026-11-09', ADMIN)).json()).toEqual({ period_date_to: ['Invalid date range: 15/11/2026 ~ 09/11/2026'] });
    expect((await call('GET', '/api/timesheet?period_date_from=2026-11-01&period_date_to=2026-12-01', ADMIN)).statusCode).toBe(200);
  });
});

describe('POST /api/timesheet', () => {
  it('adds a timesheet priced by the server, and tells open screens', async () => {
    // £12.50 × 5.75 h = £71.875 → £71.88, + £10 bonus + fuel (3 × £1.50 + 2 × £3 + 1 × £5 = £15.50) = £97.38
    const res = await call('POST', '/api/timesheet', ADMIN, added({ cost_total: '97.38', cost_per_hour: 99, const_fuel_bonus: 1 }));
    expect(res.statusCode).toBe(201);
    const view = res.json() as TimesheetView;
    expect(view).toMatchObject({
      id: expect.any(Number), shift_id: null, restaurant_id: ppc, driver_id: driver.id, status: S.pending, status_progress: P.submitted,
      period_date: '2026-11-10', start_time: '17:00', finish_time: '22:45', cost_per_hour: 12.5, cost_bonus: 10, const_fuel_bonus: 15.5,
      cost_total: 97.38, comment: 'Covered the evening', driver_name: driver.name, restaurant_name: 'Pizza Palace Camden',
    });
    expect(await timesheetRow(t.db, view.id)).toMatchObject({ cost_per_hour: 12.5, const_fuel_bonus: 15.5, cost_total: 97.38, status: 10, status_progress: 20 });
    expect(feed.messages).toEqual([{ channel: 'timesheet_channel', event: 'store', items: [view] }]);
    await call('DELETE', `/api/timesheet/${view.id}`, ADMIN);
  });

  it('refuses a total that disagrees with the rules, and stores nothing', async () => {
    const before = await count();
    const res = await call('POST', '/api/timesheet', ADMIN, added({ cost_total: '97.37' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ cost_total: [costMismatchMessage(97.38)] });
    expect(await count()).toBe(before);
    expect(feed.messages).toEqual([]);
  });

  it("answers the form's messages", async () => {
    const empty = await call('POST', '/api/timesheet', ADMIN, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      restaurant_id: ['Area is required'],
      period_date: ['Date is required.'],
      start_time: ['Start Time is required.'],
      finish_time: ['Start Time is required.'],
    });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ driver_id: 0 }, { driver_id: ['Driver is required'] }],
      [{ driver_id: null }, { driver_id: ['Driver is required'] }],
      [{ period_date: '2026-02-30' }, { period_date: ['Date invalid format.'] }],
      [{ start_time: '5pm' }, { start_time: ['Start Time invalid format.'] }],
      [{ finish_time: '22:60' }, { finish_time: ['Finish Time invalid format.'] }],
      [{ fuel_bonus_0: -2 }, { fuel_bonus_0: [TIMESHEET_MSG.fuelCount] }],
      [{ cost_bonus: 15 }, { cost_bonus: [TIMESHEET_MSG.bonusChoice] }],
      [{ restaurant_id: 999_999 }, { restaurant_id: [TIMESHEET_MSG.restaurantUnknown] }],
      [{ driver_id: 999_999 }, { driver_id: [TIMESHEET_MSG.driverUnknown] }],
      [{ status: S.pending, status_progress: P.payApproved }, { status: [transitionMessage('Pending (Not submited)', 'Pending (Pay approved)')] }],
    ];
    for (const [change, body] of cases) {
      const res = await call('POST', '/api/timesheet', ADMIN, added(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual(body);
    }
  });

  it('refuses a finish equal to the start (not 24 hours of pay) on add, edit and approve, and stores nothing', async () => {
    const before = await count();
    const same = { start_time: '10:00', finish_time: '10:00', cost_bonus: 0 };
    const res = await call('POST', '/api/timesheet', ADMIN, added(same));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ finish_time: [OWN_MSG.finishEqualsStart] });
    expect(await count()).toBe(before);
    const ts = await addTimesheet({ period_date: '2026-11-01' });
    expect((await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...added({ period_date: '2026-11-01', ...same }), id: ts.id })).json()).toEqual({ finish_time: [OWN_MSG.finishEqualsStart] });
    const approve = (await call('POST', '/api/timesheet/approve', ADMIN, [{ ...added({ period_date: '2026-11-01', ...same }), id: ts.id }])).json();
    expect(approve).toMatchObject({ data: [], fail: [{ errors: { finish_time: [OWN_MSG.finishEqualsStart] } }] });
    expect(await timesheetRow(t.db, ts.id)).toMatchObject({ start_time: '17:00', finish_time: '22:45', status: S.pending });
    await call('DELETE', `/api/timesheet/${ts.id}`, ADMIN);
  });

  it('takes dates up to today in Add Time Sheet', async () => {
    const today = londonToday();
    const res = await call('POST', '/api/timesheet', ADMIN, added({ period_date: addDays(today, 1) }));
    expect(res.json()).toEqual({ period_date: [dateTooLateMessage(today)] });
  });

  it('adds only drivers who work at the restaurant', async () => {
    const elsewhere = await makeDriver(t.db, { areas: [await areaId(t.db, 'Salford')] });
    expect((await call('POST', '/api/timesheet', ADMIN, added({ driver_id: elsewhere.id }))).json()).toEqual({ driver_id: [TIMESHEET_MSG.driverNotHere] });
    const onlyBombay = await makeDriver(t.db, { areas: [camden], restaurants: [bombay] });
    expect((await call('POST', '/api/timesheet', ADMIN, added({ driver_id: onlyBombay.id }))).json()).toEqual({ driver_id: [TIMESHEET_MSG.driverNotHere] });
    const anywhere = await makeDriver(t.db);
    const ok = await call('POST', '/api/timesheet', ADMIN, added({ driver_id: anywhere.id, cost_bonus: 0 }));
    expect(ok.statusCode).toBe(201);
  });

  it('never pays a driver twice for the same time', async () => {
    const first = await addTimesheet();
    const clash = await call('POST', '/api/timesheet', ADMIN, added({ restaurant_id: bombay, start_time: '22:00', finish_time: '23:30', cost_bonus: 0 }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ start_time: [overlapMessage({ restaurant: 'Pizza Palace Camden', date: '2026-11-10', start: '17:00', finish: '22:45' })] });
    // Back to back is fine; so is the same time once the first is discarded.
    const after = await addTimesheet({ restaurant_id: bombay, start_time: '22:45', finish_time: '23:30', cost_bonus: 0 });
    await call('PUT', `/api/timesheet/${first.id}`, ADMIN, { ...added(), id: first.id, status: S.discarded, status_progress: P.discarded });
    const again = await addTimesheet({ restaurant_id: bombay, start_time: '22:00', finish_time: '22:30', cost_bonus: 0 });
    for (const id of [first.id, after.id, again.id]) await call('DELETE', `/api/timesheet/${id}`, ADMIN);
  });

  it('turns a placeholder into a timesheet once, keeping the shift link', async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-11-12', start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.5 });
    const body = { ...added({ period_date: '2026-11-12', start_time: '11:00', finish_time: '15:00', cost_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0 }), id: -shift, shift_id: shift, status: S.discarded, status_progress: P.discarded };
    const res = await call('POST', '/api/timesheet', ADMIN, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ shift_id: shift, status: S.discarded, status_progress: P.discarded, cost_total: 50 });
    const rows = await list('2026-11-12', '2026-11-12');
    expect(rows.filter((r) => r.shift_id === shift).map((r) => r.id)).toEqual([res.json().id]);
    expect((await call('POST', '/api/timesheet', ADMIN, body)).json()).toEqual({ shift_id: [TIMESHEET_MSG.shiftTaken] });
  });

  it("refuses open shifts and a driver who is not the shift's", async () => {
    const open = await makeShift(t.db, { restaurant_id: ppc, driver_id: null, period_date: '2026-11-12', start_time: '18:00', finish_time: '22:00' });
    const base = { ...added({ driver_id: 0, period_date: '2026-11-12', start_time: '18:00', finish_time: '22:00', cost_bonus: 0 }), shift_id: open };
    expect((await call('POST', '/api/timesheet', ADMIN, { ...base, status: S.discarded, status_progress: P.discarded })).json()).toEqual({ driver_id: ["Can't discard Open shift"] });
    expect((await call('POST', '/api/timesheet', ADMIN, { ...base, status: S.approved, status_progress: P.payApproved })).json()).toEqual({ driver_id: ["Can't approve Open shift"] });
    const draft = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-11-12', start_time: '18:00', finish_time: '22:00', status: 30 });
    expect((await call('POST', '/api/timesheet', ADMIN, { ...base, driver_id: driver.id, shift_id: draft })).json()).toEqual({ shift_id: [TIMESHEET_MSG.shiftDraft] });
    const other = await makeDriver(t.db, { areas: [camden] });
    const assigned = await makeShift(t.db, { restaurant_id: ppc, driver_id: other.id, period_date: '2026-11-12', start_time: '18:00', finish_time: '22:00' });
    expect((await call('POST', '/api/timesheet', ADMIN, { ...base, driver_id: driver.id, shift_id: assigned })).json()).toEqual({ driver_id: [TIMESHEET_MSG.shiftOtherDriver] });
  });

  it("lets managers add within their restaurants only, and nobody else", async () => {
    const mine = await addTimesheet({ period_date: '2026-11-03', cost_bonus: 0 }, MANAGER);
    expect(mine.restaurant_id).toBe(ppc);
    const wok = await call('POST', '/api/timesheet', MANAGER, added({ restaurant_id: manchester, period_date: '2026-11-04' }));
    expect(wok.statusCode).toBe(403);
    expect(wok.json()).toEqual({ restaurant_id: [TIMESHEET_MSG.restaurantOutOfScope] });
    for (const who of [RESTAURANT, DRIVER]) expect((await call('POST', '/api/timesheet', who, added({ period_date: '2026-11-04' }))).statusCode).toBe(403);
    expect((await call('POST', '/api/timesheet', null, added())).statusCode).toBe(401);
    await call('DELETE', `/api/timesheet/${mine.id}`, ADMIN);
  });
});

describe('PUT /api/timesheet/{id}', () => {
  it('re-prices an edit from the stored rate, and re-rates a move to a Friday', async () => {
    const ts = await addTimesheet({ period_date: '2026-11-05' });
    feed.messages = [];
    // £12.50 × 6.25 h = £78.125 → £78.13, − £10 = £68.13 (a sent rate of £50 is not the stored rate: ignored)
    const edit = await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...added(), id: ts.id, period_date: '2026-11-05', finish_time: '23:15', cost_bonus: -10, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, cost_per_hour: 50 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ finish_time: '23:15', cost_per_hour: 12.5, const_fuel_bonus: 0, cost_total: 68.13 });
    expect(feed.messages).toEqual([{ channel: 'timesheet_channel', event: 'update', items: [edit.json()] }]);
    // Friday: the weekend rate, £14.00 × 6.25 = £87.50, − £10 = £77.50
    const friday = await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...added(), id: ts.id, period_date: '2026-11-06', finish_time: '23:15', cost_bonus: -10, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, cost_total: 77.5 });
    expect(friday.json()).toMatchObject({ period_date: '2026-11-06', cost_per_hour: 14, cost_total: 77.5 });
    await call('DELETE', `/api/timesheet/${ts.id}`, ADMIN);
  });

  it('approves, locks, unapproves pay and time, and discards, each only as the spec allows', async () => {
    const ts = await addTimesheet({ period_date: '2026-11-02' });
    const body = { ...added({ period_date: '2026-11-02' }), id: ts.id };
    const put = (extra: Record<string, unknown>) => call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...body, ...extra });

    const approved = await put({ status: S.approved, status_progress: P.payApproved });
    expect(approved.json()).toMatchObject({ status: S.approved, status_progress: P.payApproved, cost_total: 97.38 });

    expect((await put({ status: S.approved, status_progress: P.payApproved, comment: 'changed' })).json()).toEqual({ id: [TIMESHEET_MSG.locked] });
    expect((await put({ status: S.approved, status_progress: P.payApproved, finish_time: '23:00' })).json()).toEqual({ id: [TIMESHEET_MSG.locked] });

    // Rates change after approval: the approved figures stay frozen through the unapproval...
    await t.db.updateTable('restaurants').set({ standard_pay: 20 }).where('id', '=', ppc).execute();
    try {
      const payUnapproved = await put({ status: S.pending, status_progress: P.timeApproved });
      expect(payUnapproved.json()).toMatchObject({ status: S.pending, status_progress: P.timeApproved, cost_per_hour: 12.5, cost_total: 97.38 });
      // ...and the timesheet keeps its own rate while it stays on its restaurant and day.
      const edited = await put({ status: S.pending, status_progress: P.timeApproved, comment: 'Checked' });
      expect(edited.json()).toMatchObject({ comment: 'Checked', cost_per_hour: 12.5, cost_total: 97.38 });
    } finally {
      await t.db.updateTable('restaurants').set({ standard_pay: 12.5 }).where('id', '=', ppc).execute();
    }

    const timeUnapproved = await put({ status: S.pending, status_progress: P.submitted });
    expect(timeUnapproved.json()).toMatchObject({ status: S.pending, status_progress: P.submitted });
    const refused = await put({ status: S.pending, status_progress: P.timeApproved });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: [transitionMessage('Pending (Submited)', 'Pending (Time approved)')] });

    const discarded = await put({ status: S.discarded, status_progress: undefined });
    expect(discarded.json()).toMatchObject({ status: S.discarded, status_progress: P.discarded });
    expect((await put({ status: S.pending, status_progress: P.submitted })).json()).toEqual({ status: [transitionMessage('Discarded (Discarded)', 'Pending (Submited)')] });
    expect((await put({ status: S.approved, status_progress: undefined })).json()).toMatchObject({ status: S.approved, status_progress: P.payApproved });
    expect((await put({ status: S.pending, status_progress: undefined })).json()).toEqual({ status_progress: [TIMESHEET_MSG.progressRequired] });
    await put({ status: S.pending, status_progress: P.submitted });
    await call('DELETE', `/api/timesheet/${ts.id}`, ADMIN);
  });

  it('keeps the driver and the shift of a timesheet', async () => {
    const ts = await addTimesheet({ period_date: '2026-11-01', cost_bonus: 0 });
    const other = await makeDriver(t.db, { areas: [camden] });
    const body = { ...added({ period_date: '2026-11-01', cost_bonus: 0 }), id: ts.id };
    expect((await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...body, driver_id: other.id })).json()).toEqual({ driver_id: [TIMESHEET_MSG.driverFixed] });
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-11-01', start_time: '11:00', finish_time: '12:00' });
    expect((await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...body, shift_id: shift })).json()).toEqual({ shift_id: [TIMESHEET_MSG.shiftFixed] });
    expect((await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...body, modified_shift_id: shift })).json()).toMatchObject({ modified_shift_id: shift, shift_id: null });
    expect((await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...body, id: ts.id + 1 })).json()).toEqual({ id: [TIMESHEET_MSG.idMismatch] });
    await call('DELETE', `/api/timesheet/${ts.id}`, ADMIN);
  });

  it("answers 404 for unknown timesheets and those outside a manager's restaurants", async () => {
    expect((await call('PUT', '/api/timesheet/99999999', ADMIN, added())).statusCode).toBe(404);
    expect((await call('PUT', '/api/timesheet/-5', ADMIN, added())).statusCode).toBe(404);
    const wokSheet = await t.db.selectFrom('timesheets').select(['id']).where('restaurant_id', '=', manchester).where('status', '=', S.pending).executeTakeFirstOrThrow();
    const res = await call('PUT', `/api/timesheet/${wokSheet.id}`, MANAGER, { ...added({ restaurant_id: manchester }), id: wokSheet.id });
    expect(res.statusCode).toBe(404);
    expect((await call('PUT', `/api/timesheet/${wokSheet.id}`, RESTAURANT, {})).statusCode).toBe(403);
  });
});

describe('DELETE /api/timesheet/{id}', () => {
  it('lets administrators remove a timesheet; its shift shows as a placeholder again', async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-10-30', start_time: '11:00', finish_time: '15:00', cost_per_hour: 14 });
    const created = await call('POST', '/api/timesheet', ADMIN, { ...added({ period_date: '2026-10-30', start_time: '11:00', finish_time: '15:00', cost_bonus: 0 }), shift_id: shift });
    const ts = created.json() as TimesheetView;
    feed.messages = [];
    const res = await call('DELETE', `/api/timesheet/${ts.id}`, ADMIN);
    expect(res.statusCode).toBe(204);
    expect(await timesheetRow(t.db, ts.id)).toBeUndefined();
    expect(feed.messages).toEqual([{ channel: 'timesheet_channel', event: 'destroy', items: [ts] }]);
    expect((await list('2026-10-30', '2026-10-30')).find((r) => r.shift_id === shift)).toMatchObject({ id: -shift, status_progress: P.notSubmitted });
  });

  it('refuses approved timesheets, placeholders, managers and others', async () => {
    const ts = await addTimesheet({ period_date: '2026-10-29' });
    expect((await call('DELETE', `/api/timesheet/${ts.id}`, MANAGER)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/timesheet/${ts.id}`, RESTAURANT)).statusCode).toBe(403);
    await call('PUT', `/api/timesheet/${ts.id}`, ADMIN, { ...added({ period_date: '2026-10-29' }), id: ts.id, status: S.approved, status_progress: P.payApproved });
    expect((await call('DELETE', `/api/timesheet/${ts.id}`, ADMIN)).json()).toEqual({ id: [TIMESHEET_MSG.approvedRemoval] });
    expect((await call('DELETE', '/api/timesheet/-42', ADMIN)).json()).toEqual({ id: ["Can't not remove submited Timesheet"] });
    expect((await call('DELETE', '/api/timesheet/0', ADMIN)).json()).toEqual({ id: ["Can't not remove submited Timesheet"] });
    expect((await call('DELETE', '/api/timesheet/99999999', ADMIN)).statusCode).toBe(404);
    expect(await timesheetRow(t.db, ts.id)).toMatchObject({ status: S.approved });
  });
});

describe('POST /api/timesheet/approve', () => {
  it('approves what it can, and answers each refusal with the item and its errors', async () => {
    const submitted = await addTimesheet({ period_date: '2026-10-27', cost_bonus: 0 });
    // A placeholder: £12.50 × 5 h + £5 bonus + fuel 1 × £5 = £72.50
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-10-28', start_time: '18:00', finish_time: '23:00', cost_per_hour: 12.5, cost_bonus: 5, fuel: [0, 0, 1] });
    const open = await makeShift(t.db, { restaurant_id: ppc, driver_id: null, period_date: '2026-10-28', start_time: '11:00', finish_time: '15:00' });
    const day = await list('2026-10-28', '2026-10-28');
    const placeholder = day.find((r) => r.shift_id === shift)!;
    const openPlaceholder = day.find((r) => r.shift_id === open)!;
    const already = await addTimesheet({ period_date: '2026-10-26', cost_bonus: 0 });
    await call('PUT', `/api/timesheet/${already.id}`, ADMIN, { ...added({ period_date: '2026-10-26', cost_bonus: 0 }), id: already.id, status: S.approved, status_progress: P.payApproved });
    feed.messages = [];

    const items = [submitted, placeholder, openPlaceholder, { ...already, status: S.approved }, { ...submitted, id: undefined, shift_id: null, start_time: '7pm', period_date: '2026-10-25' }];
    const res = await call('POST', '/api/timesheet/approve', ADMIN, items);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: TimesheetView[]; fail: { data: { period_date: string }; errors: Record<string, string[]> }[] };
    expect(body.data.map((d) => [d.shift_id, d.status, d.status_progress, d.cost_total])).toEqual([
      [null, S.approved, P.payApproved, submitted.cost_total],
      [shift, S.approved, P.payApproved, 72.5],
    ]);
    expect(body.data[0].id).toBe(submitted.id);
    expect(body.fail).toEqual([
      { data: expect.objectContaining({ period_date: '2026-10-28', shift_id: open }), errors: { driver_id: ["Can't approve Open shift"] } },
      { data: expect.objectContaining({ period_date: '2026-10-26', id: already.id }), errors: { status: [TIMESHEET_MSG.alreadyApproved] } },
      { data: expect.objectContaining({ period_date: '2026-10-25' }), errors: { start_time: ['Start Time invalid format.'] } },
    ]);
    expect(await timesheetRow(t.db, submitted.id)).toMatchObject({ status: S.approved, status_progress: P.payApproved });
    expect(feed.messages).toEqual([{ channel: 'timesheet_channel', event: 'approve', items: body.data }]);
  });

  it("keeps a driver's discard, refuses a disagreeing total per item, and counts the batch against itself", async () => {
    const own = await addTimesheet({ period_date: '2026-10-20', cost_bonus: 0 });
    await t.db.updateTable('timesheets').set({ status_progress: P.discardedByDriver }).where('id', '=', own.id).execute();
    const other = await makeDriver(t.db, { areas: [camden] });
    const a = await makeShift(t.db, { restaurant_id: ppc, driver_id: other.id, period_date: '2026-10-21', start_time: '17:00', finish_time: '21:00', cost_per_hour: 12.5 });
    const b = await makeShift(t.db, { restaurant_id: bombay, driver_id: other.id, period_date: '2026-10-21', start_time: '20:00', finish_time: '23:00', cost_per_hour: 12 });
    const rows = await list('2026-10-21', '2026-10-21');
    const pa = rows.find((r) => r.shift_id === a)!;
    const pb = rows.find((r) => r.shift_id === b)!;

    const res = await call('POST', '/api/timesheet/approve', ADMIN, { timesheets: [{ ...own, status_progress: P.discardedByDriver, cost_total: own.cost_total.toFixed(2) }, { ...pa, cost_total: 49.99 }, pa, pb] });
    const body = res.json();
    expect(body.data.map((d: TimesheetView) => [d.id === own.id ? 'own' : d.shift_id, d.status, d.status_progress])).toEqual([
      ['own', S.approved, P.discardedByDriver],
      [a, S.approved, P.payApproved],
    ]);
    expect(body.fail.map((f: { errors: unknown }) => f.errors)).toEqual([
      { cost_total: [costMismatchMessage(50)] },
      { start_time: [overlapMessage({ restaurant: 'Pizza Palace Camden', date: '2026-10-21', start: '17:00', finish: '21:00' })] },
    ]);
  });

  it('writes the cancellation record when the fee/bonus is changed on approval, and only then', async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-10-19', start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.5, cost_extra_bonus: 0 });
    const untouched = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: '2026-10-19', start_time: '18:00', finish_time: '22:00', cost_per_hour: 12.5, cost_extra_bonus: -5 });
    const day = await list('2026-10-19', '2026-10-19');
    const withFee = { ...day.find((r) => r.shift_id === shift)!, cost_extra_bonus: -7.5, comment: 'Late without notice' };
    const asScheduled = day.find((r) => r.shift_id === untouched)!;
    const byHand = await addTimesheet({ period_date: '2026-10-18', cost_bonus: 0 });
    const records = () => t.db.selectFrom('reporting').selectAll().where('period_date', 'in', ['2026-10-18', '2026-10-19']).execute();
    expect(await records()).toEqual([]);

    const res = await call('POST', '/api/timesheet/approve', ADMIN, [withFee, asScheduled, { ...byHand, cost_extra_bonus: 10 }]);
    const body = res.json() as { data: TimesheetView[]; fail: unknown[] };
    expect(body.fail).toEqual([]);
    const approved = body.data.find((d) => d.shift_id === shift)!;
    expect(approved).toMatchObject({ cost_extra_bonus: -7.5, cost_total: 50 });
    const admin = await t.db.selectFrom('users').select('id').where('email', '=', ADMIN).executeTakeFirstOrThrow();
    expect(await records()).toEqual([
      expect.objectContaining({
        shift_id: shift, timesheet_id: approved.id, model_id: shift, model_type: 10, event: 40, cost: -7.5, restaurant_id: ppc, driver_id: driver.id,
        period_date: '2026-10-19', start_time: '11:00', finish_time: '15:00', comment_cancelled: 'Late without notice', moderator_id: admin.id,
      }),
    ]);
  });

  it('takes a list, from staff only', async () => {
    expect((await call('POST', '/api/timesheet/approve', ADMIN, {})).json()).toEqual({ timesheets: [TIMESHEET_MSG.listRequired] });
    expect((await call('POST', '/api/timesheet/approve', ADMIN, [])).json()).toEqual({ timesheets: [TIMESHEET_MSG.listRequired] });
    for (const who of [RESTAURANT, DRIVER]) expect((await call('POST', '/api/timesheet/approve', who, [added()])).statusCode).toBe(403);
    expect((await call('POST', '/api/timesheet/approve', null, [added()])).statusCode).toBe(401);
  });

  it("refuses a manager's items outside their restaurants", async () => {
    const wok = await t.db.selectFrom('timesheets').selectAll().where('restaurant_id', '=', manchester).where('status', '=', S.pending).executeTakeFirstOrThrow();
    const res = await call('POST', '/api/timesheet/approve', MANAGER, [wok]);
    expect(res.json()).toEqual({ data: [], fail: [{ data: expect.objectContaining({ id: wok.id }), errors: { id: [TIMESHEET_MSG.notFound] } }] });
    expect(await timesheetRow(t.db, wok.id)).toMatchObject({ status: S.pending });
  });
});
