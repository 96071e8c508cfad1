/** An alert as GET /api/alert and the live feed send it (spec 1, section 3). */
export interface PanelAlert {
  id: number;
  status: number;
  channel: string;
  event: string;
  created_at: string;
  /** JSON text with a `message` field. */
  data: string | { message?: string } | null;
}

/**
 * The alerts a restaurant account hears of, on its bell and its live feed: its restaurants' late drivers and no-shows.
 * Every other alert (a driver's shift request or timesheet, a news reply, an invoice) is the office's.
 */
export const RESTAURANT_ALERT = { channel: 'shift_channel', events: ['late', 'noShow'] } as const;

/** Whether a restaurant account with these restaurants may see an alert. */
export function isRestaurantAlert(alert: { channel?: unknown; event?: unknown; restaurant_id?: unknown }, restaurantIds: readonly number[]): boolean {
  return (
    alert.channel === RESTAURANT_ALERT.channel &&
    (RESTAURANT_ALERT.events as readonly unknown[]).includes(alert.event) &&
    typeof alert.restaurant_id === 'number' &&
    restaurantIds.includes(alert.restaurant_id)
  );
}
