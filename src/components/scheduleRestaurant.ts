/**
 * 'Go to schedule' on the areas and restaurants screens (spec 2, section 2): the restaurant is left in storage
 * and the schedule board opens on it, once.
 */
export const SCHEDULE_RESTAURANT_KEY = 'schedule_restaurant_id';

export function rememberScheduleRestaurant(id: number): void {
  window.localStorage.setItem(SCHEDULE_RESTAURANT_KEY, String(id));
}

/** The restaurant left for the board, taken so a later visit opens as usual; null when there is none. */
export function takeScheduleRestaurant(): number | null {
  const remembered = window.localStorage.getItem(SCHEDULE_RESTAURANT_KEY);
  if (remembered === null) return null;
  window.localStorage.removeItem(SCHEDULE_RESTAURANT_KEY);
  return /^\d+$/.test(remembered) ? Number(remembered) : null;
}
