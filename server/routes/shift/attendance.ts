import { attendanceQuerySchema, attendanceResponse } from '../../../domain/validation/shiftAttendance';
import { londonToday } from '../../../domain/dates';
import { restaurantScope } from '../../plugins/auth';
import { attendanceOfRow, loadAttendanceLimits, loadAttendanceRows } from '../../services/attendance';
import type { RouteApp } from '../../routeSchema';

/**
 * GET /api/shift/attendance?date=: the attendance of a day's published shifts with a driver, for the board to merge
 * into its chips. Only today has any (domain/attendance.ts); the board keeps the limits and the timesheet facts to
 * read the states again each minute itself. One statement for the shifts, one for the two options.
 */
export default async function attendanceRoutes(app: RouteApp) {
  app.get('/api/shift/attendance', {
    preHandler: app.access('staff', 'restaurant'),
    schema: {
      summary: "Attendance of today's shifts: late, no-show, started, finished",
      querystring: attendanceQuerySchema,
      response: { 200: attendanceResponse },
    },
  }, async (request) => {
    const now = new Date();
    const today = londonToday(now);
    const { date = today } = attendanceQuerySchema.parse(request.query ?? {});
    const limits = await loadAttendanceLimits(app.db);
    if (date !== today) return { date, limits, items: [] };
    const rows = await loadAttendanceRows(app.db, date, await restaurantScope(app, request.account!));
    return {
      date,
      limits,
      items: rows.map((row) => ({ shift_id: row.shift_id, sheet: row.sheet, covered_at: row.covered_at, attendance: attendanceOfRow(row, now, limits) })),
    };
  });
}
