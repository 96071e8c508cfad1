import { suiteTestApp } from '../helpers/testApp';
import { ADMIN, MANAGER, RESTAURANT, RecordingBroadcaster, areaId, makeDriver, makeShift, restaurantId, timesheetRow } from '../helpers/timesheetFixtures';
import { CANCELLATION_TIMESHEET as C, DRIVER_STATUS } from '../../domain/statuses';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { TIMESHEET_MSG, transitionMessage } from '../../domain/validation/timesheet';
import type { ReportRow } from '../../domain/reports';
import type { TimesheetView } from '../../domain/timesheets';
import { visibleMessage } from '../../server/realtime/audience';

/**
 * Cancel Shift's cancellation timesheet (spec 3, section 4.1) and the reports' one sign convention, through the
 * real calls: the fee reaches the cancelled driver's pay and the reports, never a restaurant account.
 */

const feed = new RecordingBroadcaster();
/** Pizza Palace Camden: one of the demo restaurant account's restaurants. */
let ppc: number;
let camden: number;
const DAY = '2026-11-10';

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  ppc = await restaurantId(t.db, 'Pizza Palace Camden');
  camden = await areaId(t.db, 'Camden');
});

const call = t.call;
const list = async (date: string, who = ADMIN, extra = '') =>
  (await call('GET', `/api/timesheet?period_date_from=${date}&period_date_to=${date}${extra}`, who)).json() as TimesheetView[];
const count = async (table: 'timesheets' | 'reporting') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** A published shift of a driver of our own, and Cancel Shift on it with a £15 fee. */
async function cancelled(date = DAY, start = '17:00', finish = '22:00') {
  const driver = await makeDriver(t.db, { areas: [camden] });
  const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: date, start_time: start, finish_time: finish, cost_per_hour: 12.5 });
  const res = await call('POST', '/api/reporting/create', ADMIN, cancelBody(shift, driver.id, date));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { reporting: { id: number; timesheet_id: number }; timesheet: TimesheetView };
  return { driver, shift, record: body.reporting, timesheet: body.timesheet };
}
const cancelBody = (shift: number, driverId: number, date = DAY) => ({
  shift_id: shift, restaurant_id: ppc, driver_id: driverId, period_date: date, cost: -15, comment_cancelled: 'Driver ill', model_type: 10, event: 10, model_id: shift,
});

