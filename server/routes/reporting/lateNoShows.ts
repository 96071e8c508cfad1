import { periodQuerySchema } from '../../../domain/validation/period';
import { z } from 'zod';
import { byWorst, LATE_REPORT, type LateLine, type LateReport } from '../../../domain/lateNoShows';
import { datesOf } from '../../../domain/ranges';
import { loadAttendanceEvents, summarise, type AttendanceEvent } from '../../services/attendanceRecord';
import { reportFilter } from './reportQuery';
import type { RouteApp } from '../../routeSchema';

const line = z.looseObject({ id: z.number(), name: z.string(), late: z.number(), no_show: z.number(), minutes_late: z.number() });
const lateReportResponse = z.looseObject({
  from: z.string(),
  to: z.string(),
  by_driver: z.array(line),
  by_restaurant: z.array(line),
  by_day: z.array(z.looseObject({ date: z.string(), late: z.number(), no_show: z.number() })),
});

function linesBy(events: readonly AttendanceEvent[], key: (e: AttendanceEvent) => [number, string]): LateLine[] {
  const groups = new Map<number, { name: string; events: AttendanceEvent[] }>();
  for (const e of events) {
    const [id, name] = key(e);
    const group = groups.get(id);
    if (group) group.events.push(e);
    else groups.set(id, { name, events: [e] });
  }
  return [...groups].map(([id, g]) => ({ id, name: g.name, ...summarise(g.events) })).sort(byWorst);
}

/**
 * GET /api/reporting/lateNoShows?period_date_from&period_date_to: the 'Late and no-shows' report (at most 31 days),
 * by driver, by restaurant and by day; administrators everywhere, managers within their restaurants.
 */
export default async function lateNoShowRoutes(app: RouteApp) {
  app.get(LATE_REPORT.path, {
    preHandler: app.access('staff'),
    schema: { summary: 'Report: late starts and no-shows by driver, restaurant and day', querystring: periodQuerySchema, response: { 200: lateReportResponse } },
  }, async (request): Promise<LateReport> => {
    const filter = await reportFilter(app, request);
    const events = await loadAttendanceEvents(app.db, filter, { restaurantIds: filter.scope });
    const days = new Map(datesOf(filter).map((date) => [date, { date, late: 0, no_show: 0 }]));
    for (const e of events) {
      const day = days.get(e.period_date);
      if (day && e.kind === 'noShow') day.no_show++;
      else if (day) day.late++;
    }
    return {
      from: filter.from,
      to: filter.to,
      by_driver: linesBy(events, (e) => [e.driver_id, e.driver_name]),
      by_restaurant: linesBy(events, (e) => [e.restaurant_id, e.restaurant_name]),
      by_day: [...days.values()],
    };
  });
}
