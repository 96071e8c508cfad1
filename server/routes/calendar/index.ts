import type { FastifyRequest } from 'fastify';
import { CALENDAR_FEED_MSG } from '../../../domain/calendarFeeds';
import { londonToday } from '../../../domain/dates';
import { DRIVER_MSG } from '../../../domain/validation/driver';
import { notFound } from '../../plugins/errors';
import { feedOwner, feedState, issueFeed, revokeFeed, type FeedOwner } from '../../services/calendarFeeds/addresses';
import { feedContent } from '../../services/calendarFeeds/events';
import { icalendar } from '../../services/calendarFeeds/icalendar';
import { pathId } from '../../params';
import { existingDriverIds } from '../../records/drivers';
import { FILES, RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { fileParams, idParams } from '../../../domain/validation/pathParams';

/** `<token>.ics`, the token being 32 random bytes in base64url. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * Private calendar feeds (domain/calendarFeeds.ts). The feed itself is public by design (calendar apps cannot log
 * in): its long random token is the key, and an unknown, revoked or renewed token answers 404. The addresses are
 * made and revoked by administrators for a driver (from the driver's dialog), and by drivers and restaurant
 * accounts for themselves.
 */
export default async function calendarRoutes(app: RouteApp) {
  app.get('/api/calendar/:file', {
    schema: { summary: 'A private calendar feed ({token}.ics; no login, the token is the key)', params: fileParams, response: { 200: FILES.calendar } },
  }, async (request, reply) => {
    const token = FEED_FILE.exec(request.params.file)?.[1];
    const owner = token ? await feedOwner(app.db, token) : null;
    const content = owner ? await feedContent(app.db, owner, londonToday()) : null;
    if (!content) throw notFound(CALENDAR_FEED_MSG.notFound);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="shifts.ics"')
      .header('cache-control', 'no-store')
      .send(icalendar(content));
  });

  const ownFeed = (request: FastifyRequest): FeedOwner => {
    const account = request.account!;
    return { kind: account.kind === 'driver' ? 'driver' : 'restaurateur', id: account.id };
  };
  const own = { preHandler: app.access('driver', 'restaurant') };
  app.get('/api/calendar-feed/me', {
    ...own,
    schema: { summary: 'Whether the caller’s calendar address is live', response: { 200: RESPONSES.calendarFeed } },
  }, (request) => feedState(app.db, ownFeed(request)));
  app.post('/api/calendar-feed/me', {
    ...own,
    schema: { summary: 'Make or renew the caller’s calendar address', response: { 200: RESPONSES.calendarFeed } },
  }, (request) => issueFeed(app.db, ownFeed(request)));
  app.delete('/api/calendar-feed/me', {
    ...own,
    schema: { summary: 'Stop the caller’s calendar address', response: { 200: RESPONSES.calendarFeed } },
  }, (request) => revokeFeed(app.db, ownFeed(request)));

  const driverFeed = async (raw: string): Promise<FeedOwner> => {
    const id = pathId(raw, DRIVER_MSG.notFound);
    const [driver] = await existingDriverIds(app.db, [id]);
    if (driver === undefined) throw notFound(DRIVER_MSG.notFound);
    return { kind: 'driver', id };
  };
  const admins = { preHandler: app.access('administrator') };
  app.get('/api/calendar-feed/driver/:id', {
    ...admins,
    schema: { summary: 'Whether a driver’s calendar address is live', params: idParams, response: { 200: RESPONSES.calendarFeed } },
  }, async (request) => feedState(app.db, await driverFeed(request.params.id)));
  app.post('/api/calendar-feed/driver/:id', {
    ...admins,
    schema: { summary: 'Make or renew a driver’s calendar address', params: idParams, response: { 200: RESPONSES.calendarFeed } },
  }, async (request) => issueFeed(app.db, await driverFeed(request.params.id)));
  app.delete('/api/calendar-feed/driver/:id', {
    ...admins,
    schema: { summary: 'Stop a driver’s calendar address', params: idParams, response: { 200: RESPONSES.calendarFeed } },
  }, async (request) => revokeFeed(app.db, await driverFeed(request.params.id)));
}
