import Echo from 'laravel-echo';
import Pusher from 'pusher-js';

/**
 * The live feed's connection: laravel-echo over pusher-js to this host, private channel `private-panelmessages`.
 * Most of the feed's weight, so providers/realtime.ts loads this module only when it starts the feed, after the
 * first screen is drawn; screens subscribe through realtime.ts without it.
 */
export interface FeedSocketHandlers {
  /** A Pusher connection state ('connecting', 'connected', 'unavailable', 'failed', 'disconnected'). */
  onState(current: string): void;
  onMessage(payload: unknown): void;
  /** The channel subscription succeeded (the first time, and again after each lost connection). */
  onSubscribed(): void;
}

export interface FeedSocket {
  disconnect(): void;
}

export function openFeedSocket(key: string, token: string, handlers: FeedSocketHandlers): FeedSocket {
  const { hostname, port, protocol } = window.location;
  const echo = new Echo<'pusher'>({
    broadcaster: 'pusher',
    key,
    cluster: '',
    wsHost: hostname,
    wsPort: Number(port) || 80,
    wssPort: Number(port) || 443,
    forceTLS: protocol === 'https:',
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    authEndpoint: '/broadcasting/auth',
    auth: { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } },
    withoutInterceptors: true,
    Pusher,
  });
  echo.connector.pusher.connection.bind('state_change', ({ current }: { current: string }) => handlers.onState(current));
  echo
    .private('panelmessages')
    .listen('.message', (payload: unknown) => handlers.onMessage(payload))
    .subscribed(() => handlers.onSubscribed())
    .error((error: unknown) => console.warn('Live feed: subscription to private-panelmessages failed', error));
  return echo;
}
