import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../plugins/errors';
import { attendanceWords, type Attendance } from '../../../domain/attendance';
import { COVER_LIST_SIZE, COVER_MSG, NO_SHOW_REASON, coverCandidates, coverSchema, isCoverable, type CoverCandidate } from '../../../domain/cover';
import { londonToday, ukDate } from '../../../domain/dates';
import { REPORT_EVENT } from '../../../domain/reports';
import { DRIVER_STATUS, SHIFT_ASSIGNED, TIMESHEET_STATUS } from '../../../domain/statuses';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { insertCancellationTimesheet } from '../../records/timesheets';
import { TIMESHEET_CHANNEL } from '../../../domain/channels';
import { DriverPlan } from '../../../domain/workingTime';
import { assignmentProblem } from '../../../domain/planner';
import { attendanceOfRow, loadAttendanceLimits, loadAttendanceRows } from '../../services/attendance';
import { recentNoShows } from '../../services/attendanceRecord';
import { recordCancellation } from '../../services/cancellations';
import { deliverPushMessage, recordPushMessage } from '../../services/push';
import { pathId } from '../../params';
import { inScope, scopeOf, staffId } from '../../plugins/auth';
import { broadcastShifts } from '../../services/shiftNotify';
import { activeDriverIds, loadLimits, loadPlannedShifts, loadPlannerDrivers, loadPlannerRestaurants } from '../../records/plannerFacts';
import { insertShiftCover, updateShift } from '../../records/shiftWrites';
import { shiftRow } from '../../records/shiftFacts';
import { shiftView } from '../../records/shifts';
import { loadPayOptions } from '../../records/payOptions';
import { timesheetViews } from '../../records/timesheetViews';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

const coverParams = z.object({ id: z.string() });

const coverProposalsResponse = z.looseObject({
  shift: z.looseObject({ id: z.number(), restaurant_name: z.string(), driver_name: z.string(), attendance: z.string() }),
  candidates: z.array(z.looseObject({ driver_id: z.number(), driver_name: z.string(), reason: z.string() })),
});

const coverResponse = z.looseObject({ shift: z.looseObject({ id: z.number() }), replaced_driver_id: z.number(), driver_id: z.number() });

const PUSH_COVER = {
  title: 'Shift for you now',
  body: (restaurant: string, date: string, start: string, finish: string) =>
    `You are covering a shift at ${restaurant} on ${ukDate(date)}, ${start}–${finish}. Please go now and start it in the app.`,
};

/**
 * The shift to cover, as it stands: in the caller's scope (403 outside), today's, late or a no-show by the
 * server's clock (400 with why otherwise). `db` is the transaction when covering, so the check and the write see one state.
 */
async function coverableShift(db: Kysely<Database>, scope: Set<number> | null, id: number, now: Date, { lock = false } = {}) {
  const shift = await shiftRow(db, id, { lock });
  if (!shift) throw notFound(SHIFT_MSG.notFound);
  if (!inScope(scope, shift.restaurant_id)) throw forbidden();
  const [row] = await loadAttendanceRows(db, londonToday(now), null, [id]);
  const attendance: Attendance | null = row ? attendanceOfRow(row, now, await loadAttendanceLimits(db)) : null;
  if (!row || !isCoverable(attendance)) throw fieldError('shift_id', COVER_MSG.notCoverable);
  return { shift, row, attendance: attendance! };
}

/** The drivers who could take the shift now, best first (domain/cover.ts), read with the planning assistant's facts. */
async function candidatesFor(db: Kysely<Database>, shift: { id: number; restaurant_id: number; driver_id: number | null; period_date: string; start_time: string; finish_time: string }, onlyDriver?: number): Promise<CoverCandidate[]> {
  const restaurant = (await loadPlannerRestaurants(db, [shift.restaurant_id])).get(shift.restaurant_id)!;
  const range = { from: shift.period_date, to: shift.period_date };
  const limits = await loadLimits(db);
  const ids = onlyDriver ? [onlyDriver] : await activeDriverIds(db, [restaurant.area_id]);
  const drivers = [...(await loadPlannerDrivers(db, ids, range, { lock: onlyDriver !== undefined })).values()].filter((d) => d.status === DRIVER_STATUS.active);
  const planned = await loadPlannedShifts(db, drivers.map((d) => d.id), range, limits);
  const worked = await sql<{ driver_id: number; n: number }>`
    select driver_id, count(*)::int as n from timesheets
    where restaurant_id = ${shift.restaurant_id} and shift_id is not null and status in (${TIMESHEET_STATUS.pending}, ${TIMESHEET_STATUS.approved})
      and period_date < ${shift.period_date}
      and driver_id = any(${drivers.map((d) => d.id)}::int[])
    group by driver_id`.execute(db);
  return coverCandidates({
    shift,
    restaurant,
    drivers,
    planOf: (id) => new DriverPlan(planned.get(id) ?? [], drivers.find((d) => d.id === id)?.opted_out ?? false),
    limits,
    worked: new Map(worked.rows.map((r) => [r.driver_id, r.n])),
    noShows: await recentNoShows(db),
  });
}

