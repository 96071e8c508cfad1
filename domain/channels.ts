/** The live feed's channels (spec 1, section 7): the server publishes on them, the screens listen. */
export const ALERT_CHANNEL = 'alert_channel';
export const AREA_CHANNEL = 'area_channel';
export const NEWS_CHANNEL = 'news_feed_channel';
export const REPLY_CHANNEL = 'reply_channel';
export const TIMESHEET_CHANNEL = 'timesheet_channel';
export const SHIFT_CHANNEL = 'shift_channel';
export const DRIVER_CHANNEL = 'driver_channel';
export const NOTIFICATION_CHANNEL = 'notification_channel';
export const OPTION_CHANNEL = 'option_channel';
export const USER_CHANNEL = 'user_channel';
export const RESTAURANT_CHANNEL = 'restaurant_channel';
export const INVOICE_CHANNEL = 'invoice_channel';

/**
 * Not a message of the server: what the client tells every subscriber when it listens again after losing its
 * connection (providers/realtime.ts), since what was said meanwhile is not said again.
 */
export const FEED_RESUMED = 'resumed';

/** Every channel the server broadcasts on; anything else is logged by the client. */
export const FEED_CHANNELS = [
  ALERT_CHANNEL, AREA_CHANNEL, NEWS_CHANNEL, REPLY_CHANNEL, TIMESHEET_CHANNEL, SHIFT_CHANNEL, DRIVER_CHANNEL,
  NOTIFICATION_CHANNEL, OPTION_CHANNEL, USER_CHANNEL, RESTAURANT_CHANNEL, INVOICE_CHANNEL,
] as const;
