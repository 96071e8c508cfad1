import { OWN_MSG } from '../domain/messages';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { DatabaseKind } from './db/connection';
import type { Broadcaster } from './realtime/broadcaster';
import { LocalBroadcaster } from './realtime/localBroadcaster';
import errorsPlugin from './plugins/errors';
import lifecyclePlugin from './plugins/lifecycle';
import inputGuardPlugin from './plugins/inputGuard';
import headersPlugin from './plugins/headers';
import authPlugin, { type AccessCheck } from './plugins/auth';
import type { RouteEntry } from './routeEntry';
import { declareRouteSchemas } from './routeSchema';
import { FILES } from '../domain/validation/responses';
import realtimePlugin from './plugins/realtime';
import visibilityPlugin from './plugins/visibility';
import documentsPlugin from './services/documents';
import healthRoutes from './routes/health';
import authRoutes from './routes/auth';
import alertRoutes from './routes/alert';
import mailPlugin from './services/mail';
import userRoutes from './routes/user';
import areaRoutes from './routes/area';
import cityRoutes from './routes/city';
import optionRoutes from './routes/option';
import driverMessageRoutes from './routes/driverMessage';
import shiftRoutes from './routes/shift';
import reportingRoutes from './routes/reporting';
import timesheetRoutes from './routes/timesheet';
import driverAppTimesheetRoutes from './routes/driverApp/timesheet';
import restaurantRoutes from './routes/restaurant';
import driverRoutes from './routes/driver';
import invoiceRoutes from './routes/invoice';
import reportingReadRoutes from './routes/reporting/reports';
import inactiveFeeRoutes from './routes/reporting/inactiveFee';
import paymentsExportRoutes from './routes/xls';
import newsFeedRoutes from './routes/newsFeed';
import replyRoutes from './routes/reply';
import driverNewsFeedRoutes from './routes/driverApp/newsFeed';
import restaurateurRoutes from './routes/restaurateur';
import driverWorkingTimesRoutes from './routes/driverWorkingTimes';
import historyRoutes from './routes/history';
import historyContextPlugin from './history/context';
import idempotencyPlugin from './plugins/idempotency';
import calendarRoutes from './routes/calendar';
import openApiRoutes from './routes/openapi';
import importRoutes from './routes/imports';


declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, as registered. */
    routeTable: RouteEntry[];
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
    config: AppConfig;
    broadcaster: Broadcaster;
  }
}

export interface AppDeps {
  config: AppConfig;
  db: Kysely<Database>;
  databaseKind: DatabaseKind;
  /** Defaults to delivery to this process's sockets only. */
  broadcaster?: Broadcaster;
  logger?: boolean | object;
}

