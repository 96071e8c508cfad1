import { z } from 'zod';
import { ROLE } from '../../../domain/roles';
import { DRIVER_MSG } from '../../../domain/validation/driver';
import { managerAreaIds } from '../../auth/scope';
import { notFound } from '../../plugins/errors';
import { driverRecord } from '../../services/attendanceRecord';
import { pathId } from '../../params';
import { driverInScope } from '../../records/drivers';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

const driverRecordResponse = z.looseObject({
  from: z.string(),
  to: z.string(),
  late: z.number(),
  no_show: z.number(),
  average_minutes_late: z.number().nullable(),
});

/**
 * GET /api/driver/:id/attendance: the driver's last 90 days (today included): late starts, no-shows and the average
 * minutes late, for the profile. Administrators, and managers for the drivers they see (their areas' and those
 * with no area).
 */
export default async function driverAttendanceRoutes(app: RouteApp) {
  app.get('/api/driver/:id/attendance', {
    preHandler: app.access('administrator', 'manager'),
    schema: { summary: "A driver's last 90 days: late starts, no-shows, average minutes late", params: idParams, response: { 200: driverRecordResponse } },
  }, async (request) => {
    const id = pathId(request.params.id, DRIVER_MSG.notFound);
    const account = request.account!;
    const areaIds = account.kind === 'user' && account.role === ROLE.manager ? await managerAreaIds(app.db, account.id) : null;
    if (!(await driverInScope(app.db, id, areaIds))) throw notFound(DRIVER_MSG.notFound);
    return driverRecord(app.db, id);
  });
}
