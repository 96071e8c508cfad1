/**
 * What open screens hear about: `{ success: true, data: { channel, event, items } }` on the Pusher channel
 * `private-panelmessages` (spec 1, section 7). `channel` names the feed (timesheet_channel,
 * news_feed_channel, shift_channel, driver_channel, alert_channel ...), `event` what happened.
 */
export interface FeedMessage {
  channel: string;
  event: string;
  items: unknown[];
}

export const PANEL_CHANNEL = 'private-panelmessages';
/** The Pusher event name every feed message is sent under; clients listen with `.message`. */
export const PANEL_EVENT = 'message';

/** Hands a message to the sockets of this process (the realtime plugin's hub). */
export type Deliver = (message: FeedMessage) => void;

/**
 * A broadcaster publishes; the realtime plugin's hub delivers. Routes only ever call publish.
 */
export interface Broadcaster {
  /** Deliver to every subscribed socket, on this instance and (when scaled out) the others. Call after commit. */
  publish(message: FeedMessage): Promise<void>;
  /**
   * Connects this process's sockets: every published message (from any instance) reaches `deliver` exactly
   * once. Returns the disconnect. Optional because a broadcaster that publishes to a hosted Pusher-compatible
   * service has no sockets here to deliver to.
   */
  attach?(deliver: Deliver): () => void;
  close(): Promise<void>;
}

/** The envelope clients receive as the event's data. */
export function envelope(message: FeedMessage): { success: true; data: FeedMessage } {
  return { success: true, data: message };
}

/** The local end shared by broadcasters that deliver to attached hubs. */
export class Listeners {
  private readonly delivers = new Set<Deliver>();

  attach(deliver: Deliver): () => void {
    this.delivers.add(deliver);
    return () => this.delivers.delete(deliver);
  }

  deliver(message: FeedMessage): void {
    for (const deliver of this.delivers) deliver(message);
  }

  clear(): void {
    this.delivers.clear();
  }
}
