import ICAL from 'ical.js';

/** One event of a parsed feed, with its times as instants (the feed's VTIMEZONE applied). */
export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  status: string | null;
  start: string;
  end: string;
  startZone: string;
}

/**
 * Parses an iCalendar document with ical.js (a parser independent of the library that wrote it) and reads its
 * events. Throws when the text is not iCalendar.
 */
export function parseCalendar(text: string): { name: string | null; timezones: string[]; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of timezones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: (event.location as string | null) || null,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startZone: String(component.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
    };
  });
  return {
    name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
    timezones: timezones.map((zone) => String(zone.getFirstPropertyValue('tzid'))),
    events,
  };
}
