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

export interface Broadcaster {
  /** Deliver to every subscribed socket, on this instance and (when scaled out) the others. Call after commit. */
  publish(message: FeedMessage): Promise<void>;
  close(): Promise<void>;
}

/** The envelope clients receive as the event's data. */
export function envelope(message: FeedMessage): { success: true; data: FeedMessage } {
  return { success: true, data: message };
}
