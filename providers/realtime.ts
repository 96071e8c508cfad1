import type { FeedSocket } from './realtimeSocket';

/**
 * The live feed (spec 1, sections 1 and 7): one private channel, `private-panelmessages`, whose Pusher event
 * `message` carries `{ success, data: { channel, event, items } }`. Screens subscribe by `data.channel`:
 *
 *   useEffect(() => subscribeToFeed('timesheet_channel', (event, items) => ...), []);
 *
 * pusher-js re-sends subscriptions itself after a reconnect, but what was said while the connection was down is
 * not said again: once the feed listens again, every subscriber hears FEED_RESUMED (with no items), and a screen
 * that keeps a list from the feed asks for it anew. Subscribers that reload on any event need nothing more. The
 * connection state is kept to tell a reconnect from a first connect. The connection itself (laravel-echo and pusher-js,
 * realtimeSocket.ts) is loaded when the feed starts, so subscribing costs a screen nothing up front.
 */

export type FeedCallback = (event: string, items: unknown[]) => void;
type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

import { FEED_CHANNELS, FEED_RESUMED, NOTIFICATION_CHANNEL } from '../domain/channels';


const listeners = new Map<string, Set<FeedCallback>>();
const errorListeners = new Set<(message: string) => void>();

let echo: FeedSocket | null = null;
let currentToken: string | null = null;
/** Bumped by every start and stop so a start still waiting for its config gives up when overtaken. */
let generation = 0;
let state: ConnectionState = 'disconnected';

function setState(next: ConnectionState) {
  if (next === state) return;
  state = next;
}

/** Listens to one channel of the feed; answers the unsubscribe function. */
export function subscribeToFeed(channel: string, callback: FeedCallback): () => void {
  let set = listeners.get(channel);
  if (!set) listeners.set(channel, (set = new Set()));
  set.add(callback);
  return () => {
    set.delete(callback);
    if (set.size === 0 && listeners.get(channel) === set) listeners.delete(channel);
  };
}

/** Socket 'exception' events become the global error; the shell shows them in the snackbar. */
export function onFeedError(callback: (message: string) => void): () => void {
  errorListeners.add(callback);
  return () => errorListeners.delete(callback);
}

function messageOf(data: { items?: unknown; message?: unknown }): string {
  const items = Array.isArray(data.items) ? data.items : [data.items];
  for (const item of items) {
    if (typeof item === 'string' && item) return item;
    if (item && typeof item === 'object' && typeof (item as { message?: unknown }).message === 'string') {
      return (item as { message: string }).message;
    }
  }
  return typeof data.message === 'string' && data.message ? data.message : 'The live feed reported an error';
}

/** Routes one feed message to the subscribers of its channel. Exported for tests. */
export function dispatchFeedMessage(payload: unknown): void {
  const data = payload && typeof payload === 'object' ? (payload as { data?: unknown }).data : undefined;
  if (
    !data ||
    typeof data !== 'object' ||
    typeof (data as { channel?: unknown }).channel !== 'string' ||
    typeof (data as { event?: unknown }).event !== 'string'
  ) {
    console.warn('Live feed: malformed message ignored', payload);
    return;
  }
  const { channel, event, items } = data as { channel: string; event: string; items?: unknown };
  if (event === 'exception') {
    const message = messageOf(data as { items?: unknown; message?: unknown });
    for (const cb of errorListeners) cb(message);
    return;
  }
  // Notification events are for the drivers' app; the panel ignores them (spec 1, section 4).
  if (channel === NOTIFICATION_CHANNEL) return;
  if (!(FEED_CHANNELS as readonly string[]).includes(channel)) {
    console.warn(`Live feed: message on unknown channel '${channel}'`, payload);
    return;
  }
  tell(channel, event, Array.isArray(items) ? items : items == null ? [] : [items]);
}

function tell(channel: string, event: string, items: unknown[]): void {
  for (const cb of [...(listeners.get(channel) ?? [])]) {
    try {
      cb(event, items);
    } catch (error) {
      console.error(`Live feed: a '${channel}' subscriber failed`, error);
    }
  }
}

/** Tells every subscriber that messages may have been missed (the feed listens again after a gap). */
function announceFeedResumed(): void {
  for (const channel of [...listeners.keys()]) tell(channel, FEED_RESUMED, []);
}

async function fetchPusherKey(): Promise<string> {
  const response = await fetch('/api/client-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/client-config answered ${response.status}`);
  const body = (await response.json()) as { pusherKey?: unknown };
  if (typeof body.pusherKey !== 'string' || !body.pusherKey) throw new Error('GET /api/client-config gave no pusherKey');
  return body.pusherKey;
}

/**
 * Opens the feed for the logged-in user (administrators, managers, restaurant accounts). Calling it again with
 * the same token does nothing; with another token it reconnects as that user.
 */
export async function startRealtime(token: string): Promise<void> {
  if (echo && currentToken === token) return;
  if (!echo && currentToken === token && state === 'connecting') return;
  stopRealtime();
  const mine = ++generation;
  currentToken = token;
  setState('connecting');
  let key: string;
  let socket: typeof import('./realtimeSocket');
  try {
    [key, socket] = await Promise.all([fetchPusherKey(), import('./realtimeSocket')]);
  } catch (error) {
    if (mine === generation) {
      console.warn('Live feed: not started', error);
      currentToken = null;
      setState('failed');
    }
    return;
  }
  if (mine !== generation) return;

  // The first subscription starts the feed; each one after it follows a lost connection.
  let listened = false;
  const instance: FeedSocket = socket.openFeedSocket(key, token, {
    onState(current) {
      if (echo !== instance) return;
      if (current === 'connected') setState('connected');
      else if (current === 'connecting') setState(state === 'connected' ? 'reconnecting' : 'connecting');
      else if (current === 'unavailable') setState('reconnecting');
      else if (current === 'failed') setState('failed');
      else if (current === 'disconnected') setState('disconnected');
    },
    onMessage: dispatchFeedMessage,
    onSubscribed() {
      if (echo !== instance) return;
      if (listened) announceFeedResumed();
      listened = true;
    },
  });
  echo = instance;
}

/** Closes the feed (logout). Subscribers stay registered for the next start. */
export function stopRealtime(): void {
  generation++;
  currentToken = null;
  if (echo) {
    const instance = echo;
    echo = null;
    try {
      instance.disconnect();
    } catch (error) {
      console.warn('Live feed: disconnect failed', error);
    }
  }
  setState('disconnected');
}
