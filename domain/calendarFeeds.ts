/**
 * Private calendar addresses: a driver's or a restaurant account's published shifts as an iCalendar feed that
 * Google Calendar, Outlook and Apple Calendar subscribe to. The address carries a long random token; whoever has it
 * reads the feed without logging in, so it shows only what its owner may see and never costs or fees.
 */

export const CALENDAR_FEED_MSG = { notFound: 'Calendar not found' } as const;

/** How far the feed reaches around today, in days (four weeks back, twelve weeks ahead). */
export const CALENDAR_FEED_DAYS_BACK = 28;
export const CALENDAR_FEED_DAYS_AHEAD = 84;

/** The feed's path for a token (the server answers it; the screens put the site's origin in front). */
export function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}

/** What the screens show of an owner's address: whether one is live and since when (the token is shown only once). */
export interface CalendarFeedState {
  active: boolean;
  created_at: string | null;
}

/** The answer to making (or renewing) an address: the only time its token is told. */
export interface CalendarFeedIssued extends CalendarFeedState {
  path: string;
}
