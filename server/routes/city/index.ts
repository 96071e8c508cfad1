import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * Cities for the area dialogs' city picker (spec 1, section 7: GET /api/city). Managers may read them too:
 * city names are not confidential and their screens show areas with their cities.
 */
export default async function cityRoutes(app: FastifyInstance) {
  app.get('/api/city', { preHandler: app.access('administrator', 'manager') }, async () =>
    app.db.selectFrom('cities').select(['id', 'city_name']).orderBy(sql`lower(city_name)`).orderBy('id').execute(),
  );
}
