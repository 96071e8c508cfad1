import { fieldError, notFound } from '../../plugins/errors';
import { SHIFT_ASSIGNED } from '../../../domain/statuses';
import { REPORT_EVENT } from '../../../domain/reports';
import { CANCEL_MSG, cancellationSchema } from '../../../domain/validation/cancellation';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { canCancel } from '../../../domain/shifts';
import { TIMESHEET_CHANNEL } from '../../../domain/channels';
import { recordCancellation } from '../../services/cancellations';
import { inScope, scopeOf, staffId } from '../../plugins/auth';
import { shiftsWithTimesheet } from '../../records/shiftFacts';
import { broadcastShifts } from '../../services/shiftNotify';
import { lockShift, updateShift } from '../../records/shiftWrites';
import { shiftView } from '../../records/shifts';
import { loadPayOptions } from '../../records/payOptions';
import { timesheetViews } from '../../records/timesheetViews';
import { insertCancellationTimesheet, setTimesheetFee, workedTimesheetOfShift } from '../../records/timesheets';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/**
 * POST /api/reporting/create (spec 3, sections 4.1 'Cancel shift' and 7). Event 10 cancels a shift on the
 * schedule: in one transaction the driver comes off the shift (stale, driver_id_canceled kept, the reason in
 * comment_cancelled), the cancellation timesheet charges that driver the fee, and the record tells of it, so a
 * cancellation is never half done; a second cancel finds no driver and changes nothing. Event 40 sets a fee or
 * bonus on the worked shift's timesheet and records it, naming that timesheet, in one transaction (the reports, the
 * payments export and the drivers' totals read the same amount); the shift keeps its driver.
 * Staff only: restaurant accounts never see these amounts.
 */
export default async function reportingRoutes(app: RouteApp) {
  app.post('/api/reporting/create', {
    preHandler: app.access('staff'),
    schema: { summary: 'Cancel a shift (with a fee or bonus)', body: cancellationSchema, response: { 201: RESPONSES.cancellation } },
  }, async (request, reply) => {
    const input = cancellationSchema.parse(request.body ?? {});
    const account = request.account!;
    const scope = await scopeOf(app, account);
    const cancels = input.event === REPORT_EVENT.shiftCancelled;
    const { record, shiftId } = await app.db.transaction().execute(async (trx) => {
      const shift = await lockShift(trx, input.shift_id);
      if (!shift || !inScope(scope, shift.restaurant_id)) throw notFound(SHIFT_MSG.notFound);
      if (shift.restaurant_id !== input.restaurant_id || shift.period_date !== input.period_date) throw fieldError('shift_id', CANCEL_MSG.shiftMismatch);

      let timesheetId: number | null;
      if (cancels) {
        const hasTimesheet = (await shiftsWithTimesheet(trx, [shift.id])).has(shift.id);
        const state = { status: shift.status, status_assigned: shift.status_assigned, driver_id: shift.driver_id, has_timesheet: hasTimesheet };
        if (!canCancel(state)) throw fieldError('shift_id', hasTimesheet ? SHIFT_MSG.timesheetExists : shift.driver_id ? SHIFT_MSG.cancelNotPublished : SHIFT_MSG.alreadyCancelled);
        if (shift.driver_id !== input.driver_id) throw fieldError('driver_id', CANCEL_MSG.shiftMismatch);
        await updateShift(trx, shift.id, {
          driver_id: null,
          status_assigned: SHIFT_ASSIGNED.stale,
          driver_id_canceled: shift.driver_id,
          comment_cancelled: input.comment_cancelled,
        });
        timesheetId = await insertCancellationTimesheet(trx, shift, input.driver_id, input.cost, input.comment_cancelled);
      } else {
        // The fee or bonus is the worked timesheet's, as approval sets it: the export and the drivers' totals read
        // it there, so a fee with no timesheet to carry it, or of another driver, is refused rather than recorded.
        const worked = await workedTimesheetOfShift(trx, shift.id);
        if (!worked) throw fieldError('shift_id', CANCEL_MSG.noTimesheet);
        if (worked.driver_id !== input.driver_id) throw fieldError('driver_id', CANCEL_MSG.shiftMismatch);
        await setTimesheetFee(trx, worked.id, input.cost);
        timesheetId = worked.id;
      }
      const record = await recordCancellation(trx, {
        shiftId: shift.id,
        timesheetId,
        restaurantId: shift.restaurant_id,
        driverId: input.driver_id,
        periodDate: shift.period_date,
        startTime: shift.start_time,
        finishTime: shift.finish_time,
        cost: input.cost,
        commentCancelled: input.comment_cancelled,
        event: input.event,
        modelId: input.model_id ?? shift.id,
        moderatorId: staffId(account),
      });
      return { record, shiftId: shift.id };
    });
    const shift = await shiftView(app.db, shiftId);
    const [timesheet] = record.timesheet_id ? await timesheetViews(app.db, [record.timesheet_id], await loadPayOptions(app.db)) : [];
    if (shift && cancels) await broadcastShifts(app, 'cancel', [shift]);
    if (timesheet) await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: cancels ? 'store' : 'update', items: [timesheet] });
    reply.status(201);
    return { success: true, reporting: record, shift, timesheet: timesheet ?? null };
  });
}
