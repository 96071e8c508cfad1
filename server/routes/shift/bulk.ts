import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { ZodType } from 'zod';
import type { Database } from '../../db/schema';
import { ukDate } from '../../../domain/dates';
import { bulkPublishQuestion } from '../../../domain/availability';
import { PUSH_DRIVERS, SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../domain/statuses';
import { bulkShiftSchema, publishSchema } from '../../../domain/validation/shift';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { canDelete, canPublish, canUnpublish, type ShiftRecord, type ShiftState } from '../../../domain/shifts';
import { DriverChecks } from './checks';
import { bulkRefused, bulkSummary, priceFor, type BulkFailure, type RefusedShift } from './common';
import { inScope, scopeOf, staffId, type Account } from '../../plugins/auth';
import { loadDrivers, loadFuelRates, loadPublishedShifts, loadRestaurants, shiftsWithTimesheet, spanOf, type DriverFacts } from '../../records/shiftFacts';
import { broadcastShifts, deliverShiftPushes, recordShiftPushes, type PushKind } from '../../services/shiftNotify';
import type { PushDelivery } from '../../services/push';
import { loadShifts } from '../../records/shifts';
import { deleteShifts, lockShiftRows, setShiftPrices, updateShifts } from '../../records/shiftWrites';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

const UNPUBLISH_NOTHING = 'No more shifts to unpublish';
const REMOVE_NOTHING = 'No more shifts to remove';

/** The shifts of a bulk call, locked, with their timesheet flags; ids outside the account's scope count as missing. */
async function lockShifts(trx: Transaction<Database>, ids: number[], scope: Set<number> | null) {
  const rows = await lockShiftRows(trx, ids);
  const visible = rows.filter((r) => inScope(scope, r.restaurant_id));
  const worked = await shiftsWithTimesheet(trx, visible.map((r) => r.id));
  const found = new Set(visible.map((r) => r.id));
  const missing: BulkFailure[] = ids.filter((id) => !found.has(id)).map((id) => ({ id, period_date: null, errors: { id: [SHIFT_MSG.notFound] } }));
  const state = (r: (typeof rows)[number]): ShiftState => ({
    status: r.status,
    status_assigned: r.status_assigned,
    driver_id: r.driver_id,
    has_timesheet: worked.has(r.id),
    restaurant_made: r.restaurateur_creator_id !== null,
  });
  return { rows: visible, missing, state };
}
type LockedShifts = Awaited<ReturnType<typeof lockShifts>>;

/**
 * A publish problem in the question's list, naming the shift when the spec's message does not ('This driver does
 * not work for this restaurant: Dan Driver at Bombay Spice on 30/11/2026 17:00-22:00').
 */
function namedProblem(message: string, shift: RefusedShift, date: string): string {
  if (shift.driver_name && message.includes(shift.driver_name)) return message;
  return `${message}: ${shift.driver_name ?? 'driver'} at ${shift.restaurant_name ?? 'restaurant'} on ${ukDate(date)} ${shift.start_time}-${shift.finish_time}`;
}

/** The drivers' pushes of a bulk call, recorded in its transaction when the call asks for them. */
async function pushesAsked(
  trx: Transaction<Database>,
  input: { push_drivers?: unknown },
  kind: PushKind,
  shifts: Parameters<typeof recordShiftPushes>[2],
  account: Account,
): Promise<PushDelivery[]> {
  return input.push_drivers === PUSH_DRIVERS.send ? recordShiftPushes(trx, kind, shifts, staffId(account)) : [];
}

const fail = (r: { id: number; period_date: string }, field: string, message: string): BulkFailure => ({
  id: r.id,
  period_date: r.period_date,
  errors: { [field]: [message] },
});

/**
 * POST /api/shift/publish, unpublish and remove (spec 3, section 7). Each runs in one transaction and is all or
 * nothing: when some shifts cannot be done, nothing is written and the answer (400) lists every failing shift
 * with its reasons, so the client can ask 'Skip to publish incorrect shifts and publish correct shifts?' and send
 * the rest. Shifts already in the wanted state are left alone.
 */
export default async function bulkShiftRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  /** After a publish or unpublish commits: the shifts as answered, told to the live feed, their drivers' pushes sent. */
  async function announce(event: 'publish' | 'unpublish', ids: number[], deliveries: PushDelivery[]): Promise<ShiftRecord[]> {
    const shifts = await loadShifts(app.db, { ids, restaurantIds: null, withDriver: true });
    await broadcastShifts(app, event, shifts);
    await deliverShiftPushes(app, deliveries);
    return shifts;
  }

  /**
   * A bulk call's one transaction: the body read with `schema`, the listed shifts of the caller's scope locked (the
   * others reported missing), and `work` given them with the body and the caller's account.
   */
  async function withListedShifts<Input extends { shift_ids: number[] }, T>(
    request: FastifyRequest,
    schema: ZodType<Input>,
    work: (trx: Transaction<Database>, shifts: LockedShifts, input: Input, account: Account) => Promise<T>,
  ): Promise<T> {
    const input = schema.parse(request.body ?? {});
    const account = request.account!;
    const scope = await scopeOf(app, account);
    return app.db.transaction().execute(async (trx) => work(trx, await lockShifts(trx, input.shift_ids, scope), input, account));
  }

  app.post('/api/shift/publish', {
    ...staff,
    schema: { summary: 'Publish shifts', body: publishSchema, response: { 200: RESPONSES.shifts } },
  }, async (request): Promise<ShiftRecord[]> => {
    const { ids, deliveries } = await withListedShifts(request, publishSchema, async (trx, { rows, missing, state }, input, account) => {
      // Published shifts with a driver are already what publishing makes them; drafts are the restaurant's own.
      const todo = rows.filter((r) => canPublish(state(r)));
      const failures: BulkFailure[] = [...missing, ...rows.filter((r) => r.status === SHIFT_STATUS.draft).map((r) => fail(r, 'status', SHIFT_MSG.notDraftForStaff))];
      if (!todo.length && !failures.length) throw bulkRefused(SHIFT_MSG.noMoreToPublish, []);

      const todoIds = new Set(todo.map((r) => r.id));
      const withDriver = todo.filter((r) => r.driver_id);
      const range = todo.length ? spanOf(todo.map((r) => r.period_date)) : null;
      const restaurants = await loadRestaurants(trx, todo.map((r) => r.restaurant_id));
      const driverIds = withDriver.map((r) => r.driver_id!);
      const drivers = range ? await loadDrivers(trx, driverIds, range, { lock: true }) : new Map<number, DriverFacts>();
      const checks = new DriverChecks(
        drivers,
        restaurants,
        range ? (await loadPublishedShifts(trx, driverIds, range)).filter((s) => !todoIds.has(s.id!)) : [],
      );
      const problems: string[] = [];
      for (const r of todo) {
        const error = checks.publishError(r);
        if (error) {
          const shift: RefusedShift = {
            restaurant_id: r.restaurant_id,
            restaurant_name: restaurants.get(r.restaurant_id)?.name ?? null,
            driver_id: r.driver_id,
            driver_name: drivers.get(r.driver_id!)?.full_name ?? null,
            start_time: r.start_time,
            finish_time: r.finish_time,
          };
          failures.push({ ...fail(r, 'driver_id', error), shift });
          problems.push(namedProblem(error, shift, r.period_date));
        } else {
          checks.add({ ...r, status: SHIFT_STATUS.published });
        }
      }
      if (failures.length) {
        const summary = problems.length === failures.length ? bulkPublishQuestion(problems) : bulkSummary('publish', failures, ukDate);
        throw bulkRefused(summary, failures);
      }

      const ids = todo.map((r) => r.id);
      await updateShifts(trx, ids, {
        status: SHIFT_STATUS.published,
        // Offered again: a rejected (stale) shift is a plain open shift once more.
        status_assigned: sql<number>`case when driver_id is null then ${SHIFT_ASSIGNED.free}::int else ${SHIFT_ASSIGNED.assigned}::int end`,
        moderator_id: staffId(account),
      });
      await priceRestaurantRequests(trx, todo, restaurants);
      return { ids, deliveries: await pushesAsked(trx, input, 'publish', todo, account) };
    });
    return announce('publish', ids, deliveries);
  });

  app.post('/api/shift/unpublish', {
    ...staff,
    schema: { summary: 'Unpublish shifts', body: bulkShiftSchema, response: { 200: RESPONSES.shifts } },
  }, async (request): Promise<ShiftRecord[]> => {
    const { ids, deliveries } = await withListedShifts(request, bulkShiftSchema, async (trx, { rows, missing, state }, input, account) => {
      const published = rows.filter((r) => r.status === SHIFT_STATUS.published);
      const failures = [...missing, ...published.filter((r) => !canUnpublish(state(r))).map((r) => fail(r, 'id', SHIFT_MSG.timesheetExists))];
      if (failures.length) throw bulkRefused(bulkSummary('unpublish', failures, ukDate), failures);
      if (!published.length) throw bulkRefused(UNPUBLISH_NOTHING, []);
      const ids = published.map((r) => r.id);
      await updateShifts(trx, ids, { status: SHIFT_STATUS.new });
      return { ids, deliveries: await pushesAsked(trx, input, 'unpublish', published, account) };
    });
    return announce('unpublish', ids, deliveries);
  });

  app.post('/api/shift/remove', {
    ...staff,
    schema: { summary: 'Remove shifts', body: bulkShiftSchema, response: { 200: RESPONSES.removedShifts } },
  }, async (request) => {
    const { removed, deliveries } = await withListedShifts(request, bulkShiftSchema, async (trx, { rows, missing, state }, input, account) => {
      const failures = [
        ...missing,
        ...rows
          .filter((r) => !canDelete(state(r)))
          .map((r) => fail(r, 'id', state(r).has_timesheet ? SHIFT_MSG.timesheetExists : SHIFT_MSG.publishedCannotDelete)),
      ];
      if (failures.length) throw bulkRefused(bulkSummary('remove', failures, ukDate), failures);
      if (!rows.length) throw bulkRefused(REMOVE_NOTHING, []);
      await deleteShifts(trx, rows.map((r) => r.id));
      return { removed: rows, deliveries: await pushesAsked(trx, input, 'remove', rows, account) };
    });
    await broadcastShifts(app, 'destroy', removed);
    await deliverShiftPushes(app, deliveries);
    return { success: true, removed: removed.map((r) => r.id) };
  });
}

/**
 * Shifts a restaurant account asked for carry no cost; publishing them prices them from the restaurant's rates,
 * as an administrator's own shifts are priced when made.
 */
async function priceRestaurantRequests(
  trx: Transaction<Database>,
  shifts: { id: number; restaurant_id: number; restaurateur_creator_id: number | null; cost_per_hour: number; period_date: string; start_time: string; finish_time: string; cost_bonus: number; fuel_bonus_0: number; fuel_bonus_3: number; fuel_bonus_6: number }[],
  restaurants: Awaited<ReturnType<typeof loadRestaurants>>,
): Promise<void> {
  const unpriced = shifts.filter((s) => s.restaurateur_creator_id !== null && Number(s.cost_per_hour) === 0);
  if (!unpriced.length) return;
  const fuelRates = await loadFuelRates(trx);
  const prices = unpriced.map((s) => ({ id: s.id, ...priceFor(restaurants.get(s.restaurant_id)!, { ...s, cost_bonus: Number(s.cost_bonus) }, fuelRates) }));
  await setShiftPrices(trx, prices);
}