describe('Cancel Shift makes the cancellation timesheet', () => {
  it("charges the cancelled driver the fee through a timesheet of their own, told of by the record, and tells open screens", async () => {
    const { driver, shift, record, timesheet } = await cancelled();
    expect(timesheet).toMatchObject({
      driver_id: driver.id, driver_name: driver.name, restaurant_id: ppc, shift_id: null, status: C.status, status_progress: C.progress, period_date: DAY,
      start_time: '17:00', finish_time: '22:00', cost_per_hour: 0, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: -15, cost_total: -15, comment: 'Driver ill',
    });
    expect(await timesheetRow(t.db, timesheet.id)).toMatchObject({ cancelled_shift_id: shift, shift_id: null });
    expect(record).toMatchObject({ timesheet_id: timesheet.id, shift_id: shift, cost: -15, cost_cover: 15, amount_paid: 0, amount_difference: 15 });
    expect(feed.messages.map((m) => [m.channel, m.event])).toEqual([['shift_channel', 'cancel'], ['timesheet_channel', 'store']]);
    expect(feed.messages[1].items).toEqual([timesheet]);
    // On the office's timesheet list: the fee is the driver's pay for that day.
    expect((await list(DAY)).find((r) => r.id === timesheet.id)).toEqual(timesheet);
  });

  it('leaves the open shift its placeholder: another driver can work it, and the cancelled one can work elsewhere at that time', async () => {
    const { driver, shift, timesheet } = await cancelled(DAY, '11:00', '15:00');
    const placeholder = (await list(DAY)).find((r) => r.shift_id === shift)!;
    expect(placeholder).toMatchObject({ id: -shift, driver_id: null, status_progress: 30 });

    const cover = await makeDriver(t.db, { areas: [camden] });
    await t.db.updateTable('shifts').set({ driver_id: cover.id, status_assigned: 10 }).where('id', '=', shift).execute();
    const worked = (await list(DAY)).find((r) => r.shift_id === shift)!;
    const approved = await call('POST', '/api/timesheet/approve', ADMIN, [worked]);
    expect(approved.json()).toMatchObject({ fail: [], data: [{ shift_id: shift, driver_id: cover.id, cost_total: 50 }] });

    const elsewhere = await call('POST', '/api/timesheet', ADMIN, {
      restaurant_id: await restaurantId(t.db, 'Bombay Spice'), driver_id: driver.id, period_date: DAY, start_time: '11:00', finish_time: '15:00', status: 10, status_progress: 20,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(await timesheetRow(t.db, timesheet.id)).toMatchObject({ cost_total: -15 });
  });

  it('refuses a second cancel, and a shift already worked, changing nothing', async () => {
    const { driver, shift } = await cancelled();
    const before = { timesheets: await count('timesheets'), reporting: await count('reporting') };
    const again = await call('POST', '/api/reporting/create', ADMIN, cancelBody(shift, driver.id));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ shift_id: [SHIFT_MSG.alreadyCancelled] });

    const worker = await makeDriver(t.db, { areas: [camden] });
    const workedShift = await makeShift(t.db, { restaurant_id: ppc, driver_id: worker.id, period_date: DAY, start_time: '06:00', finish_time: '10:00', cost_per_hour: 12.5 });
    const sheet = await call('POST', '/api/timesheet', ADMIN, { ...(await list(DAY)).find((r) => r.shift_id === workedShift), id: undefined, status: 10, status_progress: 20 });
    expect(sheet.statusCode, sheet.body).toBe(201);
    const worked = await call('POST', '/api/reporting/create', ADMIN, cancelBody(workedShift, worker.id));
    expect(worked.json()).toEqual({ shift_id: [SHIFT_MSG.timesheetExists] });

    expect({ timesheets: await count('timesheets'), reporting: await count('reporting') }).toEqual({ ...before, timesheets: before.timesheets + 1 });
    expect((await t.db.selectFrom('shifts').select('driver_id').where('id', '=', workedShift).executeTakeFirstOrThrow()).driver_id).toBe(worker.id);
  });

  it('is never put before a restaurant account: not in its lists, nor on its live feed', async () => {
    const { timesheet } = await cancelled();
    const mine = await list(DAY, RESTAURANT);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r) => r.id === timesheet.id || r.status === C.status)).toBe(false);
    expect((await list(DAY, RESTAURANT, '&for_reports=1')).some((r) => r.status === C.status)).toBe(false);

    const message = feed.messages.find((m) => m.channel === 'timesheet_channel')!;
    expect(visibleMessage(message, { kind: 'restaurant', restaurantIds: [ppc] })).toBeNull();
    expect(visibleMessage(message, { kind: 'manager', restaurantIds: [ppc], areaIds: [] })?.items).toHaveLength(message.items.length);
    expect((await list(DAY, MANAGER)).some((r) => r.id === timesheet.id)).toBe(true);
  });

  it("is left out of the driver app's list of work", async () => {
    const { driver, timesheet } = await cancelled();
    const res = await call('GET', `/api/driver-app/timesheet?period_date_from=${DAY}&period_date_to=${DAY}`, driver.email);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TimesheetView[]).map((r) => r.id)).not.toContain(timesheet.id);
  });

  it('can be neither edited nor approved; removing it takes the fee back from the pay and the reports alike', async () => {
    const { timesheet, record } = await cancelled();
    const edit = await call('PUT', `/api/timesheet/${timesheet.id}`, ADMIN, { ...timesheet, cost_extra_bonus: 0 });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ id: [TIMESHEET_MSG.cancellationFixed] });
    const approve = await call('POST', '/api/timesheet/approve', ADMIN, [timesheet]);
    expect(approve.json()).toMatchObject({ data: [], fail: [{ errors: { id: [TIMESHEET_MSG.cancellationFixed] } }] });
    expect(await timesheetRow(t.db, timesheet.id)).toMatchObject({ status: C.status, cost_total: -15 });
    // Nor can one be made by hand.
    const made = await call('POST', '/api/timesheet', ADMIN, { ...timesheet, id: undefined, driver_id: (await makeDriver(t.db)).id, cost_total: null });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual({ status: [transitionMessage('Pending (Not submited)', 'Cancelled (Shift cancelled)')] });

    feed.messages = [];
    expect((await call('DELETE', `/api/timesheet/${timesheet.id}`, ADMIN)).statusCode).toBe(204);
    expect(await timesheetRow(t.db, timesheet.id)).toBeUndefined();
    expect(await t.db.selectFrom('reporting').select('id').where('id', '=', record.id).executeTakeFirst()).toBeUndefined();
    expect(feed.messages).toEqual([{ channel: 'timesheet_channel', event: 'destroy', items: [timesheet] }]);
  });

  it("counts in 'Drivers Inactive with Cancellation Fee' once the driver is inactive, split like any fee", async () => {
    const { driver, timesheet } = await cancelled();
    await t.db.updateTable('drivers').set({ status: DRIVER_STATUS.inactive }).where('id', '=', driver.id).execute();
    const rows = (await call('GET', `/api/timesheet/inactiveFee?period_date_from=${DAY}&period_date_to=${DAY}`, ADMIN)).json() as ReportRow[];
    expect(rows.find((r) => r.key === `t${timesheet.id}`)).toMatchObject({ cost: -15, cost_cover: 15, amount_paid: 0, amount_difference: 15, driver_id: driver.id });
  });
});

