import type { FastifyRequest } from 'fastify';
import { londonToday } from '../../../domain/dates';
import { removeRefusal } from '../../../domain/timesheets';
import {
  APPROVE_LIST_MAX,
  TIMESHEET_MSG,
  bodyTimesheetId,
  timesheetRangeSchema,
  timesheetSchema,
} from '../../../domain/validation/timesheet';
import { fieldErrors } from '../../../domain/validation/auth';
import { restaurantScope } from '../../plugins/auth';
import { viewerOf } from '../../plugins/visibility';
import { hiddenFields } from '../../visibility/present';
import { DayListCache } from '../../services/dayLists';
import { sendList } from '../../services/jsonList';
import { badRequest, fieldError, HttpError, notFound } from '../../plugins/errors';
import { loadPayOptions } from '../../records/payOptions';
import type { PlanContext } from '../../records/timesheetPlan';
import { LIST_SECTIONS, timesheetDayTexts, timesheetViews, type TimesheetView } from '../../records/timesheetViews';
import { writeTimesheets, type WriteItem } from './write';
import { deleteTimesheet, timesheetForRemoval } from '../../records/timesheets';

import { TIMESHEET_CHANNEL } from '../../../domain/channels';
import { RULES } from '../../../domain/access';
import type { RecordConflict } from '../../../domain/versions';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import { approveBody } from '../../../domain/validation/apiShapes';
import { pathId } from '../../params';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

const schema = timesheetSchema();

/** Removal of a placeholder (id ≤ 0) has its own message in the spec (section 8). */
function removalId(raw: string): number {
  if (/^-?\d+$/.test(raw) && Number(raw) <= 0) throw fieldError('id', TIMESHEET_MSG.cantRemovePlaceholder);
  return pathId(raw, TIMESHEET_MSG.notFound);
}

/** The approve call takes the list itself, or `{ timesheets: [...] }`. */
function approveList(body: unknown): unknown[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { timesheets?: unknown }).timesheets : undefined;
  if (!Array.isArray(list) || list.length === 0) throw fieldError('timesheets', TIMESHEET_MSG.listRequired);
  if (list.length > APPROVE_LIST_MAX) throw fieldError('timesheets', TIMESHEET_MSG.listTooLong);
  return list;
}

/**
 * Timesheets (spec 3, section 7 'Timesheets'). Administrators and managers (within their restaurants) read,
 * create, edit, approve, discard and unapprove; restaurant accounts read their own restaurants' timesheets;
 * administrators remove. The server prices every write itself and allows only the transitions of section 4.2.
 */
