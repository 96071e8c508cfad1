import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReportFilter } from '../../records/reports';
import { restaurantScope } from '../../plugins/auth';
import { periodQuerySchema } from '../../../domain/validation/period';

/** The period of a report call and the caller's restaurants. */
export async function reportFilter(app: FastifyInstance, request: FastifyRequest): Promise<ReportFilter> {
  const q = periodQuerySchema.parse(request.query ?? {});
  return { from: q.period_date_from, to: q.period_date_to, scope: await restaurantScope(app, request.account!) };
}
