import { insertShifts } from '../../records/shiftWrites';
import { RESTAURANT_STATUS, SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../domain/statuses';
import { copySchema } from '../../../domain/validation/shift';
import type { ShiftRecord } from '../../../domain/shifts';
import { DriverChecks } from './checks';
import { priceFor } from './common';
import { inScope, scopeOf, staffId } from '../../plugins/auth';
import { copyTargets } from './copy';
import { loadDrivers, loadFuelRates, loadPublishedShifts, loadRestaurants, shiftRowsInDateOrder, spanOf } from '../../records/shiftFacts';
import { broadcastShifts } from '../../services/shiftNotify';
import { loadShifts } from '../../records/shifts';
import { guardWorkingTime } from './workingTimeGuard';
import { workingTimeConfirmed } from '../../../domain/workingTime';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/**
 * POST /api/shift/copyshifts (spec 3, sections 2.1 and 4.1): copies of the given shifts in the range starting at
 * to_date, unpublished, priced for their new dates. A copy keeps its driver only when the driver can take it on
 * the new date (active, works there, available, no published shift at that time); otherwise it is an open shift.
 * Drafts (the restaurants' own) and shifts of inactive restaurants are not copied. Copies whose kept drivers
 * would break a working-time rule answer 409 with the warnings until the call confirms them.
 */
export default async function copyShiftRoutes(app: RouteApp) {
  app.post('/api/shift/copyshifts', {
    preHandler: app.access('staff'),
    schema: { summary: 'Copy shifts to other days', body: copySchema, response: { 201: RESPONSES.shifts } },
  }, async (request, reply): Promise<ShiftRecord[]> => {
    const input = copySchema.parse(request.body ?? {});
    const account = request.account!;
    const scope = await scopeOf(app, account);
    const ids = await app.db.transaction().execute(async (trx) => {
      const sources = (
        await shiftRowsInDateOrder(trx, input.shift_ids)
      ).filter((s) => inScope(scope, s.restaurant_id) && s.status !== SHIFT_STATUS.draft);
      const targets = copyTargets([...new Set(sources.map((s) => s.period_date))], input.to_date, input.period_date_from);
      const planned = sources.flatMap((s) => {
        const date = targets.get(s.period_date);
        return date ? [{ source: s, date }] : [];
      });
      if (!planned.length) return [];

      const restaurants = await loadRestaurants(trx, planned.map((p) => p.source.restaurant_id));
      const active = planned.filter((p) => restaurants.get(p.source.restaurant_id)?.status === RESTAURANT_STATUS.active);
      if (!active.length) return [];
      const range = spanOf(active.map((p) => p.date));
      const driverIds = active.flatMap((p) => (p.source.driver_id ? [p.source.driver_id] : []));
      const checks = new DriverChecks(
        await loadDrivers(trx, driverIds, range, { lock: true }),
        restaurants,
        await loadPublishedShifts(trx, driverIds, range),
      );
      const fuelRates = await loadFuelRates(trx);
      const rows = active.map(({ source: s, date }) => {
        const copy = { ...s, id: null, period_date: date, status: SHIFT_STATUS.new };
        const driverId = s.driver_id && checks.canKeepDriver(copy) ? s.driver_id : null;
        const price = priceFor(restaurants.get(s.restaurant_id)!, { ...copy, cost_bonus: Number(s.cost_bonus) }, fuelRates);
        return {
          restaurant_id: s.restaurant_id,
          driver_id: driverId,
          status: SHIFT_STATUS.new,
          status_assigned: driverId ? SHIFT_ASSIGNED.assigned : SHIFT_ASSIGNED.free,
          period_date: date,
          start_time: s.start_time,
          finish_time: s.finish_time,
          ...price,
          cost_bonus: s.cost_bonus,
          cost_extra_bonus: s.cost_extra_bonus,
          extra_request: s.extra_request,
          fuel_bonus_0: s.fuel_bonus_0,
          fuel_bonus_3: s.fuel_bonus_3,
          fuel_bonus_6: s.fuel_bonus_6,
          comment: s.comment,
          creator_id: staffId(account),
        };
      });
      await guardWorkingTime(trx, rows.map((r) => ({ ...r, id: null })), workingTimeConfirmed(request.body));
      return insertShifts(trx, rows);
    });
    const shifts = await loadShifts(app.db, { ids, restaurantIds: null, withDriver: true });
    await broadcastShifts(app, 'store', shifts);
    reply.status(201);
    return shifts;
  });
}
