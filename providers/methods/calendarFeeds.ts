import type { CalendarFeedIssued, CalendarFeedState } from '../../domain/calendarFeeds';
import { httpClient } from '../httpClient';

/** Whose calendar address: a driver's (administrators, from the driver's dialog) or the signed-in account's own. */
export type CalendarFeedOwner = { kind: 'driver'; id: number } | { kind: 'me' };

const callUrl = (owner: CalendarFeedOwner) => (owner.kind === 'driver' ? `/api/calendar-feed/driver/${owner.id}` : '/api/calendar-feed/me');

/** The private calendar address's calls: read it, make or renew it (POST, answering the address once), stop it. */
export const calendarFeedMethods = {
  getCalendarFeed: (owner: CalendarFeedOwner) => httpClient<CalendarFeedState>(callUrl(owner)),
  issueCalendarFeed: (owner: CalendarFeedOwner) => httpClient<CalendarFeedIssued>(callUrl(owner), { method: 'POST' }),
  stopCalendarFeed: (owner: CalendarFeedOwner) => httpClient<CalendarFeedState>(callUrl(owner), { method: 'DELETE' }),
};
