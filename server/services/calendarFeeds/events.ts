import type { Kysely } from 'kysely';
import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK } from '../../../domain/calendarFeeds';
import { addDays } from '../../../domain/dates';
import { SHIFT_STATUS } from '../../../domain/statuses';
import type { Database } from '../../db/schema';
import type { FeedOwner } from './addresses';

/** One shift as a calendar event: only where, when and who; never costs, fees or comments. */
export interface FeedEvent {
  shiftId: number;
  date: string;
  start: string;
  finish: string;
  summary: string;
  location: string;
  /** confirmed: the shift stands; tentative: it has no driver yet; cancelled: the owner was taken off it. */
  state: 'confirmed' | 'tentative' | 'cancelled';
  updatedAt: string;
}

export interface FeedContent {
  name: string;
  events: FeedEvent[];
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const place = (address: string, postcode: string | null) => [address, postcode].filter(Boolean).join(', ');

/**
 * The published shifts an address shows, from four weeks back to twelve weeks ahead of `today`. A driver's feed has
 * the shifts they drive and, as cancelled events, those they were taken off (Cancel Shift records them in
 * `driver_id_canceled`), so a subscribed calendar strikes them out instead of silently dropping them. A restaurant
 * account's feed has every published shift of its restaurants, with the driver's name or as an open shift.
 */
export async function feedContent(db: Kysely<Database>, owner: FeedOwner, today: string): Promise<FeedContent | null> {
  const from = addDays(today, -CALENDAR_FEED_DAYS_BACK);
  const to = addDays(today, CALENDAR_FEED_DAYS_AHEAD);
  const shifts = db
    .selectFrom('shifts as s')
    .innerJoin('restaurants as r', 'r.id', 's.restaurant_id')
    .leftJoin('drivers as d', 'd.id', 's.driver_id')
    .select([
      's.id',
      's.period_date',
      's.start_time',
      's.finish_time',
      's.driver_id',
      's.updated_at',
      'r.name as restaurant',
      'r.address',
      'r.postcode',
      'd.first_name',
      'd.last_name',
    ])
    .where('s.status', '=', SHIFT_STATUS.published)
    .where('s.period_date', '>=', from)
    .where('s.period_date', '<=', to)
    .orderBy('s.period_date')
    .orderBy('s.start_time')
    .orderBy('s.id');

  if (owner.kind === 'driver') {
    const driver = await db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', owner.id).executeTakeFirst();
    if (!driver) return null;
    const rows = await shifts.where((eb) => eb.or([eb('s.driver_id', '=', owner.id), eb('s.driver_id_canceled', '=', owner.id)])).execute();
    return {
      name: `Shifts of ${fullName(driver.first_name, driver.last_name)}`,
      events: rows.map((row) => {
        const cancelled = row.driver_id !== owner.id;
        return {
          shiftId: row.id,
          date: row.period_date,
          start: row.start_time,
          finish: row.finish_time,
          summary: `${cancelled ? 'Cancelled: shift' : 'Shift'} at ${row.restaurant}`,
          location: place(row.address, row.postcode),
          state: cancelled ? 'cancelled' : 'confirmed',
          updatedAt: row.updated_at,
        };
      }),
    };
  }

  const account = await db.selectFrom('restaurateurs').select('name').where('id', '=', owner.id).executeTakeFirst();
  if (!account) return null;
  const rows = await shifts.where('r.restaurateur_id', '=', owner.id).execute();
  const restaurants = new Set(rows.map((row) => row.restaurant));
  return {
    name: `Shifts at ${account.name || [...restaurants].join(', ') || 'your restaurants'}`,
    events: rows.map((row) => ({
      shiftId: row.id,
      date: row.period_date,
      start: row.start_time,
      finish: row.finish_time,
      summary: `${row.restaurant}: ${row.driver_id ? fullName(row.first_name, row.last_name) : 'open shift'}`,
      location: place(row.address, row.postcode),
      state: row.driver_id ? 'confirmed' : 'tentative',
      updatedAt: row.updated_at,
    })),
  };
}

