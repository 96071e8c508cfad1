import { navLinks, canOpen, landingPath, hasStaffTools, rootPath } from '../../domain/navigation';
import { ROLE, RESTAURANT_ROLE } from '../../domain/roles';

describe('shell links by role (spec 1, section 2)', () => {
  it('administrators see the eight screens and the users link', () => {
    expect(navLinks(ROLE.administrator).map((l) => l.label)).toEqual([
      'Schedule', 'Timesheets', 'Invoices', 'News Feed', 'Drivers', 'Restaurants', 'Areas', 'Reporting', 'History', 'Administrators',
    ]);
    expect(navLinks(ROLE.administrator).at(-1)?.path).toBe('/users');
  });

  it('managers see no drivers, restaurants, areas or users', () => {
    expect(navLinks(ROLE.manager).map((l) => l.label)).toEqual(['Schedule', 'Timesheets', 'Invoices', 'News Feed', 'Reporting', 'History']);
  });

  it('restaurant accounts get the restaurant variants', () => {
    expect(navLinks(RESTAURANT_ROLE).map((l) => l.path)).toEqual(['/schedulerestaurant', '/timesheetrestaurant', '/invoicesrestaurant']);
  });

  it('an account without a role sees no links', () => {
    expect(navLinks(null)).toEqual([]);
  });

  it.each([
    [ROLE.administrator, '/drivers/12', true],
    [ROLE.manager, '/drivers', false],
    [ROLE.manager, '/options', true],
    [RESTAURANT_ROLE, '/options', false],
    [RESTAURANT_ROLE, '/schedule', false],
    [RESTAURANT_ROLE, '/home', true],
    [null, '/home', true],
  ] as const)('role %s opening %s: %s', (role, path, allowed) => {
    expect(canOpen(role, path)).toBe(allowed);
  });

  it('settings and alerts are for staff; /login sends each role to its schedule', () => {
    expect(hasStaffTools(ROLE.manager)).toBe(true);
    expect(hasStaffTools(RESTAURANT_ROLE)).toBe(false);
    expect(landingPath(RESTAURANT_ROLE)).toBe('/schedulerestaurant');
    expect(landingPath(ROLE.administrator)).toBe('/schedule');
    expect(landingPath(ROLE.manager)).toBe('/schedule');
    // An account waiting for a role may open no schedule: it lands on Home, as / leads it.
    expect(landingPath(null)).toBe('/home');
    for (const role of [ROLE.administrator, ROLE.manager, RESTAURANT_ROLE, null]) expect(canOpen(role, landingPath(role))).toBe(true);
  });

  it('/ leads each role to a screen it may open: staff to the news feed, restaurant accounts to their schedule', () => {
    expect(rootPath(ROLE.administrator)).toBe('/newsfeed');
    expect(rootPath(ROLE.manager)).toBe('/newsfeed');
    expect(rootPath(RESTAURANT_ROLE)).toBe('/schedulerestaurant');
    expect(rootPath(null)).toBe('/home');
    for (const role of [ROLE.administrator, ROLE.manager, RESTAURANT_ROLE, null]) expect(canOpen(role, rootPath(role))).toBe(true);
  });
});
