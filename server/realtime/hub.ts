import { envelope, PANEL_CHANNEL, PANEL_EVENT, type FeedMessage } from './broadcaster';
import { audienceKey, visibleMessage, type Subscriber } from './audience';
import { frame } from './pusherProtocol';

/** Anything a frame can be written to; in production a ws WebSocket wrapped by the realtime plugin. */
export interface FeedSocket {
  send(frame: string): void;
}

/**
 * The sockets of this process, by the channels they subscribed to, each with what its subscription was signed for.
 * Broadcasters call `deliver`.
 */
export class FeedHub {
  private readonly channels = new Map<string, Map<FeedSocket, Subscriber>>();

  /** `signingSecret` signs identity documents in what administrators hear (server/services/documents.ts). */
  constructor(private readonly signingSecret?: string) {}

  subscribe(channel: string, socket: FeedSocket, subscriber: Subscriber): void {
    let sockets = this.channels.get(channel);
    if (!sockets) this.channels.set(channel, (sockets = new Map()));
    sockets.set(socket, subscriber);
  }

  unsubscribe(channel: string, socket: FeedSocket): void {
    this.channels.get(channel)?.delete(socket);
  }

  /** A closed socket leaves every channel. */
  remove(socket: FeedSocket): void {
    for (const sockets of this.channels.values()) sockets.delete(socket);
  }

  /** What the socket's subscription to the panel channel was signed for, if it has one. */
  subscriberOf(socket: FeedSocket): Subscriber | undefined {
    return this.channels.get(PANEL_CHANNEL)?.get(socket);
  }

  /**
   * Every feed message goes out as the `message` event of private-panelmessages, cut to what each socket's
   * audience may see; filtered and encoded once per distinct audience, not once per socket.
   */
  deliver(message: FeedMessage): void {
    const sockets = this.channels.get(PANEL_CHANNEL);
    if (!sockets?.size) return;
    const frames = new Map<string, string | null>();
    for (const [socket, { audience }] of sockets) {
      const key = audienceKey(audience);
      let text = frames.get(key);
      if (text === undefined) {
        const visible = visibleMessage(message, audience, this.signingSecret);
        text = visible ? frame(PANEL_EVENT, envelope(visible), PANEL_CHANNEL) : null;
        frames.set(key, text);
      }
      if (text) socket.send(text);
    }
  }
}
