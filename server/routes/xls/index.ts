import { restaurantScope } from '../../plugins/auth';
import { restaurantNameOf } from '../../records/restaurants';
import { fieldError, forbidden } from '../../plugins/errors';
import { sendFile, XLSX_TYPE } from '../../services/fileReply';
import { paymentsWorkbook } from '../../services/xls';
import { paymentRow, paymentsFileName } from '../../../domain/payments';
import { INVOICE_MSG, paymentsQuerySchema } from '../../../domain/validation/invoice';
import { paymentTimesheets } from '../../records/reports';
import { FILES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/**
 * GET /api/xls?period_date_from&period_date_to&restaurant_id?: the payments export (spec 2, section 2), a real .xlsx
 * named payments_{from}-{to}. Administrators and managers (their restaurants only); it carries drivers' bank
 * details, so restaurant accounts never get it.
 */
export default async function paymentsExportRoutes(app: RouteApp) {
  app.get('/api/xls', {
    preHandler: app.access('staff'),
    schema: { summary: 'Payments export', querystring: paymentsQuerySchema, response: { 200: FILES.xlsx } },
  }, async (request, reply) => {
    const q = paymentsQuerySchema.parse(request.query ?? {});
    const scope = await restaurantScope(app, request.account!);
    const restaurantId = q.restaurant_id ?? null;
    let restaurantName: string | null = null;
    if (restaurantId !== null) {
      const name = await restaurantNameOf(app.db, restaurantId);
      if (name === undefined) throw fieldError('restaurant_id', INVOICE_MSG.restaurantUnknown);
      if (scope !== null && !scope.includes(restaurantId)) throw forbidden();
      restaurantName = name;
    }
    const rows = (await paymentTimesheets(app.db, { from: q.period_date_from, to: q.period_date_to, scope, restaurantId })).map(paymentRow);
    const xlsx = await paymentsWorkbook({ from: q.period_date_from, to: q.period_date_to, restaurantName, rows });
    return sendFile(reply, xlsx, XLSX_TYPE, 'attachment', paymentsFileName(q.period_date_from, q.period_date_to));
  });
}
