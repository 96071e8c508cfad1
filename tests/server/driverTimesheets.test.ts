import { suiteTestApp } from '../helpers/testApp';
import { ADMIN, DRIVER, RecordingBroadcaster, makeDriver, makeShift, restaurantId, timesheetRow } from '../helpers/timesheetFixtures';
import { addDays, londonToday } from '../../domain/dates';
import { TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import { driverDiscardAlert, submittedAlert } from '../../domain/timesheets';
import { DRIVER_TIMESHEET_MSG, TIMESHEET_MSG } from '../../domain/validation/timesheet';
import { OWN_MSG } from '../../domain/messages';
import type { TimesheetView } from '../../server/records/timesheetViews';

const feed = new RecordingBroadcaster();
let ppc: number;
let dan: number;
const today = londonToday();

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  ppc = await restaurantId(t.db, 'Pizza Palace Camden');
  dan = (await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow()).id;
});

async function step(name: string, body: Record<string, unknown>, who = DRIVER) {
  return t.app.inject({ method: 'POST', url: `/api/driver-app/timesheet/${name}`, headers: await t.as(who), payload: body });
}
const alertsAbout = async (message: string) => t.db.selectFrom('alerts').selectAll().where('data', '=', JSON.stringify({ message })).execute();

describe('driver app: start, finish and submit', () => {
  it("records the driver's times snapped to the list, prices the work and raises the submission alert", async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: today, start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.5 });

    const started = await step('start', { shift_id: shift, driver_start_time: '10:53', map_start_lat: 51.539, map_start_lng: -0.1426 });
    expect(started.statusCode).toBe(200);
    // £12.50 × 4 h = £50.00 while the scheduled finish stands
    expect(started.json()).toMatchObject({
      shift_id: shift, driver_id: dan, status: S.pending, status_progress: P.inWork, driver_start_time: '10:53', start_time: '11:00',
      finish_time: '15:00', map_start_lat: 51.539, map_start_lng: -0.1426, cost_per_hour: 12.5, cost_total: 50,
    });
    expect(feed.messages).toEqual([{ channel: 'timesheet_channel', event: 'store', items: [started.json()] }]);

    // 15:08 is 7 minutes before 15:15: £12.50 × 4.25 h = £53.125 → £53.13
    const finished = await step('finish', { shift_id: shift, driver_finish_time: '15:08', map_finish_lat: 51.54, map_finish_lng: -0.143 });
    expect(finished.json()).toMatchObject({ status_progress: P.inWork, driver_finish_time: '15:08', finish_time: '15:15', cost_total: 53.13 });

    feed.messages = [];
    // + fuel 4 × £1.50 + 1 × £3.00 = £9.00 → £62.13
    const submitted = await step('submit', { shift_id: shift, fuel_bonus_0: 4, fuel_bonus_3: 1, driver_comment: 'Two late orders' });
    expect(submitted.statusCode).toBe(200);
    const view = submitted.json() as TimesheetView;
    expect(view).toMatchObject({ status: S.pending, status_progress: P.submitted, const_fuel_bonus: 9, cost_total: 62.13, driver_comment: 'Two late orders', fuel_bonus_0: 4, fuel_bonus_3: 1, fuel_bonus_6: 0 });
    expect(await timesheetRow(t.db, view.id)).toMatchObject({ cost_total: 62.13, start_time: '11:00', finish_time: '15:15' });
    const message = submittedAlert('Dan Driver', 'Pizza Palace Camden', today);
    expect(await alertsAbout(message)).toEqual([expect.objectContaining({ channel: 'timesheet_channel', event: 'publish', restaurant_id: ppc })]);
    expect(feed.messages.map((m) => [m.channel, m.event])).toEqual([['timesheet_channel', 'update'], ['alert_channel', 'store']]);
    expect(feed.messages[0].items).toEqual([view]);

    const again = await step('submit', { shift_id: shift });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.submitted] });
    expect((await step('start', { shift_id: shift })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.submitted] });
  });

  it('submits in one go for a shift never started, and asks for the start time', async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, -3), start_time: '20:00', finish_time: '01:00', cost_per_hour: 14, cost_bonus: 5 });
    expect((await step('submit', { shift_id: shift, driver_finish_time: '01:00' })).json()).toEqual({ driver_start_time: ['Start Time is required.'] });
    // Overnight: 19:56 → 20:00, 01:12 → 01:15: £14 × 5.25 h = £73.50, + the shift's £5 bonus = £78.50
    const res = await step('submit', { shift_id: shift, driver_start_time: '19:56', driver_finish_time: '01:12', fuel_bonus_6: 0 });
    expect(res.json()).toMatchObject({ status_progress: P.submitted, start_time: '20:00', finish_time: '01:15', cost_bonus: 5, cost_total: 78.5 });
  });

  it('refuses a finish that snaps onto the start (no 24 hours of pay), keeping the timesheet in work', async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, -1), start_time: '18:00', finish_time: '22:00', cost_per_hour: 12.5 });
    expect((await step('submit', { shift_id: shift, driver_start_time: '18:02', driver_finish_time: '17:58' })).json()).toEqual({ driver_finish_time: [OWN_MSG.finishEqualsStart] });
    expect(await t.db.selectFrom('timesheets').select('id').where('shift_id', '=', shift).execute()).toEqual([]);
    const started = (await step('start', { shift_id: shift, driver_start_time: '18:00' })).json() as TimesheetView;
    const refused = await step('finish', { shift_id: shift, driver_finish_time: '18:05' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ driver_finish_time: [OWN_MSG.finishEqualsStart] });
    expect(await timesheetRow(t.db, started.id)).toMatchObject({ status_progress: P.inWork, finish_time: '22:00', driver_finish_time: null, cost_total: 50 });
  });

  it('refuses what a driver may not do', async () => {
    const other = await makeDriver(t.db);
    const theirs = await makeShift(t.db, { restaurant_id: ppc, driver_id: other.id, period_date: today, start_time: '11:00', finish_time: '15:00' });
    expect((await step('start', { shift_id: theirs })).statusCode).toBe(404);
    const unpublished = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: today, start_time: '16:00', finish_time: '17:00', status: 10 });
    expect((await step('start', { shift_id: unpublished })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.notPublished] });
    const tomorrow = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, 1), start_time: '11:00', finish_time: '15:00' });
    expect((await step('start', { shift_id: tomorrow })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.notYet] });
    const old = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, -4), start_time: '11:00', finish_time: '15:00' });
    expect((await step('start', { shift_id: old })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.startTooLate] });
    expect((await step('finish', { shift_id: old })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.notStarted] });
    expect((await step('start', {})).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.shiftRequired] });
    expect((await step('start', { shift_id: old, driver_start_time: '7am', map_start_lat: 91 })).json()).toEqual({
      driver_start_time: [TIMESHEET_MSG.startFormat],
      map_start_lat: [DRIVER_TIMESHEET_MSG.latitude],
    });
    expect((await step('start', { shift_id: old }, ADMIN)).statusCode).toBe(403);
  });

  it("lets a driver discard a timesheet staff have not judged, with an alert; approved ones are closed", async () => {
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, -1), start_time: '12:00', finish_time: '14:00', cost_per_hour: 12.5 });
    const discarded = await step('discard', { shift_id: shift, driver_comment: 'Restaurant closed early, did not work' });
    expect(discarded.json()).toMatchObject({ status: S.pending, status_progress: P.discardedByDriver, driver_comment: 'Restaurant closed early, did not work' });
    expect(await alertsAbout(driverDiscardAlert('Dan Driver', 'Pizza Palace Camden', addDays(today, -1)))).toHaveLength(1);
    expect((await step('discard', { shift_id: shift })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.closed] });

    const done = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, -2), start_time: '12:00', finish_time: '14:00', cost_per_hour: 12.5 });
    const sub = (await step('submit', { shift_id: done, driver_start_time: '12:00', driver_finish_time: '14:00' })).json() as TimesheetView;
    await t.db.updateTable('timesheets').set({ status: S.approved, status_progress: P.payApproved }).where('id', '=', sub.id).execute();
    expect((await step('discard', { shift_id: done })).json()).toEqual({ shift_id: [DRIVER_TIMESHEET_MSG.closed] });
  });
});

describe('GET /api/driver-app/timesheet', () => {
  it("lists the driver's own timesheets and published shifts only", async () => {
    const unpublished = await makeShift(t.db, { restaurant_id: ppc, driver_id: dan, period_date: addDays(today, -1), start_time: '08:00', finish_time: '09:00', status: 10 });
    const res = await t.app.inject({ method: 'GET', url: '/api/driver-app/timesheet', headers: await t.as(DRIVER) });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as TimesheetView[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.driver_id === dan)).toBe(true);
    expect(rows.every((r) => r.period_date >= addDays(today, -7) && r.period_date <= addDays(today, 1))).toBe(true);
    expect(rows.some((r) => r.shift_id === unpublished)).toBe(false);
    const ranged = await t.app.inject({ method: 'GET', url: '/api/driver-app/timesheet?period_date_from=2026-11-09&period_date_to=2026-11-15', headers: await t.as(DRIVER) });
    expect((ranged.json() as TimesheetView[]).every((r) => r.period_date >= '2026-11-09' && r.period_date <= '2026-11-15' && r.driver_id === dan)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/driver-app/timesheet', headers: await t.as(ADMIN) })).statusCode).toBe(403);
  });
});