/** Builds the whole server (API, live feed, images, the app) without listening, so tests inject into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 12 * 1024 * 1024,
    // Forwarded headers are believed only from the proxies named in TRUST_PROXY: from anyone else they would let a
    // client choose its own address (and so its own login-throttle bucket).
    trustProxy: deps.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // Addresses the router refuses before any route runs (a path part over 100 characters, such as a 5,000-digit
    // id, or broken %-escapes) answer the API's `{ message }` shape too.
    frameworkErrors: (error, _request, reply) => {
      const answer = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void answer.status(414).send({ message: OWN_MSG.addressTooLong });
      else void answer.status(400).send({ url: [error.message] });
    },
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler].flat().filter(Boolean) as Partial<AccessCheck>[];
    const access = handlers.find((h) => h.allowed)?.allowed ?? null;
    for (const method of [route.method].flat()) {
      // The declaration is read when asked for: a plugin's own onRoute hook may give one after this hook has run.
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, get schema() { return route.schema; } });
    }
  });
  declareRouteSchemas(app);
  app.decorate('db', deps.db);
  app.decorate('databaseKind', deps.databaseKind);
  app.decorate('config', deps.config);
  app.decorate('broadcaster', deps.broadcaster ?? new LocalBroadcaster());

  await app.register(errorsPlugin);
  await app.register(lifecyclePlugin);
  await app.register(headersPlugin);
  await app.register(inputGuardPlugin);
  // Lists such as GET /api/driver run to megabytes of JSON: gzip at a low level shrinks them several times over
  // for a few milliseconds of CPU (brotli's default level would cost far more per request).
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 2048, zlibOptions: { level: 4 } });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10_000_000, files: 20 } });
  await app.register(authPlugin);
  await app.register(historyContextPlugin);
  await app.register(idempotencyPlugin);
  await app.register(visibilityPlugin);
  await app.register(realtimePlugin);
  await app.register(mailPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(alertRoutes);
  await app.register(userRoutes);
  await app.register(areaRoutes);
  await app.register(cityRoutes);
  await app.register(optionRoutes);
  await app.register(driverMessageRoutes);
  await app.register(shiftRoutes);
  await app.register(reportingRoutes);
  await app.register(timesheetRoutes);
  await app.register(driverAppTimesheetRoutes);
  await app.register(restaurantRoutes);
  await app.register(driverRoutes);
  await app.register(invoiceRoutes);
  await app.register(reportingReadRoutes);
  await app.register(inactiveFeeRoutes);
  await app.register(paymentsExportRoutes);
  await app.register(newsFeedRoutes);
  await app.register(replyRoutes);
  await app.register(driverNewsFeedRoutes);
  await app.register(restaurateurRoutes);
  await app.register(driverWorkingTimesRoutes);
  await app.register(historyRoutes);
  await app.register(calendarRoutes);
  await app.register(importRoutes);
  await app.register(openApiRoutes);

  await app.register(documentsPlugin);
  registerFiles(app, deps.config);
  return app;
}

/**
 * Files under assets/ carry a hash of their content in their names, so a browser may keep them for good; the tab's
 * icon keeps its name but hardly ever changes, so it is kept a week rather than asked for on every page; everything
 * else of the app (index.html first) is asked for again on every visit, so a new version is seen at once.
 */
function appFileCaching(staticDir: string, file: string): string {
  const relative = path.relative(staticDir, file);
  if (relative.split(path.sep)[0] === 'assets') return 'public, max-age=31536000, immutable';
  return relative === 'favicon.svg' ? 'public, max-age=604800' : 'no-store';
}

/** Uploaded images under DATA_DIR/images, and the built single-page app with history fallback. */
function registerFiles(app: FastifyInstance, config: AppConfig): void {
  const imagesDir = path.join(config.dataDir, 'images');
  fs.mkdirSync(path.join(imagesDir, 'thumb'), { recursive: true });
  app.register(async (images) => {
    // The static plugin's routes declare nothing of their own: what the API document says of the pictures' address.
    images.addHook('onRoute', (route) => {
      if (route.url === '/images/*') route.schema = { ...route.schema, summary: 'an uploaded picture (logos, photos, post pictures) by its name', response: { 200: FILES.image } };
    });
    await images.register(fastifyStatic, { root: imagesDir, prefix: '/images/', decorateReply: false, index: false });
  });

  const hasApp = fs.existsSync(path.join(config.staticDir, 'index.html'));
  if (hasApp) {
    app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      index: 'index.html',
      wildcard: true,
      // The build writes .br and .gz beside each text file (scripts/precompress.ts): sent as the browser accepts.
      preCompressed: true,
      setHeaders: (reply, file) => reply.header('cache-control', appFileCaching(config.staticDir, file)),
      // An app route (/schedule, /drivers/12) is no file: it goes straight to the fallback below, rather than being
      // looked for as .br, .gz and plain first. Each of those nested answers awaited the reply, and every wait put
      // its own 'close' listeners on the one response: a page load on the board reached eleven.
      allowedPath: (pathName) => pathName.endsWith('/') || path.extname(pathName) !== '',
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // HEAD as well as GET: link checkers and uptime monitors ask an app route with HEAD.
    const isAppRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|images|broadcasting|app)(\/|$)/.test(url) && !path.extname(url);
    if (!isAppRoute) return reply.status(404).send({ message: 'Not found' });
    if (!hasApp) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    // index.html is a small page, read as it is now (a rebuild replaces it) and sent whole, from a callback: the
    // handler returns nothing to be awaited, so the answer adds no listeners beyond the request's own.
    fs.readFile(path.join(config.staticDir, 'index.html'), (error, page) => {
      if (error) reply.send(error);
      else reply.type('text/html; charset=utf-8').header('cache-control', appFileCaching(config.staticDir, path.join(config.staticDir, 'index.html'))).send(page);
    });
  });
}
