import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { londonToday } from '../../../domain/dates';
import {
  assignmentProblem, proposeFills, type FillFailure, type FillProposalsAnswer, type PlannerRestaurant, type ShiftLine,
} from '../../../domain/planner';
import { DRIVER_STATUS, SHIFT_STATUS } from '../../../domain/statuses';
import { FILL_MSG, fillApplySchema, fillProposalsSchema, type FillProposalsInput } from '../../../domain/validation/fill';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { DriverPlan } from '../../../domain/workingTime';
import type { ShiftRecord } from '../../../domain/shifts';
import { inScope, scopeOf } from '../../plugins/auth';
import { shiftsWithTimesheet, spanOf } from '../../records/shiftFacts';
import { broadcastShifts } from '../../services/shiftNotify';
import { activeDriverIds, loadLimits, loadOpenShifts, lockFillShifts, loadPlannedShifts, loadPlannerDrivers, loadPlannerRestaurants, loadWorkedAt } from '../../records/plannerFacts';
import { loadShifts } from '../../records/shifts';
import { assignShiftDrivers } from '../../records/shiftWrites';
import { recentNoShows } from '../../services/attendanceRecord';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/** Open shifts the assistant may fill, from today on (none when the range has passed). */
async function openShifts(db: Kysely<Database>, input: FillProposalsInput, scope: Set<number> | null) {
  const from = input.period_date_from > londonToday() ? input.period_date_from : londonToday();
  if (from > input.period_date_to) return [];
  return loadOpenShifts(db, { from, to: input.period_date_to, area_id: input.area_id, restaurant_id: input.restaurant_id }, scope);
}

const lineOf = (shift: { id: number; restaurant_id: number; period_date: string; start_time: string; finish_time: string }, restaurant: PlannerRestaurant): ShiftLine => ({
  shift_id: shift.id,
  restaurant_id: shift.restaurant_id,
  restaurant_name: restaurant.name,
  period_date: shift.period_date,
  start_time: shift.start_time,
  finish_time: shift.finish_time,
});

/** Checks every ticked line again, locked, in date order; answers the lines to write and those refused with why. */
async function recheck(trx: Transaction<Database>, lines: { shift_id: number; driver_id: number }[], scope: Set<number> | null) {
  const rows = await lockFillShifts(trx, lines.map((l) => l.shift_id));
  const byId = new Map(rows.filter((r) => inScope(scope, r.restaurant_id)).map((r) => [r.id, r]));
  const worked = await shiftsWithTimesheet(trx, [...byId.keys()]);
  const restaurants = await loadPlannerRestaurants(trx, [...byId.values()].map((r) => r.restaurant_id));
  const range = byId.size ? spanOf([...byId.values()].map((r) => r.period_date)) : { from: londonToday(), to: londonToday() };
  const driverIds = lines.map((l) => l.driver_id);
  const limits = await loadLimits(trx);
  // Locking the drivers makes two calls giving one driver shifts at once check one after the other.
  const drivers = await loadPlannerDrivers(trx, driverIds, range, { lock: true });
  const planned = await loadPlannedShifts(trx, driverIds, range, limits);

  const plans = new Map<number, DriverPlan>();
  const ok: { shift_id: number; driver_id: number }[] = [];
  const failed: FillFailure[] = [];
  const ordered = [...lines].sort((a, b) => {
    const x = byId.get(a.shift_id);
    const y = byId.get(b.shift_id);
    return (x?.period_date ?? '').localeCompare(y?.period_date ?? '') || (x?.start_time ?? '').localeCompare(y?.start_time ?? '') || a.shift_id - b.shift_id;
  });
  for (const line of ordered) {
    const shift = byId.get(line.shift_id);
    const driver = drivers.get(line.driver_id);
    const refuse = (message: string) => failed.push({ ...line, message });
    if (!shift) refuse(SHIFT_MSG.notFound);
    else if (shift.driver_id) refuse(FILL_MSG.shiftTaken);
    else if (shift.status === SHIFT_STATUS.draft || worked.has(shift.id)) refuse(FILL_MSG.shiftNotOpen);
    else if (!driver) refuse(SHIFT_MSG.driverUnknown);
    else if (driver.status !== DRIVER_STATUS.active) refuse(SHIFT_MSG.driverInactive);
    else {
      const restaurant = restaurants.get(shift.restaurant_id)!;
      let plan = plans.get(driver.id);
      if (!plan) plans.set(driver.id, (plan = new DriverPlan(planned.get(driver.id) ?? [], driver.opted_out)));
      const problem = assignmentProblem(shift, restaurant, driver, plan, limits);
      if (problem) refuse(problem);
      else {
        ok.push(line);
        plan.add({ ...shift, restaurant_name: restaurant.name });
      }
    }
  }
  return { ok, failed };
}

/**
 * The planning assistant (administrators and managers; managers within their areas): POST /api/shift/fill-proposals
 * proposes a driver for every open shift of a range and location, POST /api/shift/fill gives the ticked lines their
 * drivers after checking every rule again in one transaction, and answers the lines it could not assign and why.
 */
export default async function fillShiftRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  app.post('/api/shift/fill-proposals', {
    ...staff,
    schema: { summary: 'Proposed drivers for open shifts', body: fillProposalsSchema, response: { 200: RESPONSES.fillProposals } },
  }, async (request): Promise<FillProposalsAnswer> => {
    const input = fillProposalsSchema.parse(request.body ?? {});
    const scope = await scopeOf(app, request.account!);
    const open = await openShifts(app.db, input, scope);
    if (!open.length) return { proposals: [], unfilled: [] };
    const restaurants = await loadPlannerRestaurants(app.db, [...new Set(open.map((s) => s.restaurant_id))]);
    const range = spanOf(open.map((s) => s.period_date));
    const limits = await loadLimits(app.db);
    const areaIds = [...new Set([...restaurants.values()].map((r) => r.area_id))];
    const drivers = await loadPlannerDrivers(app.db, await activeDriverIds(app.db, areaIds), range);
    const planned = await loadPlannedShifts(app.db, null, range, limits);
    const workedAt = await loadWorkedAt(app.db, [...restaurants.keys()], range.from);
    const noShows = await recentNoShows(app.db);
    const result = proposeFills({ open, restaurants, drivers: [...drivers.values()], planned, workedAt, limits, noShows });
    const shifts = new Map(open.map((s) => [s.id, s]));
    const withShift = <T extends { shift_id: number }>(line: T) => {
      const shift = shifts.get(line.shift_id)!;
      return { ...line, ...lineOf(shift, restaurants.get(shift.restaurant_id)!) };
    };
    return { proposals: result.proposals.map(withShift), unfilled: result.unfilled.map(withShift) };
  });

  app.post('/api/shift/fill', {
    ...staff,
    schema: { summary: 'Assign proposed drivers', body: fillApplySchema, response: { 200: RESPONSES.fill } },
  }, async (request): Promise<{ assigned: ShiftRecord[]; failed: FillFailure[] }> => {
    const input = fillApplySchema.parse(request.body ?? {});
    const scope = await scopeOf(app, request.account!);
    const { ok, failed } = await app.db.transaction().execute(async (trx) => {
      const checked = await recheck(trx, input.lines, scope);
      if (checked.ok.length) {
        await assignShiftDrivers(trx, checked.ok);
      }
      return checked;
    });
    const assigned = ok.length ? await loadShifts(app.db, { ids: ok.map((l) => l.shift_id), restaurantIds: null, withDriver: true }) : [];
    if (assigned.length) await broadcastShifts(app, 'update', assigned);
    return { assigned, failed };
  });
}
