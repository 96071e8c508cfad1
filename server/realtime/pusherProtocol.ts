import crypto from 'node:crypto';

/**
 * The subset of the Pusher Channels protocol, version 7, that stock pusher-js needs
 * (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/).
 * Pure: frames in and out, and the channel signature. The socket handling is in server/plugins/realtime.ts.
 */

/** Error codes with the meaning pusher-js gives them: 4000-4099 do not reconnect, 4200-4299 reconnect at once. */
export const CLOSE = {
  /** Wrong application key. */
  appNotFound: 4001,
  /** The login the subscription was signed for has ended: no point reconnecting with it. */
  unauthorized: 4009,
  /** Server going away (restart, deploy): reconnect, perhaps to another instance. */
  reconnect: 4200,
  /** The client stayed silent after our ping. */
  pongTimeout: 4201,
} as const;

/** Codes of pusher:error messages that leave the connection open. */
export const ERROR = {
  malformed: 4200,
  clientEventRefused: 4301,
} as const;

/** Socket ids look like Pusher's: two integers joined by a dot. */
export const SOCKET_ID = /^\d+\.\d+$/;

export function newSocketId(): string {
  return `${crypto.randomInt(1, 2 ** 47)}.${crypto.randomInt(1, 2 ** 47)}`;
}

/** A server-to-client frame. `data` is always a JSON string, as Pusher sends it. */
export function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({ event, ...(channel ? { channel } : {}), data: JSON.stringify(data) });
}

export const connectionEstablished = (socketId: string, activityTimeout: number) =>
  frame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeout });

export const pusherError = (code: number, message: string) => frame('pusher:error', { code, message });

export const subscriptionSucceeded = (channel: string) =>
  frame('pusher_internal:subscription_succeeded', {}, channel);

export const subscriptionError = (channel: string, error: string) =>
  frame('pusher:subscription_error', { type: 'AuthError', error, status: 403 }, channel);

export interface ClientMessage {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

/** A client frame, or null when it is not a Pusher message. `data` may arrive as an object or a JSON string. */
export function parseClientMessage(raw: string): ClientMessage | null {
  try {
    const message: unknown = JSON.parse(raw);
    if (!isRecord(message) || typeof message.event !== 'string') return null;
    const data = typeof message.data === 'string' ? JSON.parse(message.data) : (message.data ?? {});
    return {
      event: message.event,
      channel: typeof message.channel === 'string' ? message.channel : undefined,
      data: isRecord(data) ? data : {},
    };
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What /broadcasting/auth hands out and pusher:subscribe must carry: `key:hex(HMAC-SHA256(secret, socket_id:channel))`,
 * or with channel data `key:hex(HMAC-SHA256(secret, socket_id:channel:channel_data))` as Pusher signs presence
 * channels; pusher-js sends back whatever channel_data the auth answer held, so it arrives signed.
 */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  const signed = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  const signature = crypto.createHmac('sha256', secret).update(signed).digest('hex');
  return `${key}:${signature}`;
}

/** Constant-time, so the signature cannot be guessed byte by byte from response times. */
export function isValidChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(channelAuth(key, secret, socketId, channel, channelData));
  const given = Buffer.from(auth);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
