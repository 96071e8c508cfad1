import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import { ACCESS_CHANNEL, PANEL_CHANNEL, type FeedMessage } from '../realtime/broadcaster';
import { FeedHub, type FeedSocket } from '../realtime/hub';
import { encodeSubscriber, parseSubscriber } from '../realtime/audience';
import { concerns, feedAudienceOf, recheck } from '../realtime/access';
import {
  CLOSE,
  ERROR,
  SOCKET_ID,
  channelAuth,
  connectionEstablished,
  frame,
  isValidChannelAuth,
  newSocketId,
  parseClientMessage,
  pusherError,
  subscriptionError,
  subscriptionSucceeded,
  type ClientMessage,
} from '../realtime/pusherProtocol';
import { forbidden } from './errors';
import { RESPONSES } from '../../domain/validation/responses';

/**
 * The live feed (design section 5): a WebSocket endpoint at /app/{key} speaking the Pusher protocol, so
 * stock laravel-echo + pusher-js connect unchanged, and POST /broadcasting/auth that signs subscriptions to
 * private-panelmessages. Whatever app.broadcaster publishes reaches the sockets through the hub.
 */
interface RealtimeOptions {
  /** Seconds announced to clients: they ping us after this long without hearing from us. */
  activityTimeout?: number;
  /** How much longer we wait for a silent client before pinging it, and then for its answer. */
  graceMs?: number;
}

const broadcastingAuthSchema = z.object({
  socket_id: z.string({ error: 'The socket id is required.' }).regex(SOCKET_ID, 'The socket id is invalid.'),
  channel_name: z.string({ error: 'The channel name is required.' }),
});

/** Pusher's own limit for a client message; ours are a few hundred bytes. */
const MAX_CLIENT_MESSAGE = 10_240;
/** A client that does not answer the close handshake this fast is cut, so shutdown stays prompt. */
const CLOSE_WAIT_MS = 1_000;

/** One connected client: its id, and when we last heard from it. */
class Session implements FeedSocket {
  readonly id = newSocketId();
  lastHeard = Date.now();
  pingedAt: number | null = null;

  constructor(readonly ws: WebSocket) {}

