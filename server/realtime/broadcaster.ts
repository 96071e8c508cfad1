/**
 * What open screens hear about: `{ success: true, data: { channel, event, items } }` on the Pusher channel
 * `private-panelmessages` (spec 1, section 7). `channel` names the feed (timesheet_channel,
 * news_feed_channel, shift_channel, driver_channel, alert_channel ...), `event` what happened.
 */
export interface FeedMessage {
  channel: string;
  event: string;
  items: unknown[];
  /**
   * Who may hear it, where its items cannot say so themselves (a post or a reply reaches drivers by area, restaurant
   * or name): read by the audience cut (audience.ts), never sent to a client.
   */
  reach?: Reach;
}

export interface Reach {
  everyone?: boolean;
  areaIds?: number[];
  restaurantIds?: number[];
}

/**
 * Not a channel of the spec: instances tell each other on it that accounts' access changed (a logout, a new password,
 * a removed account, new areas), so each re-checks the sockets it holds for them (realtime/access.ts). The hub never
 * delivers it to a client.
 */
export const ACCESS_CHANNEL = 'feed_access';

export const PANEL_CHANNEL = 'private-panelmessages';
/** The Pusher event name every feed message is sent under; clients listen with `.message`. */
export const PANEL_EVENT = 'message';

/** Hands a message to the sockets of this process (the realtime plugin's hub). */
export type Deliver = (message: FeedMessage) => void;
/** Told when messages may have been missed (a broadcaster's link to the others was down for a while). */
export type OnGap = () => void;

/**
 * A broadcaster publishes; the realtime plugin's hub delivers. Routes only ever call publish.
 */
export interface Broadcaster {
  /** Deliver to every subscribed socket, on this instance and (when scaled out) the others. Call after commit. */
  publish(message: FeedMessage): Promise<void>;
  /**
   * Connects this process's sockets: every published message (from any instance) reaches `deliver` exactly
   * once, and `onGap` hears of any stretch in which messages may have been lost. Returns the disconnect. Optional
   * because a broadcaster that publishes to a hosted Pusher-compatible service has no sockets here to deliver to.
   */
  attach?(deliver: Deliver, onGap?: OnGap): () => void;
  close(): Promise<void>;
}

/** The envelope clients receive as the event's data. */
export function envelope(message: FeedMessage): { success: true; data: FeedMessage } {
  return { success: true, data: message };
}

/** The local end shared by broadcasters that deliver to attached hubs. */
export class Listeners {
  private readonly delivers = new Set<Deliver>();
  private readonly gaps = new Set<OnGap>();

  attach(deliver: Deliver, onGap?: OnGap): () => void {
    this.delivers.add(deliver);
    if (onGap) this.gaps.add(onGap);
    return () => {
      this.delivers.delete(deliver);
      if (onGap) this.gaps.delete(onGap);
    };
  }

  deliver(message: FeedMessage): void {
    for (const deliver of this.delivers) deliver(message);
  }

  gap(): void {
    for (const onGap of this.gaps) onGap();
  }

  clear(): void {
    this.delivers.clear();
    this.gaps.clear();
  }
}
