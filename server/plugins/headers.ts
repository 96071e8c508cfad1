import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer (@fastify/helmet). The Content-Security-Policy lets the browser run only the
 * app's own scripts (no inline script, no eval), connect only to this server (its live feed included) and to
 * Google Maps when a key is configured, load images only from here (so a news post cannot make its readers fetch
 * from a third party), and be framed by no one. Styles may be inline: MUI and FullCalendar write theirs at run time.
 * HSTS is sent only on HTTPS (directly, or from a proxy named in TRUST_PROXY), since over plain HTTP it would be
 * ignored and behind a misread proxy it could lock users out.
 */
const GOOGLE_MAPS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];

export default fp(async function headersPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...GOOGLE_MAPS],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        imgSrc: ["'self'", 'data:', 'blob:', ...GOOGLE_MAPS, 'https://*.googleapis.com', 'https://*.gstatic.com'],
        fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
        // The live feed's WebSocket is this host's; some browsers do not count ws: under 'self'. blob: addresses are
        // the app's own (generated invoices and exports, read back or shown in a tab).
        connectSrc: ["'self'", 'blob:', (request) => `ws://${request.headers.host} wss://${request.headers.host}`, ...GOOGLE_MAPS],
        workerSrc: ["'self'", 'blob:'],
        // A PDF opened in a tab is shown by the browser's viewer, under the policy of the page that made it.
        objectSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Answers of the API are the live state of the agency's data: never kept by a browser or a proxy.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
