import { canOpen } from '../domain/navigation';
import { startEarly } from '../providers/earlyStart';
import { getStoredUser } from '../providers/session';
import { AREA_NAMES_URL, DRIVER_FIRST_PAGE, RESTAURANT_FIRST_PAGE, firstPageUrl } from '../resources/listDefaults';
import { drivers } from '../resources/drivers';
import { restaurants } from '../resources/restaurants';
import type { LazyPage } from './components/lazyPage';
import { TimesheetPage } from './pages/timesheets/lazy';
import { App } from './Root';

/**
 * A page load opening on a list screen or the board starts that screen's calls and code at once: the screen's first
 * data travels while the app's code loads, and the screen's code comes alongside the app's instead of after it.
 * The screen's identical calls then take these answers (providers/earlyCalls.ts). Without them the first page was
 * asked for only once the app had drawn the screen, some 0.8 s into the load; the board's shifts, 0.5 s.
 */
const FIRST_CALLS: Record<string, { calls: (address: URLSearchParams) => string[]; code?: LazyPage }> = {
  '/drivers': { calls: () => [firstPageUrl(DRIVER_FIRST_PAGE), AREA_NAMES_URL], code: drivers.list },
  '/restaurants': { calls: () => [firstPageUrl(RESTAURANT_FIRST_PAGE), AREA_NAMES_URL], code: restaurants.list },
  // The board's and the timesheets' calls are started by their first views (src/firstView.ts), loaded before this
  // module: not twice. Opened inside the app, the timesheets' route starts its calls itself.
  '/schedule': { calls: () => [] },
  '/timesheet': { calls: () => [], code: TimesheetPage },
};

/**
 * Starts the calls and code of the screen `location` opens on, for an account that may open it; answers when its
 * code (the app's and the screen's) has arrived or failed, so the page is first drawn with both at hand and no
 * loading step between (src/components/lazyPage.tsx). Anything else answers at once.
 */
export function startFirstCalls({ pathname, search }: Pick<Location, 'pathname' | 'search'>): Promise<unknown> {
  const first = FIRST_CALLS[pathname];
  const user = getStoredUser();
  if (!first || !user || !canOpen(user.role, pathname)) return Promise.resolve();
  for (const url of first.calls(new URLSearchParams(search))) startEarly(url);
  // A failure is the screen's to show when it loads the same code itself.
  return Promise.all([App.preload(), first.code?.preload()]).catch(() => undefined);
}
