import type { FastifyInstance } from 'fastify';
import { TIMESHEET_CHANNEL } from '../../domain/channels';
import { loadPayOptions } from '../records/payOptions';
import { timesheetViews } from '../records/timesheetViews';
import { broadcastShifts } from '../services/shiftNotify';
import type { Entry } from './apply';

const idsOf = (entries: readonly Entry[], table: string) => [...new Set(entries.filter((e) => e.table_name === table).map((e) => Number(e.record_id)))];

/**
 * Tells open screens about the shifts and timesheets an undo or a restore put back: each record as it is now,
 * or its removal when it no longer exists.
 */
export async function broadcastTouched(app: FastifyInstance, entries: readonly Entry[]): Promise<void> {
  const shiftIds = idsOf(entries, 'shifts');
  if (shiftIds.length) {
    const now = await app.db.selectFrom('shifts').select(['id', 'restaurant_id', 'period_date']).where('id', 'in', shiftIds).execute();
    const gone = shiftIds.filter((id) => !now.some((s) => s.id === id)).map((id) => shiftRefFrom(entries, id));
    await broadcastShifts(app, 'update', now);
    await broadcastShifts(app, 'destroy', gone);
  }
  const timesheetIds = idsOf(entries, 'timesheets');
  if (timesheetIds.length) {
    const views = await timesheetViews(app.db, timesheetIds, await loadPayOptions(app.db));
    if (views.length) await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'update', items: views });
    const gone = timesheetIds.filter((id) => !views.some((v) => v.id === id));
    const rows = gone.map((id) => {
      const row = entries.find((e) => e.table_name === 'timesheets' && Number(e.record_id) === id);
      return { id, restaurant_id: Number((row?.before ?? row?.after)?.restaurant_id) };
    });
    if (rows.length) await app.broadcaster.publish({ channel: TIMESHEET_CHANNEL, event: 'destroy', items: rows });
  }
}

function shiftRefFrom(entries: readonly Entry[], id: number) {
  const row = entries.filter((e) => e.table_name === 'shifts' && Number(e.record_id) === id).map((e) => ({ ...e.after, ...e.before }))[0] ?? {};
  return { id, restaurant_id: Number(row.restaurant_id), period_date: String(row.period_date) };
}

