import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { answerList, containsPattern, type ListSpec } from '../../lists';
import { RESPONSES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';

/** The cities list in SQL: by name, searched by name. */
export const CITY_LIST: ListSpec<'cities'> = {
  resource: 'city',
  table: 'cities',
  sorts: { city_name: () => [sql`lower(cities.city_name)`], id: () => [] },
  defaultSort: ['city_name', 'ASC'],
  filters: { q: (value, eb) => eb(sql`lower(cities.city_name)`, 'like', containsPattern(value)) },
};

/**
 * Cities for the area dialogs' city picker (spec 1, section 7: GET /api/city). Managers may read them too:
 * city names are not confidential and their screens show areas with their cities.
 */
export default async function cityRoutes(app: FastifyInstance) {
  const cities = () => app.db.selectFrom('cities').select(['id', 'city_name']).orderBy(sql`lower(city_name)`).orderBy('id');
  app.get('/api/city', {
    preHandler: app.access('administrator', 'manager'),
    schema: { summary: 'Cities', querystring: listQuerySchema, response: { 200: RESPONSES.cities } },
  }, async (request, reply) =>
    answerList(app.db, request.query, reply, CITY_LIST, {
      plain: () => cities().execute(),
      load: (ids) => cities().where('id', 'in', ids).execute(),
    }),
  );
}
