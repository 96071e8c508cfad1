import { reportDefinition, type ReportKind } from '../../../domain/reports';
import { periodQuerySchema } from '../../../domain/validation/period';
import { RESPONSES } from '../../../domain/validation/responses';
import { reportFilter } from './reportQuery';
import { reportingRows } from '../../records/reports';
import lateNoShowRoutes from './lateNoShows';
import type { RouteApp } from '../../routeSchema';

/**
 * The reports of the reporting screen (spec 2, sections 2 'Reporting' and 7), for administrators and managers
 * (within their restaurants): GET /api/reporting/shiftsCancelled, /extraRequest and /chargeRemoved, each for
 * period_date_from..period_date_to (at most 31 days). The fourth report, GET /api/timesheet/inactiveFee, is in
 * inactiveFee.ts; writing reporting records (POST /api/reporting/create) lives beside these, in its own plugin.
 */
const SUMMARIES = {
  shiftsCancelled: 'Report: shifts cancelled and bonuses added',
  extraRequest: 'Report: extra requests',
  chargeRemoved: 'Report: charges removed',
};

export default async function reportingReadRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  for (const kind of ['shiftsCancelled', 'extraRequest', 'chargeRemoved'] as const satisfies readonly ReportKind[]) {
    const report = reportDefinition(kind);
    app.get(report.path, { ...staff, schema: { summary: SUMMARIES[kind], querystring: periodQuerySchema, response: { 200: RESPONSES.reportLines } } }, async (request) => reportingRows(app.db, await reportFilter(app, request), report.events));
  }
  await app.register(lateNoShowRoutes);
}
