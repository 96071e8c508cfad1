import { ROLE, RESTAURANT_ROLE, type PanelRole } from './roles';

export interface NavLink {
  path: string;
  label: string;
}

/** The drawer links of each role (spec 1, section 2 'Shell'). */
export function navLinks(role: PanelRole | null | undefined): NavLink[] {
  if (role === ROLE.administrator) {
    return [
      { path: '/schedule', label: 'Schedule' },
      { path: '/timesheet', label: 'Timesheets' },
      { path: '/invoices', label: 'Invoices' },
      { path: '/newsfeed', label: 'News Feed' },
      { path: '/drivers', label: 'Drivers' },
      { path: '/restaurants', label: 'Restaurants' },
      { path: '/areas', label: 'Areas' },
      { path: '/reporting', label: 'Reporting' },
      { path: '/history', label: 'History' },
      { path: '/users', label: 'Administrators' },
    ];
  }
  if (role === ROLE.manager) {
    return [
      { path: '/schedule', label: 'Schedule' },
      { path: '/timesheet', label: 'Timesheets' },
      { path: '/invoices', label: 'Invoices' },
      { path: '/newsfeed', label: 'News Feed' },
      { path: '/reporting', label: 'Reporting' },
      { path: '/history', label: 'History' },
    ];
  }
  if (role === RESTAURANT_ROLE) {
    return [
      { path: '/schedulerestaurant', label: 'Schedule' },
      { path: '/timesheetrestaurant', label: 'Timesheets' },
      { path: '/invoicesrestaurant', label: 'Invoices' },
    ];
  }
  return [];
}

/** Settings (/options) and the alerts bell are for administrators and managers only. */
export function hasStaffTools(role: PanelRole | null | undefined): boolean {
  return role === ROLE.administrator || role === ROLE.manager;
}

/** Routes every logged-in account may open whatever its role. */
const COMMON_ROUTES = ['/home'];

/** Whether a role may open a screen; the server enforces the same through its own checks. */
export function canOpen(role: PanelRole | null | undefined, path: string): boolean {
  if (COMMON_ROUTES.includes(path)) return true;
  if (path === '/options') return hasStaffTools(role);
  const base = '/' + (path.split('/')[1] ?? '');
  return navLinks(role).some((l) => l.path === base);
}

/** Where a logged-in account lands when it opens /login (spec 1, section 2 'Login'). */
export function landingPath(role: PanelRole | null | undefined): string {
  return role === RESTAURANT_ROLE ? '/schedulerestaurant' : '/schedule';
}

/**
 * Where / leads: the news feed (spec 1, section 2), for those who may open it; a restaurant account, which may not,
 * lands on its schedule, and an account still waiting for a role on Home.
 */
export function rootPath(role: PanelRole | null | undefined): string {
  if (canOpen(role, '/newsfeed')) return '/newsfeed';
  return role === RESTAURANT_ROLE ? landingPath(role) : '/home';
}
