import { reportDefinition } from '../../../domain/reports';
import { periodQuerySchema } from '../../../domain/validation/period';
import { RESPONSES } from '../../../domain/validation/responses';
import { reportFilter } from './reportQuery';
import { inactiveFeeRows } from '../../records/reports';
import type { RouteApp } from '../../routeSchema';

/**
 * GET /api/timesheet/inactiveFee?period_date_from&period_date_to: the reporting screen's 'Drivers Inactive with
 * Cancellation Fee' (spec 2, section 7). A timesheet report, kept with the other reports rather than with the
 * timesheet calls; administrators and managers (within their restaurants).
 */
export default async function inactiveFeeRoutes(app: RouteApp) {
  app.get(reportDefinition('inactiveFee').path, {
    preHandler: app.access('staff'),
    schema: { summary: 'Report: drivers inactive with a cancellation fee', querystring: periodQuerySchema, response: { 200: RESPONSES.reportLines } },
  }, async (request) =>
    inactiveFeeRows(app.db, await reportFilter(app, request)),
  );
}
