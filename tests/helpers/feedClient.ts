import Pusher from 'pusher-js';

/** What a live-feed message carries (server/realtime/broadcaster.ts). */
export interface HeardMessage {
  channel: string;
  event: string;
  items: { id?: number }[];
}

export interface FeedClient {
  client: Pusher;
  heard: HeardMessage[];
  /** Subscriptions made so far: a second one means the server asked this client to reconnect and fetch anew. */
  state: { subscriptions: number };
}

/** A pusher-js client of the server at `url`, subscribed to the panel feed as the front end subscribes. */
export async function listenOn(url: string, token: string): Promise<FeedClient> {
  const { pusherKey } = (await (await fetch(`${url}/api/client-config`)).json()) as { pusherKey: string };
  const { hostname, port } = new URL(url);
  const client = new Pusher(pusherKey, {
    cluster: '',
    wsHost: hostname,
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { endpoint: `${url}/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
  });
  const heard: HeardMessage[] = [];
  const state = { subscriptions: 0 };
  const channel = client.subscribe('private-panelmessages');
  channel.bind('message', (payload: { data: HeardMessage }) => heard.push(payload.data));
  channel.bind('pusher:subscription_succeeded', () => state.subscriptions++);
  const deadline = Date.now() + 15_000;
  while (state.subscriptions === 0) {
    if (Date.now() > deadline) throw new Error('the live feed did not accept the subscription');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { client, heard, state };
}
