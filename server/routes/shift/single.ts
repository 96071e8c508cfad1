import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, fieldError, notFound } from '../../plugins/errors';
import { PUSH_DRIVERS, RESTAURANT_STATUS, SHIFT_STATUS } from '../../../domain/statuses';
import { shiftSchema, shiftUpdateSchema, type ShiftInput } from '../../../domain/validation/shift';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { assignedStatusFor, canDelete, canPublish, canUnpublish, type ShiftState } from '../../../domain/shifts';
import { DriverChecks } from './checks';
import { checkBodyShiftId, priceFor } from './common';
import { inScope, scopeOf, staffId } from '../../plugins/auth';
import { pathId } from '../../params';
import { loadDrivers, loadFuelRates, loadPublishedShifts, loadRestaurants, shiftsWithTimesheet } from '../../records/shiftFacts';
import { broadcastShifts, deliverShiftPushes, recordShiftPushes, type PushKind } from '../../services/shiftNotify';
import { shiftView } from '../../records/shifts';
import { deleteShifts, insertShift, lockShift, updateShift } from '../../records/shiftWrites';
import { guardWorkingTime } from './workingTimeGuard';
import { checkVersion } from '../../services/versions';
import { workingTimeConfirmed } from '../../../domain/workingTime';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

type Row = Awaited<ReturnType<typeof lockShift>>;

/** The restaurant must exist, be one of the account's, and (for a shift planned on it) be active. */
async function restaurantFor(trx: Transaction<Database>, scope: Set<number> | null, restaurantId: number, mustBeActive: boolean) {
  const restaurant = (await loadRestaurants(trx, [restaurantId])).get(restaurantId);
  if (!restaurant) throw fieldError('restaurant_id', SHIFT_MSG.restaurantUnknown);
  if (!inScope(scope, restaurantId)) throw forbidden(SHIFT_MSG.outOfScope);
  if (mustBeActive && restaurant.status !== RESTAURANT_STATUS.active) throw fieldError('restaurant_id', SHIFT_MSG.restaurantInactive);
  return restaurant;
}

/** The dialogs' driver checks, run again on the server with the driver's row locked (no double booking). */
async function checkDriver(trx: Transaction<Database>, input: ShiftInput, id: number | null, restaurants: Awaited<ReturnType<typeof loadRestaurants>>) {
  if (!input.driver_id) return;
  const day = { from: input.period_date, to: input.period_date };
  const drivers = await loadDrivers(trx, [input.driver_id], day, { lock: true });
  const published = await loadPublishedShifts(trx, [input.driver_id], day);
  const error = new DriverChecks(drivers, restaurants, published).saveError({ ...input, id, status: input.status ?? SHIFT_STATUS.new });
  if (error) throw fieldError('driver_id', error);
}

function columns(input: ShiftInput) {
  return {
    restaurant_id: input.restaurant_id,
    driver_id: input.driver_id,
    period_date: input.period_date,
    start_time: input.start_time,
    finish_time: input.finish_time,
    meal_time: 0,
    rest_time: 0,
    cost_bonus: input.cost_bonus,
    cost_extra_bonus: input.cost_extra_bonus,
    fuel_bonus_0: input.fuel_bonus_0,
    fuel_bonus_3: input.fuel_bonus_3,
    fuel_bonus_6: input.fuel_bonus_6,
    extra_request: input.extra_request,
    comment: input.comment,
  };
}

const stateOfRow = (row: NonNullable<Row>, hasTimesheet: boolean): ShiftState => ({
  status: row.status,
  status_assigned: row.status_assigned,
  driver_id: row.driver_id,
  has_timesheet: hasTimesheet,
  restaurant_made: row.restaurateur_creator_id !== null,
});

/**
 * POST /api/shift, PUT /api/shift/{id}, DELETE /api/shift/{id} (spec 3, section 7), and GET /api/shift/{id}, for
 * administrators and managers.
 * A write that breaks a working-time rule, or gives a driver a shift sharing time with another of theirs that the
 * spec's overlap rule does not refuse (an unpublished one), answers 409 with the warnings until the call confirms
 * them; a save sent
 * with an old version (`updated_at`) answers 409 with `conflict` (domain/versions.ts). The answer is read inside the
 * write's transaction, so it shows this request's values whatever is saved after it.
 */
