import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { addDays, BUSINESS_TIME_ZONE } from '../../../domain/dates';
import type { FeedContent, FeedEvent } from './events';

const STATUS: Record<FeedEvent['state'], ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/** A wall-clock time in London (luxon resolves the clock changes), which ical-generator writes with TZID. */
const london = (date: string, hhmm: string) => DateTime.fromISO(`${date}T${hhmm}`, { zone: BUSINESS_TIME_ZONE });

/** Shift times are local; a finish before the start is the next day's (spec 3, section 9). */
function span(event: FeedEvent) {
  const start = london(event.date, event.start);
  const finish = event.finish > event.start ? london(event.date, event.finish) : london(addDays(event.date, 1), event.finish);
  return { start, end: finish };
}

/**
 * The feed as an iCalendar document (RFC 5545) in Europe/London time, with its VTIMEZONE so every client reads the
 * times the same. Each shift keeps one UID for its whole life, so a client that refreshes updates the event in
 * place, strikes out a cancelled one, and drops one no longer in the feed (unpublished or deleted).
 */
export function icalendar(content: FeedContent): string {
  const calendar = new ICalCalendar({
    name: content.name,
    prodId: { company: 'Driver Staffing Back-office', product: 'Shifts', language: 'EN' },
    timezone: { name: BUSINESS_TIME_ZONE, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  for (const event of content.events) {
    const updated = DateTime.fromISO(event.updatedAt, { zone: 'utc' });
    calendar.createEvent({
      id: `shift-${event.shiftId}@driver-staffing-backoffice`,
      ...span(event),
      timezone: BUSINESS_TIME_ZONE,
      summary: event.summary,
      location: event.location || null,
      status: STATUS[event.state],
      stamp: updated,
      lastModified: updated,
    });
  }
  return calendar.toString();
}
