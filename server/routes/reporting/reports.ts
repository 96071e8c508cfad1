import type { FastifyInstance } from 'fastify';
import { reportDefinition, type ReportKind } from '../../../domain/reports';
import { reportFilter, reportingRows } from './reportQuery';
import lateNoShowRoutes from './lateNoShows';

/**
 * The reports of the reporting screen (spec 2, sections 2 'Reporting' and 7), for administrators and managers
 * (within their restaurants): GET /api/reporting/shiftsCancelled, /extraRequest and /chargeRemoved, each for
 * period_date_from..period_date_to (at most 31 days). The fourth report, GET /api/timesheet/inactiveFee, is in
 * inactiveFee.ts; writing reporting records (POST /api/reporting/create) lives beside these, in its own plugin.
 */
export default async function reportingReadRoutes(app: FastifyInstance) {
  const staff = { preHandler: app.access('staff') };

  for (const kind of ['shiftsCancelled', 'extraRequest', 'chargeRemoved'] as const satisfies readonly ReportKind[]) {
    const report = reportDefinition(kind);
    app.get(report.path, staff, async (request) => reportingRows(app.db, await reportFilter(app, request), report.events));
  }
  await app.register(lateNoShowRoutes);
}
