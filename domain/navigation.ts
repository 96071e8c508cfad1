import { canAccess } from './access';
import { RESTAURANT_ROLE, type PanelRole } from './roles';

export interface NavLink {
  path: string;
  label: string;
}

/**
 * A staff screen and a restaurant account's own view of it, at the same path + 'restaurant', under one label: the
 * rule table lets each role open one of the two.
 */
function withRestaurantView(path: string, label: string): NavLink[] {
  return [
    { path, label },
    { path: `${path}restaurant`, label },
  ];
}

/**
 * The drawer's links in the spec's order (spec 1, section 2 'Shell'); each path is the screen's entry in the rule
 * table (domain/access.ts), so a role sees exactly the screens it may open.
 */
export const MENU: readonly NavLink[] = [
  ...withRestaurantView('/schedule', 'Schedule'),
  ...withRestaurantView('/timesheet', 'Timesheets'),
  ...withRestaurantView('/invoices', 'Invoices'),
  { path: '/newsfeed', label: 'News Feed' },
  { path: '/drivers', label: 'Drivers' },
  { path: '/restaurants', label: 'Restaurants' },
  { path: '/areas', label: 'Areas' },
  { path: '/reporting', label: 'Reporting' },
  { path: '/history', label: 'History' },
  { path: '/users', label: 'Administrators' },
];

/**
 * The options screen, opened from the top bar's gear (spec 1, section 2: 'a settings link to /options'): the gear,
 * the page title and any menu say the spec's one name for it.
 */
export const OPTIONS_LINK: NavLink = { path: '/options', label: 'Options' };

/** The screen (rule-table resource) behind a path: its first segment (`/drivers/12` is `drivers`). */
export function screenOf(path: string): string {
  return path.split('?')[0].split('/')[1] ?? '';
}

/** The drawer links of a role. */
export function navLinks(role: PanelRole | null | undefined): NavLink[] {
  return MENU.filter((link) => canOpen(role, link.path));
}

/** Options (/options) and Undo of board actions are for administrators and managers only. */
export function hasStaffTools(role: PanelRole | null | undefined): boolean {
  return canAccess(role, 'options', 'list');
}

/** Whether a role may open a screen; the server enforces the same table on its routes. */
export function canOpen(role: PanelRole | null | undefined, path: string): boolean {
  return canAccess(role, screenOf(path), 'list');
}

/**
 * Where a logged-in account lands when it opens /login or has just logged in (spec 1, section 2 'Login'): its
 * schedule. An account still waiting for a role, which may open no schedule, lands where / leads it (Home).
 */
export function landingPath(role: PanelRole | null | undefined): string {
  const schedule = role === RESTAURANT_ROLE ? '/schedulerestaurant' : '/schedule';
  return canOpen(role, schedule) ? schedule : rootPath(role);
}

/**
 * Where / leads: the news feed (spec 1, section 2), for those who may open it; a restaurant account, which may not,
 * lands on its schedule, and an account still waiting for a role on Home.
 */
export function rootPath(role: PanelRole | null | undefined): string {
  if (canOpen(role, '/newsfeed')) return '/newsfeed';
  return role === RESTAURANT_ROLE ? landingPath(role) : '/home';
}