export default async function singleShiftRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  app.post('/api/shift', {
    ...staff,
    schema: { summary: 'Add a shift', body: shiftSchema, response: { 201: RESPONSES.shift } },
  }, async (request, reply) => {
    const input = shiftSchema.parse(request.body ?? {});
    const account = request.account!;
    const scope = await scopeOf(app, account);
    const status = input.status ?? SHIFT_STATUS.new;
    const { shift, deliveries } = await app.db.transaction().execute(async (trx) => {
      const restaurant = await restaurantFor(trx, scope, input.restaurant_id, true);
      const restaurants = new Map([[restaurant.id, restaurant]]);
      await checkDriver(trx, { ...input, status }, null, restaurants);
      await guardWorkingTime(trx, [{ ...input, id: null }], workingTimeConfirmed(request.body), { clashes: true });
      const price = priceFor(restaurant, input, await loadFuelRates(trx));
      const id = await insertShift(trx, {
        ...columns(input),
        ...price,
        status,
        status_assigned: assignedStatusFor(input.driver_id),
        creator_id: staffId(account),
        moderator_id: status === SHIFT_STATUS.published ? staffId(account) : null,
      });
      const pushes =
        status === SHIFT_STATUS.published && input.push_drivers === PUSH_DRIVERS.send
          ? await recordShiftPushes(trx, 'publish', [input], staffId(account))
          : [];
      return { shift: (await shiftView(trx, id))!, deliveries: pushes };
    });
    await broadcastShifts(app, status === SHIFT_STATUS.published ? 'publish' : 'store', [shift]);
    await deliverShiftPushes(app, deliveries);
    reply.status(201);
    return shift;
  });

  /** One shift as the board shows it (a dialog reloading it after a conflict). */
  app.get('/api/shift/:id', {
    ...staff,
    schema: { summary: 'One shift, as the board shows it', params: idParams, response: { 200: RESPONSES.shift } },
  }, async (request) => {
    const id = pathId(request.params.id, SHIFT_MSG.notFound);
    const scope = await scopeOf(app, request.account!);
    const shift = await shiftView(app.db, id);
    if (!shift || !inScope(scope, shift.restaurant_id)) throw notFound(SHIFT_MSG.notFound);
    return shift;
  });

  app.put('/api/shift/:id', {
    ...staff,
    schema: { summary: 'Change a shift', params: idParams, body: shiftUpdateSchema, response: { 200: RESPONSES.shift }, versioned: true },
  }, async (request) => {
    const id = pathId(request.params.id, SHIFT_MSG.notFound);
    const input = shiftUpdateSchema.parse(request.body ?? {});
    checkBodyShiftId(input.id, id);
    const account = request.account!;
    const scope = await scopeOf(app, account);

    const { event, shift, deliveries } = await app.db.transaction().execute(async (trx) => {
      const current = await lockShift(trx, id);
      if (!current || !inScope(scope, current.restaurant_id)) throw notFound(SHIFT_MSG.notFound);
      await checkVersion(trx, 'shifts', id, input.updated_at);
      const hasTimesheet = (await shiftsWithTimesheet(trx, [id])).has(id);
      const moved =
        input.restaurant_id !== current.restaurant_id ||
        input.period_date !== current.period_date ||
        input.start_time !== current.start_time ||
        input.finish_time !== current.finish_time ||
        input.driver_id !== current.driver_id;
      if (hasTimesheet && moved) throw fieldError('id', SHIFT_MSG.timesheetExists);

      const status = input.status ?? current.status;
      const after = { ...stateOfRow(current, hasTimesheet), driver_id: input.driver_id };
      if (status !== current.status) {
        const allowed =
          (current.status === SHIFT_STATUS.new && status === SHIFT_STATUS.published && canPublish({ ...after, status: current.status })) ||
          (current.status === SHIFT_STATUS.published && status === SHIFT_STATUS.new && canUnpublish(after));
        if (!allowed) throw fieldError('status', hasTimesheet ? SHIFT_MSG.timesheetExists : SHIFT_MSG.statusInvalid);
      }
      const restaurant = await restaurantFor(trx, scope, input.restaurant_id, input.restaurant_id !== current.restaurant_id);
      if (moved || status !== current.status) await checkDriver(trx, { ...input, status }, id, new Map([[restaurant.id, restaurant]]));
      // A shift given a driver, moved or resized asks again; a status change alone changes nothing the rules read.
      if (moved) await guardWorkingTime(trx, [{ ...input, id }], workingTimeConfirmed(request.body), { clashes: true });

      const price = priceFor(restaurant, input, await loadFuelRates(trx));
      const publishing = status === SHIFT_STATUS.published && current.status !== SHIFT_STATUS.published;
      await updateShift(trx, id, {
        ...columns(input),
        ...price,
        status,
        status_assigned: assignedStatusFor(input.driver_id, current.status_assigned),
        ...(publishing ? { moderator_id: staffId(account) } : {}),
      });

      const event = publishing ? 'publish' : status === SHIFT_STATUS.new && current.status === SHIFT_STATUS.published ? 'unpublish' : 'update';
      let pushes: Awaited<ReturnType<typeof recordShiftPushes>> = [];
      if (input.push_drivers === PUSH_DRIVERS.send) {
        const kind: PushKind = event === 'publish' ? 'publish' : event === 'unpublish' ? 'unpublish' : 'update';
        // The driver taken off the shift hears of it too.
        const told = [{ restaurant_id: input.restaurant_id, driver_id: input.driver_id }];
        if (current.driver_id && current.driver_id !== input.driver_id) told.push({ restaurant_id: current.restaurant_id, driver_id: current.driver_id });
        pushes = await recordShiftPushes(trx, kind, told, staffId(account));
      }
      // Read before the commit: the answer is this request's shift, not a later save's.
      return { event, shift: (await shiftView(trx, id))!, deliveries: pushes };
    });
    await broadcastShifts(app, event, [shift]);
    await deliverShiftPushes(app, deliveries);
    return shift;
  });

  app.delete('/api/shift/:id', {
    ...staff,
    schema: { summary: 'Remove a shift', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const id = pathId(request.params.id, SHIFT_MSG.notFound);
    const scope = await scopeOf(app, request.account!);
    const removed = await app.db.transaction().execute(async (trx) => {
      const current = await lockShift(trx, id);
      if (!current || !inScope(scope, current.restaurant_id)) throw notFound(SHIFT_MSG.notFound);
      const hasTimesheet = (await shiftsWithTimesheet(trx, [id])).has(id);
      if (!canDelete(stateOfRow(current, hasTimesheet))) {
        throw fieldError('id', hasTimesheet ? SHIFT_MSG.timesheetExists : SHIFT_MSG.publishedCannotDelete);
      }
      await deleteShifts(trx, [id]);
      return current;
    });
    await broadcastShifts(app, 'destroy', [removed]);
    return reply.status(204).send();
  });
}

