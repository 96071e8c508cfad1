import type { FastifyInstance } from 'fastify';
import { addDays, londonToday } from '../../../../domain/dates';
import { hourlyRate } from '../../../../domain/pay';
import { SHIFT_STATUS, TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../../../domain/statuses';
import { driverDiscardAlert, londonTime, rateFor, submittedAlert, timesheetCost } from '../../../../domain/timesheets';
import { snapToTimeList } from '../../../../domain/timeList';
import {
  DRIVER_TIMESHEET_MSG as MSG,
  TIMESHEET_MSG,
  driverTimesheetSchema,
  timesheetRangeSchema,
  type DriverTimesheetInput,
} from '../../../../domain/validation/timesheet';
import { OWN_MSG } from '../../../../domain/messages';
import { raiseAlert } from '../../../services/alerts';
import { tellLateStart } from '../../../services/attendance';
import { fieldError, notFound } from '../../../plugins/errors';
import { loadPayOptions } from '../../../records/payOptions';
import { listTimesheetsJson, timesheetViews } from '../../../records/timesheetViews';
import { driverShiftForTimesheet, timesheetOfShiftForUpdate } from '../../../records/timesheetLookups';
import { insertTimesheet, updateTimesheet } from '../../../records/timesheets';
import { TIMESHEET_CHANNEL } from '../../../../domain/channels';
import { RESPONSES } from '../../../../domain/validation/responses';
import { driverRangeQuery } from '../../../../domain/validation/apiShapes';
import type { RouteApp } from '../../../routeSchema';

type Step = 'start' | 'finish' | 'submit' | 'discard';

/** Progress a driver can still act on: not started, started, or (for a discard) submitted but not yet judged. */
const OPEN: Record<Step, number[]> = {
  start: [P.notSubmitted, P.inWork],
  finish: [P.inWork],
  submit: [P.notSubmitted, P.inWork],
  discard: [P.notSubmitted, P.inWork, P.submitted],
};

/**
 * The driver app's side of timesheets: a driver starts, finishes and submits the timesheet of their own
 * published shift with their own times (now, when left out), comment, delivery counts and map positions, or
 * discards it when they did not work it. The paid times snap to the 15-minute list; the pay is the server's.
 * Staff see each change live and get an alert on a submission or a driver's discard.
 */
export default async function driverAppTimesheetRoutes(app: RouteApp) {
  const drivers = { preHandler: app.access('driver') };

  app.get('/api/driver-app/timesheet', {
    ...drivers,
    schema: { summary: 'The driver’s own shifts and timesheets of a range', querystring: driverRangeQuery, response: { 200: RESPONSES.timesheets } },
  }, async (request, reply) => {
    const query = request.query;
    const today = londonToday();
    const range = timesheetRangeSchema.parse({
      period_date_from: query.period_date_from ?? addDays(today, -7),
      period_date_to: query.period_date_to ?? addDays(today, 1),
    });
    const pay = await loadPayOptions(app.db);
    const json = await listTimesheetsJson(
      app.db,
      { from: range.period_date_from, to: range.period_date_to, scope: null, driverId: request.account!.id, placeholderStatuses: [SHIFT_STATUS.published], workedOnly: true },
      pay,
    );
    return reply.type('application/json; charset=utf-8').send(json);
  });

  const summaries = { start: 'The driver starts a shift', finish: 'The driver finishes a shift', submit: 'The driver submits a timesheet', discard: 'The driver discards a timesheet' };
  for (const step of ['start', 'finish', 'submit', 'discard'] as const) {
    app.post(`/api/driver-app/timesheet/${step}`, {
      ...drivers,
      schema: { summary: summaries[step], body: driverTimesheetSchema, response: { 200: RESPONSES.timesheet } },
    }, async (request) => {
      const input = driverTimesheetSchema.parse(request.body ?? {});
      return driverStep(app, request.account!.id, step, input);
    });
  }
}

async function driverStep(app: FastifyInstance, driverId: number, step: Step, input: DriverTimesheetInput) {
  const at = new Date();
  const today = londonToday(at);
  const now = londonTime();
  const pay = await loadPayOptions(app.db);

  const result = await app.db.transaction().execute(async (trx) => {
    const shift = await driverShiftForTimesheet(trx, input.shift_id, driverId);
    if (!shift) throw notFound(MSG.shiftNotFound);
    if (shift.status !== SHIFT_STATUS.published) throw fieldError('shift_id', MSG.notPublished);
    if (shift.period_date > today) throw fieldError('shift_id', MSG.notYet);
    // A shift is started on its day, or after midnight when it runs overnight.
    if (step === 'start' && shift.period_date < addDays(today, -1)) throw fieldError('shift_id', MSG.startTooLate);

    const existing = await timesheetOfShiftForUpdate(trx, shift.id);
    if (existing && existing.driver_id !== driverId) throw notFound(MSG.shiftNotFound);
    if (existing && existing.status !== S.pending) throw fieldError('shift_id', MSG.closed);
    const progress = existing?.status_progress ?? P.notSubmitted;
    if (!OPEN[step].includes(progress)) {
      if (step === 'finish' && progress === P.notSubmitted) throw fieldError('shift_id', MSG.notStarted);
      throw fieldError('shift_id', progress === P.submitted ? MSG.submitted : MSG.closed);
    }

    const t = {
      driver_start_time: existing?.driver_start_time ?? null,
      driver_finish_time: existing?.driver_finish_time ?? null,
      start_time: existing?.start_time ?? shift.start_time,
      finish_time: existing?.finish_time ?? shift.finish_time,
      fuel_bonus_0: existing?.fuel_bonus_0 ?? shift.fuel_bonus_0,
      fuel_bonus_3: existing?.fuel_bonus_3 ?? shift.fuel_bonus_3,
      fuel_bonus_6: existing?.fuel_bonus_6 ?? shift.fuel_bonus_6,
      driver_comment: input.driver_comment ?? existing?.driver_comment ?? null,
      map_start_lat: input.map_start_lat ?? existing?.map_start_lat ?? null,
      map_start_lng: input.map_start_lng ?? existing?.map_start_lng ?? null,
      map_finish_lat: input.map_finish_lat ?? existing?.map_finish_lat ?? null,
      map_finish_lng: input.map_finish_lng ?? existing?.map_finish_lng ?? null,
      status: S.pending as number,
      status_progress: progress,
    };
    if (step === 'start') {
      t.driver_start_time = input.driver_start_time ?? now;
      t.status_progress = P.inWork;
    } else if (step === 'finish') {
      t.driver_finish_time = input.driver_finish_time ?? now;
    } else if (step === 'submit') {
      t.driver_start_time = input.driver_start_time ?? t.driver_start_time;
      t.driver_finish_time = input.driver_finish_time ?? t.driver_finish_time ?? now;
      if (!t.driver_start_time) throw fieldError('driver_start_time', TIMESHEET_MSG.startRequired);
      t.fuel_bonus_0 = input.fuel_bonus_0 ?? t.fuel_bonus_0;
      t.fuel_bonus_3 = input.fuel_bonus_3 ?? t.fuel_bonus_3;
      t.fuel_bonus_6 = input.fuel_bonus_6 ?? t.fuel_bonus_6;
      t.status_progress = P.submitted;
    } else {
      t.status_progress = P.discardedByDriver;
    }
    // The paid times follow the driver's, snapped to the time list (spec 3, section 5).
    if (t.driver_start_time) t.start_time = snapToTimeList(t.driver_start_time);
    if (t.driver_finish_time) t.finish_time = snapToTimeList(t.driver_finish_time);
    // Paid time that ends where it starts is no time at all: the driver finishes later or says when they did.
    if ((step === 'finish' || step === 'submit') && t.start_time === t.finish_time) throw fieldError('driver_finish_time', OWN_MSG.finishEqualsStart);

    const table = hourlyRate(shift.period_date, { standard: shift.standard_pay, weekend: shift.weekend_pay }, { standard: shift.standard_pay_rate, weekend: shift.weekend_pay_rate });
    const cost_per_hour = existing && existing.cost_per_hour > 0 ? existing.cost_per_hour : rateFor(shift, shift, table);
    const cost_bonus = existing?.cost_bonus ?? shift.cost_bonus;
    const cost = timesheetCost({ ...t, period_date: shift.period_date, cost_per_hour, cost_bonus }, pay.fuel);
    const values = { ...t, cost_per_hour, cost_bonus, ...cost };

    let id: number;
    if (existing) {
      await updateTimesheet(trx, existing.id, values);
      id = existing.id;
    } else {
      id = await insertTimesheet(trx, {
        ...values,
        shift_id: shift.id,
        restaurant_id: shift.restaurant_id,
        driver_id: driverId,
        period_date: shift.period_date,
        cost_extra_bonus: shift.cost_extra_bonus,
        comment: shift.comment,
      });
    }
    const [view] = await timesheetViews(trx, [id], pay);
    return { view, created: !existing, driverName: `${shift.first_name} ${shift.last_name}`.trim(), restaurant: shift.restaurant_name };
  });

  await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: result.created ? 'store' : 'update', items: [result.view] });
  // A start past the late limit is told to the office even when no minute pass caught it first.
  if (step === 'start') await tellLateStart(app, input.shift_id, at, result.view.driver_start_time ?? null);
  if (step === 'submit') {
    await raiseAlert(app, { channel: 'timesheet_channel', event: 'publish', message: submittedAlert(result.driverName, result.restaurant, result.view.period_date), restaurantId: result.view.restaurant_id });
  } else if (step === 'discard') {
    await raiseAlert(app, { channel: 'timesheet_channel', event: 'reject', message: driverDiscardAlert(result.driverName, result.restaurant, result.view.period_date), restaurantId: result.view.restaurant_id });
  }
  return result.view;
}
