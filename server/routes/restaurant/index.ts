import type { FastifyInstance } from 'fastify';
import { readRestaurantStatus } from '../../../domain/validation/restaurant';
import { restaurantScope } from '../../plugins/auth';
import { loadRestaurants } from './query';

export const RESTAURANT_CHANNEL = 'restaurant_channel';

/**
 * Restaurants (spec 2, sections 2-7). Administrators manage them; managers read those of their scope and
 * restaurant accounts their own (read-only), since their schedule, timesheet and invoice screens pick from them.
 */
export default async function restaurantRoutes(app: FastifyInstance) {
  const readers = { preHandler: app.access('administrator', 'manager', 'restaurant') };

  app.get<{ Querystring: { status?: string } }>('/api/restaurant', readers, async (request) => {
    const ids = await restaurantScope(app, request.account!);
    return loadRestaurants(app.db, { status: readRestaurantStatus(request.query.status), ids });
  });
}
