import { AREA_CHANNEL } from '../../../domain/channels';
import { RULES } from '../../../domain/access';
import { answerList, idScope } from '../../lists';
import { managerAreaIds } from '../../auth/scope';
import { AREA_LIST } from '../../lists/area';
import { sql, type Kysely, type Transaction } from 'kysely';
import { ROLE } from '../../../domain/roles';
import {
  AREA_MSG,
  areaInUseMessage,
  areaNameTakenMessage,
  areaSchema,
  areaUpdateSchema,
  bodyId,
  type AreaInput,
  areaListQuerySchema,
} from '../../../domain/validation/area';
import { restaurantScope } from '../../plugins/auth';
import { badRequest, fieldError, notFound } from '../../plugins/errors';
import type { Database } from '../../db/schema';
import { areaAttachments, loadAreaNames, loadAreas } from '../../records/areas';
import type { AreaRecord } from '../../../domain/validation/area';
import { announceAccessChange } from '../../realtime/access';
import { checkVersion } from '../../services/versions';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import { pathId } from '../../params';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';


/**
 * The city must exist, and the name be free in it (case and spaces aside). Locks the city's row so two
 * administrators saving the same name at once cannot both pass the check.
 */
async function checkCityAndName(trx: Transaction<Database>, input: AreaInput, exceptAreaId?: number): Promise<void> {
  const city = await trx
    .selectFrom('cities')
    .select(['id', 'city_name'])
    .where('id', '=', input.city_id)
    .forUpdate()
    .executeTakeFirst();
  if (!city) throw fieldError('city_id', AREA_MSG.cityUnknown);
  const taken = await trx
    .selectFrom('areas')
    .select('id')
    .where('city_id', '=', city.id)
    .where(sql<string>`lower(name)`, '=', input.name.toLowerCase())
    .$if(exceptAreaId !== undefined, (q) => q.where('id', '!=', exceptAreaId!))
    .executeTakeFirst();
  if (taken) throw fieldError('name', areaNameTakenMessage(input.name, city.city_name));
}

async function areaById(db: Kysely<Database>, id: number): Promise<AreaRecord> {
  const [area] = await loadAreas(db, { areaIds: [id] });
  if (!area) throw notFound(AREA_MSG.notFound);
  return area;
}

const columns = (input: AreaInput) => ({
  name: input.name,
  city_id: input.city_id,
  standard_pay_rate: input.standardPayRate,
  weekend_pay_rate: input.weekendPayRate,
});

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
    const area = await app.db.transaction().execute(async (trx) => {
      await checkCityAndName(trx, input);
      const row = await trx.insertInto('areas').values(columns(input)).returning('id').executeTakeFirstOrThrow();
      return areaById(trx, row.id);
    });
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

    const { area, losers } = await app.db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('areas').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!exists) throw notFound(AREA_MSG.notFound);
      await checkVersion(trx, 'areas', id, input.updated_at);
      await checkCityAndName(trx, input, id);
      await trx
        .updateTable('areas')
        .set({ ...columns(input), updated_at: sql<string>`now()` })
        .where('id', '=', id)
        .execute();

      // Restaurants moved in from other areas: those areas changed too, and open screens must hear of it.
      let losers: number[] = [];
      const moving = input.restaurantsAssigned ?? [];
      if (moving.length) {
        const found = await trx.selectFrom('restaurants').select(['id', 'area_id']).where('id', 'in', moving).execute();
        if (found.length !== moving.length) throw fieldError('restaurantsAssigned', AREA_MSG.restaurantsUnknown);
        losers = [...new Set(found.map((r) => r.area_id).filter((a) => a !== id))];
        await trx
          .updateTable('restaurants')
          .set({ area_id: id, updated_at: sql<string>`now()` })
          .where('id', 'in', moving)
          .where('area_id', '!=', id)
          .execute();
      }
      return { area: await areaById(trx, id), losers: losers.length ? await loadAreas(trx, { areaIds: losers }) : [] };
    });
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
    const area = await app.db.transaction().execute(async (trx) => {
      // The row lock makes a restaurant or driver added meanwhile wait (its foreign key needs a share lock on
      // this row), so what we count is what we delete around.
      const row = await trx.selectFrom('areas').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(AREA_MSG.notFound);
      const inUse = areaInUseMessage(row.name, await areaAttachments(trx, id));
      if (inUse) throw badRequest({ id: [inUse] });
      const before = await areaById(trx, id);
      // Managers' area assignments and news-post targets go with it (on delete cascade).
      await trx.deleteFrom('areas').where('id', '=', id).execute();
      return before;
    });
    await app.broadcaster.publish({ channel: AREA_CHANNEL, event: 'destroy', items: [area] });
    await announceAccessChange(app, 'everyone');
    return reply.status(204).send();
  });
}
