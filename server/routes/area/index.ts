import { AREA_CHANNEL } from '../../../domain/channels';
import { RULES } from '../../../domain/access';
import { answerList, idScope } from '../../lists';
import { managerAreaIds } from '../../auth/scope';
import { AREA_LIST } from '../../lists/area';
import { ROLE } from '../../../domain/roles';
import { AREA_MSG, areaSchema, areaUpdateSchema, bodyId, areaListQuerySchema } from '../../../domain/validation/area';
import { restaurantScope } from '../../plugins/auth';
import { fieldError } from '../../plugins/errors';
import { deleteArea, insertArea, loadAreaNames, loadAreas, updateArea } from '../../records/areas';
import { announceAccessChange } from '../../realtime/access';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import { pathId } from '../../params';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

/**
 * Areas and their pay rates (spec 1, sections 2 'Areas' and 7). Administrators manage them; managers read their
 * own areas (with the restaurants of their scope), since their screens group restaurants by area.
 */
export default async function areaRoutes(app: RouteApp) {
  const readers = { preHandler: app.access(...RULES.areas.read), config: { shows: 'area' as const } };
  const admins = { preHandler: app.access(...RULES.areas.edit) };

  app.get('/api/area', {
    ...readers,
    schema: {
      summary: 'Areas with their restaurants (without them: ?restaurants=false)',
      querystring: listQuerySchema.extend(areaListQuerySchema.shape),
      response: { 200: RESPONSES.areas },
    },
  }, async (request, reply) => {
    const account = request.account!;
    const manager = account.kind === 'user' && account.role === ROLE.manager;
    const areaIds = manager ? await managerAreaIds(app.db, account.id) : undefined;
    const restaurantIds = manager ? await restaurantScope(app, account) : undefined;
    // ?restaurants=false: the names alone (a screen's filters and pickers), without the restaurants' query.
    const load = areaListQuerySchema.parse(request.query).restaurants === 'false' ? loadAreaNames : loadAreas;
    return answerList(app.db, request.query, reply, AREA_LIST, {
      plain: () => load(app.db, { areaIds, restaurantIds }),
      load: (ids) => load(app.db, { areaIds: ids, restaurantIds }),
      scope: idScope('areas.id', areaIds ?? null),
    });
  });

  app.post('/api/area', {
    ...admins,
    schema: { summary: 'Add an area', body: areaSchema, response: { 201: RESPONSES.area } },
  }, async (request, reply) => {
    const input = areaSchema.parse(request.body ?? {});
    const area = await app.db.transaction().execute((trx) => insertArea(trx, input));
    await app.broadcaster.publish({ channel: AREA_CHANNEL, event: 'store', items: [area] });
    reply.status(201);
    return area;
  });

  app.put('/api/area/:id', {
    ...admins,
    schema: { summary: 'Change an area', params: idParams, body: areaUpdateSchema, response: { 200: RESPONSES.area }, versioned: true },
  }, async (request) => {
    const id = pathId(request.params.id, AREA_MSG.notFound);
    const input = areaUpdateSchema.parse(request.body ?? {});
    const claimed = bodyId(input.id);
    if (claimed !== null && claimed !== id) throw fieldError('id', AREA_MSG.idMismatch);

    const { area, losers } = await app.db.transaction().execute((trx) => updateArea(trx, id, input));
    await app.broadcaster.publish({ channel: AREA_CHANNEL, event: 'update', items: [area, ...losers] });
    // Restaurants moved between areas change which managers reach them.
    if (losers.length) await announceAccessChange(app, 'everyone');
    return area;
  });

  app.delete('/api/area/:id', {
    ...admins,
    schema: { summary: 'Remove an area', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const id = pathId(request.params.id, AREA_MSG.notFound);
    const area = await app.db.transaction().execute((trx) => deleteArea(trx, id));
    await app.broadcaster.publish({ channel: AREA_CHANNEL, event: 'destroy', items: [area] });
    await announceAccessChange(app, 'everyone');
    return reply.status(204).send();
  });
}
