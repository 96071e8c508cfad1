import { SHIFT_CHANNEL } from '../../../domain/channels';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../plugins/errors';
import type { Account } from '../../plugins/auth';
import { raiseAlert } from '../../services/alerts';
import { londonToday, ukDate } from '../../../domain/dates';
import { RESTAURANT_STATUS, SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../domain/statuses';
import { copySchema, freeShiftSchema, moderateSchema, type FreeShiftInput } from '../../../domain/validation/shift';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import {
  FREE_SHIFT_BONUSES, canRestaurantPublish, draftDateRefusal, draftTooEarlyMessage, earliestDraftDate, isEditableFreeShift,
  type ShiftRecord, type ShiftState,
} from '../../../domain/shifts';
import { bulkRefused, checkBodyShiftId, type BulkFailure } from './common';
import { pathId } from '../../params';
import { copyTargets } from './copy';
import { loadRestaurants, shiftRowsInDateOrder, shiftsWithTimesheet } from '../../records/shiftFacts';
import { broadcastShifts } from '../../services/shiftNotify';
import { loadShifts, shiftView } from '../../records/shifts';
import { deleteShifts, insertShift, insertShifts, lockShift, lockShiftRows, updateShift, updateShifts } from '../../records/shiftWrites';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

/**
 * The free-shift calls of restaurant accounts (spec 3, sections 2.2, 4.1 and 7): open shifts without a driver
 * and without cost, made as drafts; 'Publish' sends drafts to moderation (status new), where they appear on the
 * administrators' board and raise an alert. A restaurant account touches only its own restaurants' shifts that
 * it made, that have no driver, are not published and have no timesheet.
 */

const restaurantIdsOf = (account: Account) => new Set(account.kind === 'restaurateur' ? account.restaurantIds : []);

async function ownActiveRestaurant(trx: Transaction<Database>, account: Account, restaurantId: number) {
  if (!restaurantIdsOf(account).has(restaurantId)) throw forbidden(SHIFT_MSG.outOfScope);
  const restaurant = (await loadRestaurants(trx, [restaurantId])).get(restaurantId);
  if (!restaurant) throw fieldError('restaurant_id', SHIFT_MSG.restaurantUnknown);
  if (restaurant.status !== RESTAURANT_STATUS.active) throw fieldError('restaurant_id', SHIFT_MSG.restaurantInactive);
  return restaurant;
}

const freeColumns = (input: FreeShiftInput) => ({
  restaurant_id: input.restaurant_id,
  period_date: input.period_date,
  start_time: input.start_time,
  finish_time: input.finish_time,
  cost_bonus: input.cost_bonus,
  comment: input.comment,
});

/** A shift of the account's, locked, with what the rules need; 404 when it is not one of theirs. */
async function lockOwnShift(trx: Transaction<Database>, account: Account, id: number) {
  const row = await lockShift(trx, id);
  if (!row || !restaurantIdsOf(account).has(row.restaurant_id)) throw notFound(SHIFT_MSG.notFound);
  const hasTimesheet = (await shiftsWithTimesheet(trx, [id])).has(id);
  const state: ShiftState = {
    status: row.status,
    status_assigned: row.status_assigned,
    driver_id: row.driver_id,
    has_timesheet: hasTimesheet,
    restaurant_made: row.restaurateur_creator_id !== null,
  };
  return { row, state };
}

/** One alert per restaurant whose drafts went to moderation: 'Pizza Palace Camden sent 2 draft shifts for moderation (20/11/2026, 21/11/2026)'. */
async function alertModeration(app: FastifyInstance, shifts: ShiftRecord[], names: Map<number, string>) {
  const byRestaurant = new Map<number, ShiftRecord[]>();
  for (const s of shifts) byRestaurant.set(s.restaurant_id, [...(byRestaurant.get(s.restaurant_id) ?? []), s]);
  for (const [restaurantId, list] of byRestaurant) {
    const dates = [...new Set(list.map((s) => ukDate(s.period_date)))].join(', ');
    const count = list.length === 1 ? '1 draft shift' : `${list.length} draft shifts`;
    await raiseAlert(app, {
      channel: SHIFT_CHANNEL,
      event: 'publish',
      message: `${names.get(restaurantId) ?? 'A restaurant'} sent ${count} for moderation (${dates})`,
      restaurantId,
    });
  }
}

export default async function freeShiftRoutes(app: RouteApp) {
  const restaurants = { preHandler: app.access('restaurant'), config: { shows: 'shift' as const } };

  app.post('/api/shift/createFree', {
    ...restaurants,
    schema: { summary: 'A restaurant asks for a shift', body: freeShiftSchema, response: { 201: RESPONSES.shift } },
  }, async (request, reply) => {
    const input = freeShiftSchema.parse(request.body ?? {});
    const tooEarly = draftDateRefusal(input.period_date, londonToday());
    if (tooEarly) throw fieldError('period_date', tooEarly);
    const account = request.account!;
    const id = await app.db.transaction().execute(async (trx) => {
      await ownActiveRestaurant(trx, account, input.restaurant_id);
      return insertShift(trx, {
        ...freeColumns(input),
        driver_id: null,
        status: SHIFT_STATUS.draft,
        status_assigned: SHIFT_ASSIGNED.free,
        cost_per_hour: 0,
        cost_total: 0,
        restaurateur_creator_id: account.id,
      });
    });
    const shift = (await shiftView(app.db, id))!;
    await broadcastShifts(app, 'store', [shift]);
    reply.status(201);
    return shift;
  });

  app.put('/api/shift/updateFree/:id', {
    ...restaurants,
    schema: { summary: 'Change a requested shift', params: idParams, body: freeShiftSchema, response: { 200: RESPONSES.shift } },
  }, async (request) => {
    const id = pathId(request.params.id, SHIFT_MSG.notFound);
    const input = freeShiftSchema.parse(request.body ?? {});
    checkBodyShiftId(input.id, id);
    const account = request.account!;
    const { event, moderated } = await app.db.transaction().execute(async (trx) => {
      const { row, state } = await lockOwnShift(trx, account, id);
      if (!isEditableFreeShift(state)) throw fieldError('id', state.has_timesheet ? SHIFT_MSG.timesheetExists : SHIFT_MSG.notEditableFree);
      const tooEarly = draftDateRefusal(input.period_date, londonToday(), row.period_date);
      if (tooEarly) throw fieldError('period_date', tooEarly);
      if (input.restaurant_id !== row.restaurant_id) await ownActiveRestaurant(trx, account, input.restaurant_id);
      // Publish (draft → new, to moderation) and Unpublish (new → draft) of one shift travel as its status.
      const wanted = input.status ?? row.status;
      if (wanted !== row.status && !(wanted === SHIFT_STATUS.new && row.status === SHIFT_STATUS.draft) && !(wanted === SHIFT_STATUS.draft && row.status === SHIFT_STATUS.new)) {
        throw fieldError('status', SHIFT_MSG.transitionInvalid);
      }
      const moderated = wanted === SHIFT_STATUS.new && row.status === SHIFT_STATUS.draft;
      await updateShift(trx, id, {
        ...freeColumns(input),
        status: wanted,
        ...(moderated ? { restaurateur_moderator_id: account.id } : {}),
      });
      return { event: moderated ? 'moderate' : wanted !== row.status ? 'unpublish' : 'update', moderated };
    });
    const shift = (await shiftView(app.db, id))!;
    await broadcastShifts(app, event, [shift]);
    if (moderated) await alertModeration(app, [shift], await restaurantNames(app, [shift.restaurant_id]));
    return shift;
  });

  app.delete('/api/shift/removeFree/:id', {
    ...restaurants,
    schema: { summary: 'Withdraw a requested shift', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const id = pathId(request.params.id, SHIFT_MSG.notFound);
    const account = request.account!;
    const removed = await app.db.transaction().execute(async (trx) => {
      const { row, state } = await lockOwnShift(trx, account, id);
      if (!isEditableFreeShift(state)) throw fieldError('id', state.has_timesheet ? SHIFT_MSG.timesheetExists : SHIFT_MSG.notEditableFree);
      await deleteShifts(trx, [id]);
      return row;
    });
    await broadcastShifts(app, 'destroy', [removed]);
    return reply.status(204).send();
  });

  app.post('/api/shift/copyShiftsFree', {
    ...restaurants,
    schema: { summary: 'Copy requested shifts', body: copySchema, response: { 201: RESPONSES.shifts } },
  }, async (request, reply): Promise<ShiftRecord[]> => {
    const input = copySchema.parse(request.body ?? {});
    const account = request.account!;
    const own = restaurantIdsOf(account);
    const earliest = earliestDraftDate(londonToday());
    const ids = await app.db.transaction().execute(async (trx) => {
      const sources = (
        await shiftRowsInDateOrder(trx, input.shift_ids)
      ).filter((s) => own.has(s.restaurant_id));
      const facts = await loadRestaurants(trx, sources.map((s) => s.restaurant_id));
      const targets = copyTargets([...new Set(sources.map((s) => s.period_date))], input.to_date, input.period_date_from);
      // Copies that would land before the earliest draft date are not made; if that leaves none, the copy is refused.
      if (sources.length && sources.every((s) => (targets.get(s.period_date) ?? earliest) < earliest)) {
        throw fieldError('to_date', draftTooEarlyMessage(earliest));
      }
      // A restaurant's copy is its own request: a draft open shift with no cost, whoever made the original.
      const rows = sources.flatMap((s) => {
        const date = targets.get(s.period_date);
        if (!date || date < earliest || facts.get(s.restaurant_id)?.status !== RESTAURANT_STATUS.active) return [];
        return [{
          restaurant_id: s.restaurant_id,
          driver_id: null,
          status: SHIFT_STATUS.draft,
          status_assigned: SHIFT_ASSIGNED.free,
          period_date: date,
          start_time: s.start_time,
          finish_time: s.finish_time,
          cost_per_hour: 0,
          cost_total: 0,
          cost_bonus: (FREE_SHIFT_BONUSES as readonly number[]).includes(Number(s.cost_bonus)) ? Number(s.cost_bonus) : 0,
          comment: s.comment,
          restaurateur_creator_id: account.id,
        }];
      });
      return rows.length ? insertShifts(trx, rows) : [];
    });
    const shifts = await loadShifts(app.db, { ids, restaurantIds: null, withDriver: true });
    await broadcastShifts(app, 'store', shifts);
    reply.status(201);
    return shifts;
  });

  app.post('/api/shift/moderateFree', {
    ...restaurants,
    schema: { summary: 'Send requested shifts to the office', body: moderateSchema, response: { 200: RESPONSES.shifts } },
  }, async (request): Promise<ShiftRecord[]> => {
    const input = moderateSchema.parse(request.body ?? {});
    const account = request.account!;
    const own = restaurantIdsOf(account);
    const ids = await app.db.transaction().execute(async (trx) => {
      const rows = await lockShiftRows(trx, input.shift_ids);
      const mine = rows.filter((r) => own.has(r.restaurant_id));
      const worked = await shiftsWithTimesheet(trx, mine.map((r) => r.id));
      const found = new Set(mine.map((r) => r.id));
      const failures: BulkFailure[] = input.shift_ids.filter((id) => !found.has(id)).map((id) => ({ id, period_date: null, errors: { id: [SHIFT_MSG.notFound] } }));
      const drafts = mine.filter((r) =>
        canRestaurantPublish({ status: r.status, status_assigned: r.status_assigned, driver_id: r.driver_id, has_timesheet: worked.has(r.id), restaurant_made: r.restaurateur_creator_id !== null }),
      );
      if (failures.length) throw bulkRefused(SHIFT_MSG.notFound, failures);
      // Shifts already sent (or never drafts) are left as they are.
      if (!drafts.length) throw bulkRefused(SHIFT_MSG.noMoreToPublish, []);
      const ids = drafts.map((r) => r.id);
      await updateShifts(trx, ids, { status: SHIFT_STATUS.new, restaurateur_moderator_id: account.id });
      return ids;
    });
    const shifts = await loadShifts(app.db, { ids, restaurantIds: null, withDriver: true });
    await broadcastShifts(app, 'moderate', shifts);
    await alertModeration(app, shifts, await restaurantNames(app, shifts.map((s) => s.restaurant_id)));
    return shifts;
  });
}

async function restaurantNames(app: FastifyInstance, ids: number[]): Promise<Map<number, string>> {
  const facts = await loadRestaurants(app.db, ids);
  return new Map([...facts.values()].map((r) => [r.id, r.name]));
}
