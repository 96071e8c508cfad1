import { restaurantScope } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { HISTORY_MSG } from '../../../domain/history';
import { historyFilterSchema, historyRangeSchema, isActionId, actionParamsSchema } from '../../../domain/validation/history';
import { isUniqueViolation } from '../../db/errors';
import { HISTORY_COUNT_CAP, historyPage } from '../../history/list';
import { undoAction } from '../../history/undo';
import { restoreRecord } from '../../history/restore';
import { broadcastTouched } from '../../history/broadcast';
import type { Entry } from '../../history/apply';
import { pathId } from '../../params';
import { RULES } from '../../../domain/access';
import { LIST_MSG, listQuerySchema } from '../../../domain/validation/listQuery';
import { RESPONSES } from '../../../domain/validation/responses';
import { historyQuery } from '../../../domain/validation/apiShapes';
import type { RouteApp } from '../../routeSchema';
import { entryIdParams } from '../../../domain/validation/pathParams';

/** The one field the History list sorts by: when the action was made. */
const HISTORY_SORTS = ['at'];

function readJson(raw: unknown, fallback: unknown): unknown {
  if (typeof raw !== 'string') return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A write that would bring back a row clashing with one made since (an e-mail taken again, a link re-made). */
async function guarded(run: () => Promise<Entry[]>): Promise<Entry[]> {
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (isUniqueViolation(error) || code === '23503') throw badRequest({ action: [HISTORY_MSG.clash] });
    throw error;
  }
}

/**
 * History of changes: the list of actions (administrators everything, managers their restaurants'), Undo of an
 * action by its id (the id of the request that made it) and Restore of a deleted record.
 */
export default async function historyRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  app.get('/api/history', {
    ...staff,
    schema: {
      summary: 'History of changes (actions with their records’ fields before and after)',
      querystring: historyQuery,
      response: { 200: RESPONSES.history },
    },
  }, async (request, reply) => {
    const filter = historyFilterSchema.safeParse(readJson(request.query.filter, {}));
    if (!filter.success) throw badRequest({ filter: [HISTORY_MSG.badFilter] });
    const range = historyRangeSchema.safeParse(readJson(request.query.range, [0, 24]));
    if (!range.success) throw badRequest({ range: [HISTORY_MSG.badFilter] });
    const [first, last] = range.data;
    const sort = listQuerySchema.shape.sort.safeParse(request.query.sort);
    if (!sort.success || (sort.data && !HISTORY_SORTS.includes(sort.data[0]))) throw badRequest({ sort: [LIST_MSG.sort] });
    const direction = sort.data?.[1] ?? 'DESC';
    const page = await historyPage(app.db, filter.data, await restaurantScope(app, request.account!), first, last, direction);
    // Past the cap the total is not counted: 'history 0-24/10000+' says there are more.
    reply.header('Content-Range', `history ${first}-${first + Math.max(page.rows.length - 1, 0)}/${page.total ?? `${HISTORY_COUNT_CAP}+`}`);
    return page.rows;
  });

  app.post('/api/history/:id/undo', {
    ...staff,
    schema: {
      summary: 'Undo an action',
      params: actionParamsSchema,
      response: { 200: RESPONSES.undo },
    },
  }, async (request) => {
    if (!isActionId(request.params.id)) throw notFound(HISTORY_MSG.actionNotFound);
    const touched = await guarded(() => undoAction(app, request, request.params.id));
    await broadcastTouched(app, touched);
    return { id: request.id, undone: request.params.id, records: touched.length };
  });

  app.post('/api/history/restore/:entryId', {
    preHandler: app.access(...RULES.history.restore),
    schema: { summary: 'Restore a deleted record', params: entryIdParams, response: { 200: RESPONSES.undo } },
  }, async (request) => {
    const entryId = pathId(request.params.entryId, HISTORY_MSG.entryNotFound);
    const touched = await guarded(() => restoreRecord(app, entryId));
    await broadcastTouched(app, touched);
    return { id: request.id, records: touched.length };
  });
}
