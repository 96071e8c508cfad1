import type { FastifyInstance } from 'fastify';
import { londonToday } from '../../../domain/dates';
import { DRIVER_CHANNEL, RESTAURANT_CHANNEL } from '../../../domain/channels';
import type { ImportKind } from '../../../domain/validation/imports';
import type { ImportOutcome } from '../../services/imports/run';
import { loadDrivers } from '../../records/drivers';
import { loadRestaurants } from '../../records/restaurants';

/**
 * Tells open screens what a committed import wrote, as saving each record in its dialog would: the new records as
 * `store`, the changed ones as `update`, on the kind's channel (each audience hears only the rows it may see).
 * One message per event, whatever the number of rows: the lists refetch once.
 */
export async function announceImport(app: FastifyInstance, kind: ImportKind, written: ImportOutcome['written']): Promise<void> {
  const channel = kind === 'driver' ? DRIVER_CHANNEL : RESTAURANT_CHANNEL;
  const load = (ids: number[]) =>
    kind === 'driver' ? loadDrivers(app.db, { ids, today: londonToday() }) : loadRestaurants(app.db, { ids });
  for (const [event, ids] of [['store', written.created], ['update', written.updated]] as const) {
    if (ids.length) await app.broadcaster.publish({ channel, event, items: await load(ids) });
  }
}
