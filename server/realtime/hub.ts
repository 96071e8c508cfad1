import { envelope, PANEL_CHANNEL, PANEL_EVENT, type FeedMessage } from './broadcaster';
import { frame } from './pusherProtocol';

/** Anything a frame can be written to; in production a ws WebSocket wrapped by the realtime plugin. */
export interface FeedSocket {
  send(frame: string): void;
}

/** The sockets of this process, by the channels they subscribed to. Broadcasters call `deliver`. */
export class FeedHub {
  private readonly channels = new Map<string, Set<FeedSocket>>();

  subscribe(channel: string, socket: FeedSocket): void {
    let sockets = this.channels.get(channel);
    if (!sockets) this.channels.set(channel, (sockets = new Set()));
    sockets.add(socket);
  }

  unsubscribe(channel: string, socket: FeedSocket): void {
    this.channels.get(channel)?.delete(socket);
  }

  /** A closed socket leaves every channel. */
  remove(socket: FeedSocket): void {
    for (const sockets of this.channels.values()) sockets.delete(socket);
  }

  /** Every feed message goes out once, as the `message` event of private-panelmessages; encoded once for all. */
  deliver(message: FeedMessage): void {
    const sockets = this.channels.get(PANEL_CHANNEL);
    if (!sockets?.size) return;
    const text = frame(PANEL_EVENT, envelope(message), PANEL_CHANNEL);
    for (const socket of sockets) socket.send(text);
  }
}
