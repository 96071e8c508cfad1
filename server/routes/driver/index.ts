import type { FastifyInstance } from 'fastify';
import { londonToday } from '../../../domain/dates';
import { readDriverFilter } from '../../../domain/driverFilters';
import { ROLE } from '../../../domain/roles';
import { loadDrivers } from './query';

export const DRIVER_CHANNEL = 'driver_channel';

/**
 * Drivers (spec 2, sections 2-7). Administrators manage them; managers read them, since the schedule and
 * timesheet screens assign drivers, but only the drivers of their areas (and those with no area at all).
 */
export default async function driverRoutes(app: FastifyInstance) {
  const readers = { preHandler: app.access('administrator', 'manager') };

  app.get<{ Querystring: { status?: string } }>('/api/driver', readers, async (request) => {
    const account = request.account!;
    const filter = readDriverFilter(request.query.status);
    let areaIds: number[] | undefined;
    if (account.kind === 'user' && account.role === ROLE.manager) {
      const own = await app.db.selectFrom('user_areas').select('area_id').where('user_id', '=', account.id).execute();
      areaIds = own.map((a) => a.area_id);
    }
    return loadDrivers(app.db, { filter, areaIds, today: londonToday() });
  });
}