describe('the reports read every fee and bonus one way', () => {
  it('stores and answers a fee the same whether Cancel Shift or approval recorded it, and a bonus the other way round', async () => {
    const date = '2026-11-03';
    const { record: byCancel } = await cancelled(date);
    const driver = await makeDriver(t.db, { areas: [camden] });
    const feeShift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: date, start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.5 });
    const bonusShift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: date, start_time: '18:00', finish_time: '22:00', cost_per_hour: 12.5 });
    const day = await list(date);
    const res = await call('POST', '/api/timesheet/approve', ADMIN, [
      { ...day.find((r) => r.shift_id === feeShift), cost_extra_bonus: -15 },
      { ...day.find((r) => r.shift_id === bonusShift), cost_extra_bonus: 10 },
    ]);
    expect(res.json().fail).toEqual([]);

    const rows = (await call('GET', `/api/reporting/shiftsCancelled?period_date_from=${date}&period_date_to=${date}`, ADMIN)).json() as ReportRow[];
    const amounts = (r: ReportRow | undefined) => r && { cost: r.cost, cost_cover: r.cost_cover, amount_paid: r.amount_paid, amount_difference: r.amount_difference };
    const fee = { cost: -15, cost_cover: 15, amount_paid: 0, amount_difference: 15 };
    expect(amounts(rows.find((r) => r.key === `r${byCancel.id}`))).toEqual(fee);
    expect(amounts(rows.find((r) => r.shift_id === feeShift))).toEqual(fee);
    expect(amounts(rows.find((r) => r.shift_id === bonusShift))).toEqual({ cost: 10, cost_cover: 0, amount_paid: 10, amount_difference: -10 });
    // Every record names the timesheet it tells of, so the screen adds no timesheet row twice.
    expect(rows.every((r) => r.timesheet_id !== null)).toBe(true);
  });

  it('names the worked timesheet when a fee set on approval comes through the cancel-shift call', async () => {
    const date = '2026-11-04';
    const driver = await makeDriver(t.db, { areas: [camden] });
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: date, start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.5 });
    const worked = (await call('POST', '/api/timesheet/approve', ADMIN, [(await list(date)).find((r) => r.shift_id === shift)])).json().data[0] as TimesheetView;
    const res = await call('POST', '/api/reporting/create', ADMIN, { ...cancelBody(shift, driver.id, date), event: 40, cost: 5 });
    expect(res.json()).toMatchObject({
      reporting: { event: 40, timesheet_id: worked.id, cost: 5, cost_cover: 0, amount_paid: 5, amount_difference: -5 },
      timesheet: { id: worked.id, cost_extra_bonus: 5 },
    });
    // The bonus is the timesheet's own, as approval would have set it: the driver's pay and the export read it there.
    expect(await timesheetRow(t.db, worked.id)).toMatchObject({ cost_extra_bonus: 5 });
    expect(feed.messages.at(-1)).toMatchObject({ channel: 'timesheet_channel', event: 'update' });
  });

  it("keeps one record of a worked timesheet's fee, however often it is set, so the report sums what the pay carries", async () => {
    const date = '2026-11-05';
    const driver = await makeDriver(t.db, { areas: [camden] });
    const shift = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: date, start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.5 });
    const worked = (await call('POST', '/api/timesheet/approve', ADMIN, [(await list(date)).find((r) => r.shift_id === shift)])).json().data[0] as TimesheetView;
    for (const cost of [5, -7.5, 12]) {
      const res = await call('POST', '/api/reporting/create', ADMIN, { ...cancelBody(shift, driver.id, date), event: 40, cost });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = (await call('GET', `/api/reporting/shiftsCancelled?period_date_from=${date}&period_date_to=${date}`, ADMIN)).json() as ReportRow[];
    const mine = rows.filter((r) => r.timesheet_id === worked.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: 40, cost: 12, amount_paid: 12, cost_cover: 0 });
    expect(await timesheetRow(t.db, worked.id)).toMatchObject({ cost_extra_bonus: 12 });
  });
});