  send(text: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  heard(): void {
    this.lastHeard = Date.now();
    this.pingedAt = null;
  }
}

export default fp<RealtimeOptions>(async function realtimePlugin(app: FastifyInstance, options) {
  const activityTimeout = options.activityTimeout ?? 30;
  const graceMs = options.graceMs ?? 15_000;
  const { pusherAppKey: key, pusherAppSecret: secret } = app.config;

  const hub = new FeedHub(app.config.fileSigningSecret);
  const sessions = new Set<Session>();
  const detach = app.broadcaster.attach?.(
    (message) => (message.channel === ACCESS_CHANNEL ? void accessChanged(message) : hub.deliver(message)),
    // Messages may have been missed: every socket reconnects at once, and the client, subscribing again, tells its
    // screens to fetch their data anew (FEED_RESUMED in providers/realtime.ts).
    () => {
      for (const session of sessions) void closeSocket(session.ws, CLOSE.reconnect, 'Messages may have been missed');
    },
  );
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_CLIENT_MESSAGE });
  let closing = false;

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const requestedKey = appKey(request.url ?? '');
    if (closing || requestedKey === null) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // Protocol errors (bad frames, oversized messages) close the socket; without a listener they would crash us.
      ws.on('error', (error) => app.log.debug({ err: error }, 'live feed socket error'));
      if (requestedKey !== key) {
        ws.send(pusherError(CLOSE.appNotFound, 'Application key not recognised'));
        ws.close(CLOSE.appNotFound, 'App key not found');
        return;
      }
      open(ws);
    });
  }

  function open(ws: WebSocket) {
    const session = new Session(ws);
    sessions.add(session);
    ws.on('message', (data: RawData) => onMessage(session, data.toString()));
    ws.on('pong', () => session.heard());
    ws.on('ping', () => session.heard());
    ws.on('close', () => {
      sessions.delete(session);
      hub.remove(session);
    });
    session.send(connectionEstablished(session.id, activityTimeout));
  }

  function onMessage(session: Session, raw: string) {
    session.heard();
    const message = parseClientMessage(raw);
    if (!message) return session.send(pusherError(ERROR.malformed, 'Invalid message format'));
    if (message.event.startsWith('client-')) {
      return session.send(pusherError(ERROR.clientEventRefused, 'Client events are not enabled'));
    }
    switch (message.event) {
      case 'pusher:ping':
        return session.send(frame('pusher:pong', {}));
      case 'pusher:subscribe':
        return subscribe(session, message);
      case 'pusher:unsubscribe':
        return hub.unsubscribe(String(message.data.channel ?? ''), session);
      // pusher:pong and events we do not offer (signin, presence): the activity is all that counts.
    }
  }

  function subscribe(session: Session, message: ClientMessage) {
    const channel = typeof message.data.channel === 'string' ? message.data.channel : '';
    if (channel !== PANEL_CHANNEL) {
      return session.send(subscriptionError(channel, `Channel '${channel}' is not offered`));
    }
    // The audience rides in the signed channel data: no signature over it, no subscription.
    const channelData = message.data.channel_data;
    const subscriber = parseSubscriber(channelData);
    if (!subscriber || !isValidChannelAuth(key, secret, session.id, channel, message.data.auth, channelData as string)) {
      return session.send(subscriptionError(channel, 'Invalid signature'));
    }
    hub.subscribe(channel, session, subscriber);
    session.send(subscriptionSucceeded(channel));
  }

  /** Some accounts' access changed (realtime/access.ts): their sockets here are checked again, and closed if need be. */
  async function accessChanged(message: FeedMessage) {
    await Promise.all(
      [...sessions].map(async (session) => {
        const subscriber = hub.subscriberOf(session);
        if (!subscriber || !concerns(message.items, subscriber)) return;
        const verdict = await recheck(app, subscriber).catch((error: Error) => {
          app.log.warn({ err: error }, 'live feed: could not re-check a subscription');
          return 'changed' as const;
        });
        if (verdict === 'revoked') await closeSocket(session.ws, CLOSE.unauthorized, 'Login ended');
        else if (verdict === 'changed') await closeSocket(session.ws, CLOSE.reconnect, 'Access changed');
      }),
    );
  }

  // One sweep for all sockets rather than a timer each: ping the silent, drop those that stay silent.
  const idleLimit = activityTimeout * 1000 + graceMs;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const session of sessions) {
      if (session.pingedAt === null && now - session.lastHeard > idleLimit) {
        session.pingedAt = now;
        session.send(frame('pusher:ping', {}));
      } else if (session.pingedAt !== null && now - session.pingedAt > graceMs) {
        sessions.delete(session);
        hub.remove(session);
        void closeSocket(session.ws, CLOSE.pongTimeout, 'Pong reply not received');
      }
    }
  }, Math.max(50, Math.floor(graceMs / 3)));
  sweep.unref();

  app.server.on('upgrade', onUpgrade);

  // preClose runs before the HTTP server waits for its connections, which open sockets would hold forever.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(sweep);
    detach?.();
    app.server.off('upgrade', onUpgrade);
    // 4200 asks pusher-js to reconnect at once: behind a load balancer, to an instance that is still up.
    await Promise.all([...sessions].map((session) => closeSocket(session.ws, CLOSE.reconnect, 'Server shutting down')));
  });

  app.post('/broadcasting/auth', {
    preHandler: app.access('staff', 'restaurant'),
    schema: {
      summary: 'Sign a live-feed subscription (Pusher protocol)',
      body: broadcastingAuthSchema,
      response: { 200: RESPONSES.broadcastingAuth },
    },
  }, async (request) => {
    const body = broadcastingAuthSchema.parse(request.body ?? {});
    if (body.channel_name !== PANEL_CHANNEL) throw forbidden();
    const account = request.account!;
    const audience = await feedAudienceOf(app, account);
    if (!audience) throw forbidden();
    const channelData = encodeSubscriber({ audience, account: { kind: account.kind, id: account.id }, tokenId: account.tokenId });
    return { auth: channelAuth(key, secret, body.socket_id, body.channel_name, channelData), channel_data: channelData };
  });
});

/** The key in `/app/{key}?...`; null for any other path. Hand-parsed: request targets can be anything. */
function appKey(url: string): string | null {
  const path = url.split('?')[0];
  if (!path.startsWith('/app/')) return null;
  try {
    return decodeURIComponent(path.slice('/app/'.length));
  } catch {
    return ''; // undecodable: no key matches it, so the client hears 4001
  }
}

/** Closes with a code pusher-js acts on, and cuts a client that does not answer the close (it may be gone). */
function closeSocket(ws: WebSocket, code: number, reason: string): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    const cut = setTimeout(() => ws.terminate(), CLOSE_WAIT_MS);
    ws.once('close', () => {
      clearTimeout(cut);
      resolve();
    });
    ws.close(code, reason);
  });
}
