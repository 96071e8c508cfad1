import { citiesByIds, listCities } from '../../records/cities';
import { answerList } from '../../lists';
import { CITY_LIST } from '../../lists/city';
import { RESPONSES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import type { RouteApp } from '../../routeSchema';

/**
 * Cities for the area dialogs' city picker (spec 1, section 7: GET /api/city). Managers may read them too:
 * city names are not confidential and their screens show areas with their cities.
 */
export default async function cityRoutes(app: RouteApp) {
  app.get('/api/city', {
    preHandler: app.access('administrator', 'manager'),
    schema: { summary: 'Cities', querystring: listQuerySchema, response: { 200: RESPONSES.cities } },
  }, async (request, reply) =>
    answerList(app.db, request.query, reply, CITY_LIST, {
      plain: () => listCities(app.db),
      load: (ids) => citiesByIds(app.db, ids),
    }),
  );
}
