import { z } from 'zod';
import { shiftQuerySchema } from '../../../domain/validation/shift';
import { isId } from '../../../domain/validation/ids';
import { restaurantScope } from '../../plugins/auth';
import { viewerOf } from '../../plugins/visibility';
import { present } from '../../visibility/present';
import { DayListCache, dayText, groupByDay, type DayTexts } from '../../services/dayLists';
import { sendList } from '../../services/jsonList';
import { blocksText, blockText } from '../../../domain/rowBlocks';
import attendanceRoutes from './attendance';
import bulkShiftRoutes from './bulk';
import copyShiftRoutes from './copyRoute';
import coverShiftRoutes from './cover';
import fillShiftRoutes from './fill';
import freeShiftRoutes from './free';
import singleShiftRoutes from './single';
import { loadShifts, type ShiftFilter } from '../../records/shifts';
import type { ShiftRecord } from '../../../domain/shifts';
import { RESPONSES } from '../../../domain/validation/responses';
import { shiftsQuery } from '../../../domain/validation/apiShapes';
import type { RouteApp } from '../../routeSchema';

/** ?shift_ids=1,2,3 narrows the range to the shifts a live-feed message named. */
const shiftIdsQuery = z.unknown().transform((value): number[] | undefined => {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  return [...new Set(value.split(',').map(Number).filter(isId))].slice(0, 5000);
});

/**
 * The shift calls of spec 3, section 7. GET answers the shifts of a range of at most 31 days: every restaurant
 * for administrators, a manager's restaurants, a restaurant account's own; each shift (and its embedded timesheet)
 * cut by the field table (server/visibility), so restaurant accounts never see the cancellation fee.
 */
export default async function shiftRoutes(app: RouteApp) {
  // The board's weeks and months, kept by day: a change builds again only the days it touched. Room for a Month of
  // every location at a few hundred restaurants (some 13 MB) with the months either side, which the board warms.
  const lists = new DayListCache(48 * 1024 * 1024, 1);

  app.get('/api/shift', {
    preHandler: app.access('staff', 'restaurant'),
    config: { shows: 'shift' },
    schema: { summary: 'Shifts of a range (at most 31 days)', querystring: shiftsQuery, response: { 200: z.union([RESPONSES.shifts, RESPONSES.shiftBlocks]) } },
  }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { range, withTimesheet, withDriver, filterDraft, compact } = shiftQuerySchema.parse(query);
    const ids = shiftIdsQuery.parse(query.shift_ids);
    const viewer = viewerOf(app, request);
    const filter: ShiftFilter = {
      range,
      ids,
      restaurantIds: await restaurantScope(app, request.account!),
      withTimesheet,
      withDriver,
      filterDraft,
    };
    const shown = async (f: ShiftFilter) => present('shift', await loadShifts(app.db, f), viewer) as ShiftRecord[];
    // A live-feed message's few shifts are cheap and rarely asked twice: only ranges are kept.
    if (ids || !range) {
      const shifts = await shown(filter);
      return reply.type('application/json; charset=utf-8').send(compact ? blocksText(shifts) : JSON.stringify(shifts));
    }
    // Compact, each day is one block of the list; otherwise the day's shifts are elements of the list.
    const text = compact ? blockText : dayText;
    const build = async (days: string[] | null): Promise<DayTexts> => {
      const byDay = groupByDay(await shown(days ? { ...filter, days } : filter));
      return new Map([...byDay].map(([day, shifts]) => [day, [text(shifts)]]));
    };
    return sendList(request, reply, await lists.get(app.db, JSON.stringify([filter, viewer.audience, compact]), range, build));
  });

  await app.register(attendanceRoutes);
  await app.register(singleShiftRoutes);
  await app.register(bulkShiftRoutes);
  await app.register(copyShiftRoutes);
  await app.register(freeShiftRoutes);
  await app.register(fillShiftRoutes);
  await app.register(coverShiftRoutes);
}