export default async function timesheetRoutes(app: RouteApp) {
  const readers = { preHandler: app.access('staff', 'restaurant'), config: { shows: 'timesheet' as const } };
  const staff = { preHandler: app.access('staff'), config: { shows: 'timesheet' as const } };
  const admins = { preHandler: app.access(...RULES.timesheet.delete) };
  // A few months of lists: office staff go back and forth between the same weeks and months.
  const lists = new DayListCache(64 * 1024 * 1024, LIST_SECTIONS);

  async function context(request: FastifyRequest): Promise<PlanContext> {
    const account = request.account!;
    const [scope, pay] = await Promise.all([restaurantScope(app, account), loadPayOptions(app.db)]);
    return { scope, pay, today: londonToday(), userId: account.kind === 'user' ? account.id : null };
  }

  /** One write through the batch path: refused answers its status and message, saved answers the view. */
  async function writeOne(request: FastifyRequest, item: WriteItem): Promise<TimesheetView> {
    const ctx = await context(request);
    const view = await app.db.transaction().execute(async (trx) => {
      const { saved, failed } = await writeTimesheets(trx, [item], ctx);
      const refusal = failed[0]?.refusal;
      if (refusal) throw new HttpError(refusal.statusCode, refusal.conflict ? { ...refusal.conflict } : refusal.errors);
      return (await timesheetViews(trx, [saved[0].id], ctx.pay))[0];
    });
    return view;
  }

  app.get('/api/timesheet', {
    ...readers,
    schema: { summary: 'Timesheets of a range', querystring: timesheetRangeSchema, response: { 200: RESPONSES.timesheets } },
  }, async (request, reply) => {
    const query = timesheetRangeSchema.parse(request.query ?? {});
    const ctx = await context(request);
    const forRestaurant = request.account!.kind === 'restaurateur';
    const filter = { from: query.period_date_from, to: query.period_date_to, scope: ctx.scope, workedOnly: forRestaurant };
    const options = { ...ctx.pay, forReports: query.for_reports, hidden: hiddenFields('timesheet', viewerOf(app, request).audience) };
    // The rates the list is priced with are part of its key: options are not counted as changes (migration 0003).
    const key = JSON.stringify([filter, options]);
    const list = await lists.get(app.db, key, filter, (days) => timesheetDayTexts(app.db, filter, options, days));
    return sendList(request, reply, list);
  });

  /** One saved timesheet as the list shows it (a form reloading it after a conflict). */
  app.get('/api/timesheet/:id', {
    ...staff,
    schema: { summary: 'One saved timesheet, as the list shows it', params: idParams, response: { 200: RESPONSES.timesheet } },
  }, async (request) => {
    const id = pathId(request.params.id, TIMESHEET_MSG.notFound);
    const ctx = await context(request);
    const [view] = await timesheetViews(app.db, [id], ctx.pay);
    if (!view || (ctx.scope !== null && !ctx.scope.includes(view.restaurant_id))) throw notFound(TIMESHEET_MSG.notFound);
    return view;
  });

  app.post('/api/timesheet', {
    ...staff,
    schema: { summary: 'Add a timesheet', body: schema, response: { 201: RESPONSES.timesheet } },
  }, async (request, reply) => {
    const input = schema.parse(request.body ?? {});
    const view = await writeOne(request, { input, request: {} });
    await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'store', items: [view] });
    reply.status(201);
    return view;
  });

  app.put('/api/timesheet/:id', {
    ...staff,
    schema: { summary: 'Change a timesheet', params: idParams, body: schema, response: { 200: RESPONSES.timesheet }, versioned: true },
  }, async (request) => {
    const id = pathId(request.params.id, TIMESHEET_MSG.notFound);
    const input = schema.parse(request.body ?? {});
    const claimed = bodyTimesheetId(input.id);
    if (claimed !== null && claimed !== id) throw fieldError('id', TIMESHEET_MSG.idMismatch);
    const view = await writeOne(request, { input, request: { id } });
    await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'update', items: [view] });
    return view;
  });

  app.delete('/api/timesheet/:id', {
    ...admins,
    schema: { summary: 'Remove a timesheet', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const id = removalId(request.params.id);
    const ctx = await context(request);
    const removed = await app.db.transaction().execute(async (trx) => {
      const row = await timesheetForRemoval(trx, id);
      if (!row) throw notFound(TIMESHEET_MSG.notFound);
      const refusal = removeRefusal(row);
      if (refusal) throw badRequest({ id: [refusal] });
      const [view] = await timesheetViews(trx, [id], ctx.pay);
      await deleteTimesheet(trx, row);
      return view;
    });
    await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'destroy', items: [removed] });
    return reply.status(204).send();
  });

  /**
   * Approves a list (the Approve button sends one, Approve All many). Each item is checked on its own: those
   * refused come back in `fail` with the item as sent (`data`) and `errors`, the others are approved together. An
   * item sent with the version it was loaded with (the form's Approve) is refused when the timesheet changed since,
   * its `errors` saying so under `updated_at` and its `conflict` who changed it and when.
   */
  app.post('/api/timesheet/approve', {
    ...staff,
    schema: {
      summary: 'Approve timesheets: the approved in data, each refused item in fail (the item as sent in data, its messages in errors)',
      body: approveBody,
      response: { 200: RESPONSES.approval },
    },
  }, async (request) => {
    const list = approveList(request.body);
    const fail: { index: number; errors: Record<string, string[]>; conflict?: RecordConflict['conflict'] }[] = [];
    const valid: { item: WriteItem; index: number }[] = [];
    list.forEach((raw, index) => {
      const parsed = schema.safeParse(raw ?? {});
      if (!parsed.success) return fail.push({ index, errors: fieldErrors(parsed.error) });
      const id = bodyTimesheetId(parsed.data.id);
      if (Number.isNaN(id)) return fail.push({ index, errors: { id: [TIMESHEET_MSG.idInvalid] } });
      valid.push({ index, item: { input: parsed.data, request: { approve: true, ...(id === null ? {} : { id }) } } });
    });
    const ctx = await context(request);
    const approved = await app.db.transaction().execute(async (trx) => {
      const { saved, failed } = await writeTimesheets(trx, valid.map((v) => v.item), ctx);
      for (const f of failed) {
        fail.push({ index: valid[f.index].index, errors: f.refusal.errors, ...(f.refusal.conflict ? { conflict: f.refusal.conflict.conflict } : {}) });
      }
      return timesheetViews(trx, saved.map((s) => s.id), ctx.pay);
    });
    if (approved.length) await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'approve', items: approved });
    fail.sort((a, b) => a.index - b.index);
    return { data: approved, fail: fail.map((f) => ({ data: list[f.index], errors: f.errors, ...(f.conflict ? { conflict: f.conflict } : {}) })) };
  });
}
