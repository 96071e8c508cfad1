import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { personNameOrNull } from '../../records/names';
import { restaurantScope } from '../../plugins/auth';
import { periodQuerySchema } from '../../../domain/validation/period';
import { DRIVER_STATUS } from '../../../domain/statuses';
import { sortReportRows, timesheetReportRow, type ReportRow } from '../../../domain/reports';

export interface ReportFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
}

/** The period of a report call and the caller's restaurants. */
export async function reportFilter(app: FastifyInstance, request: FastifyRequest): Promise<ReportFilter> {
  const q = periodQuerySchema.parse(request.query ?? {});
  return { from: q.period_date_from, to: q.period_date_to, scope: await restaurantScope(app, request.account!) };
}

/** Reporting records of some events in a range; the (period_date, event) index serves it. */
export async function reportingRows(db: Kysely<Database>, filter: ReportFilter, events: readonly number[]): Promise<ReportRow[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await db
    .selectFrom('reporting as r')
    .innerJoin('restaurants as rs', 'rs.id', 'r.restaurant_id')
    .leftJoin('drivers as d', 'd.id', 'r.driver_id')
    .leftJoin('users as u', 'u.id', 'r.moderator_id')
    .select([
      'r.id', 'r.shift_id', 'r.timesheet_id', 'r.period_date', 'r.cost', 'r.driver_id', 'r.restaurant_id', 'r.start_time', 'r.finish_time', 'r.created_at',
      'r.updated_at', 'r.comment_cancelled', 'r.moderator_id', 'r.cost_cover', 'r.amount_paid', 'r.amount_difference', 'r.event',
      'rs.name as restaurant_name', personNameOrNull('d').as('driver_name'), personNameOrNull('u').as('moderator_name'),
    ])
    .where('r.period_date', '>=', filter.from)
    .where('r.period_date', '<=', filter.to)
    .where('r.event', 'in', [...events])
    .$if(filter.scope !== null, (q) => q.where('r.restaurant_id', 'in', filter.scope!))
    .execute();
  return sortReportRows(rows.map(({ id, ...r }) => ({ key: `r${id}`, ...r })));
}

/**
 * 'Drivers Inactive with Cancellation Fee': timesheets of the range carrying a cancellation fee/bonus whose driver's
 * account is now inactive, so the fee can no longer be settled through their pay.
 */
export async function inactiveFeeRows(db: Kysely<Database>, filter: ReportFilter): Promise<ReportRow[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await db
    .selectFrom('timesheets as t')
    .innerJoin('drivers as d', 'd.id', 't.driver_id')
    .innerJoin('restaurants as rs', 'rs.id', 't.restaurant_id')
    .select([
      't.id', 't.shift_id', 't.modified_shift_id', 't.restaurant_id', 't.driver_id', 't.period_date', 't.start_time', 't.finish_time',
      't.cost_extra_bonus', 't.comment', 't.created_at', 't.updated_at', 'rs.name as restaurant_name', personNameOrNull('d').as('driver_name'),
    ])
    .where('t.period_date', '>=', filter.from)
    .where('t.period_date', '<=', filter.to)
    .where('t.cost_extra_bonus', '<>', 0)
    .where('d.status', '=', DRIVER_STATUS.inactive)
    .$if(filter.scope !== null, (q) => q.where('t.restaurant_id', 'in', filter.scope!))
    .execute();
  return sortReportRows(rows.map((t) => timesheetReportRow({ ...t, restaurant_name: t.restaurant_name })));
}