/**
 * Cover in one step (administrators everywhere, managers in their areas). GET /api/shift/:id/cover lists the drivers
 * who could take a late or no-show shift now, best first, each with why. POST /api/shift/:id/cover gives it to the
 * chosen one in one transaction: the rules are checked again with the driver locked, the driver who has not started
 * comes off it with the reason 'no-show' (the cancellation timesheet charges the fee given, the record tells of it,
 * as Cancel Shift does), the cover's moment is kept (the new driver's lateness counts from it) and the new driver's
 * push message is stored; it is then sent, and the live feed tells every board. The history records it as one
 * action ('covered'), so Undo puts the first driver back.
 */
export default async function coverShiftRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  app.get('/api/shift/:id/cover', {
    ...staff,
    schema: { summary: 'Drivers who could cover a late or no-show shift now, best first', params: idParams, response: { 200: coverProposalsResponse } },
  }, async (request) => {
    const id = pathId(coverParams.parse(request.params).id, SHIFT_MSG.notFound);
    const now = new Date();
    const { shift, row, attendance } = await coverableShift(app.db, await scopeOf(app, request.account!), id, now);
    const candidates = await candidatesFor(app.db, shift);
    return {
      shift: {
        id: shift.id,
        restaurant_id: shift.restaurant_id,
        restaurant_name: row.restaurant_name,
        period_date: shift.period_date,
        start_time: shift.start_time,
        finish_time: shift.finish_time,
        driver_id: row.driver_id,
        driver_name: row.driver_name,
        attendance: attendanceWords(attendance),
      },
      candidates: candidates.slice(0, COVER_LIST_SIZE),
    };
  });

  app.post('/api/shift/:id/cover', {
    ...staff,
    schema: { summary: 'Cover a late or no-show shift with another driver', params: idParams, body: coverSchema, response: { 200: coverResponse } },
  }, async (request) => {
    const id = pathId(coverParams.parse(request.params).id, SHIFT_MSG.notFound);
    const input = coverSchema.parse(request.body ?? {});
    const account = request.account!;
    const now = new Date();
    // Read before the transaction: an embedded database has one connection, which the transaction holds.
    const scope = await scopeOf(app, account);
    const done = await app.db.transaction().execute(async (trx) => {
      const { shift, row } = await coverableShift(trx, scope, id, now, { lock: true });
      const replaced = row.driver_id;
      if (input.driver_id === replaced) throw fieldError('driver_id', COVER_MSG.sameDriver);
      const [fit] = await candidatesFor(trx, shift, input.driver_id);
      if (!fit) throw fieldError('driver_id', await whyNot(trx, shift, input.driver_id));
      await updateShift(trx, shift.id, {
        driver_id: input.driver_id,
        status_assigned: SHIFT_ASSIGNED.assigned,
        driver_id_canceled: replaced,
        comment_cancelled: input.comment ? `${NO_SHOW_REASON}: ${input.comment}` : NO_SHOW_REASON,
        moderator_id: staffId(account),
      });
      const comment = input.comment ? `${NO_SHOW_REASON}: ${input.comment}` : NO_SHOW_REASON;
      const sheetId = await insertCancellationTimesheet(trx, shift, replaced, input.fee ? -input.fee : 0, comment);
      await recordCancellation(trx, {
        shiftId: shift.id,
        timesheetId: sheetId,
        restaurantId: shift.restaurant_id,
        driverId: replaced,
        periodDate: shift.period_date,
        startTime: shift.start_time,
        finishTime: shift.finish_time,
        cost: input.fee ? -input.fee : 0,
        commentCancelled: comment,
        event: REPORT_EVENT.shiftCancelled,
        moderatorId: staffId(account),
      });
      // The app's clock, which attendance is read by, not the database's.
      await insertShiftCover(trx, { shift_id: shift.id, driver_id: input.driver_id, replaced_driver_id: replaced, covered_at: now.toISOString() });
      const push = await recordPushMessage(trx, {
        title: PUSH_COVER.title,
        body: PUSH_COVER.body(row.restaurant_name, shift.period_date, shift.start_time, shift.finish_time),
        filters: { source: 'cover', shift_id: shift.id },
        senderId: staffId(account),
        driverIds: [input.driver_id],
      });
      return { replaced, sheetId, push };
    });
    await deliverPushMessage(app, done.push.deliveries);
    const shift = (await shiftView(app.db, id))!;
    await broadcastShifts(app, 'update', [shift]);
    const [timesheet] = await timesheetViews(app.db, [done.sheetId], await loadPayOptions(app.db));
    if (timesheet) await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'store', items: [timesheet] });
    return { shift, replaced_driver_id: done.replaced, driver_id: input.driver_id };
  });
}

/** Why the chosen driver cannot take the shift, in the words of the board's dialogs. */
async function whyNot(db: Kysely<Database>, shift: { restaurant_id: number; period_date: string; start_time: string; finish_time: string; id: number }, driverId: number): Promise<string> {
  const range = { from: shift.period_date, to: shift.period_date };
  const driver = (await loadPlannerDrivers(db, [driverId], range)).get(driverId);
  if (!driver) return SHIFT_MSG.driverUnknown;
  if (driver.status !== DRIVER_STATUS.active) return SHIFT_MSG.driverInactive;
  const restaurant = (await loadPlannerRestaurants(db, [shift.restaurant_id])).get(shift.restaurant_id)!;
  const limits = await loadLimits(db);
  const planned = await loadPlannedShifts(db, [driverId], range, limits);
  return assignmentProblem(shift, restaurant, driver, new DriverPlan(planned.get(driverId) ?? [], driver.opted_out), limits) ?? SHIFT_MSG.driverUnknown;
}
