import { describe, expect, it } from 'vitest';
import { authProvider } from '../../providers/authProvider';
import { clearStoredUser } from '../../providers/session';
import { ADMIN, MANAGER, RESTAURANT, storeUser } from './harness';

/** What react-admin asks the auth provider for each role (spec 1, sections 2-7), through the rule table. */
const ask = (resource: string, action: string) => authProvider.canAccess!({ resource, action });

describe('authProvider.canAccess by role', () => {
  it('administrators open every staff screen and may write areas, users and invoices', async () => {
    storeUser(ADMIN);
    for (const screen of ['schedule', 'timesheet', 'invoices', 'newsfeed', 'drivers', 'restaurants', 'areas', 'reporting', 'history', 'users', 'options']) {
      expect(await ask(screen, 'list')).toBe(true);
    }
    for (const action of ['create', 'edit', 'delete']) expect(await ask('areas', action)).toBe(true);
    expect(await ask('users', 'delete')).toBe(true);
    expect(await ask('invoices', 'delete')).toBe(true);
    expect(await ask('newsfeed', 'messageAll')).toBe(true);
    expect(await ask('options', 'editRates')).toBe(true);
    expect(await ask('schedulerestaurant', 'list')).toBe(false);
    for (const action of ['edit', 'delete', 'everyRestaurant']) expect(await ask('timesheet', action)).toBe(true);
    for (const action of ['undoListed', 'restore']) expect(await ask('history', action)).toBe(true);
  });

  it('managers get no drivers, restaurants, areas or users screens, nor the administrators-only actions', async () => {
    storeUser(MANAGER);
    for (const screen of ['schedule', 'timesheet', 'invoices', 'newsfeed', 'reporting', 'history', 'options']) {
      expect(await ask(screen, 'list')).toBe(true);
    }
    for (const screen of ['drivers', 'restaurants', 'areas', 'users']) expect(await ask(screen, 'list')).toBe(false);
    expect(await ask('areas', 'read')).toBe(true); // the location pickers
    expect(await ask('areas', 'edit')).toBe(false);
    expect(await ask('invoices', 'delete')).toBe(false);
    expect(await ask('newsfeed', 'messageAll')).toBe(false);
    expect(await ask('options', 'edit')).toBe(true);
    expect(await ask('options', 'editRates')).toBe(false);
    // Timesheets of their restaurants, edited but never removed; History without Undo of any action or Restore.
    expect(await ask('timesheet', 'edit')).toBe(true);
    expect(await ask('timesheet', 'delete')).toBe(false);
    expect(await ask('timesheet', 'everyRestaurant')).toBe(false);
    expect(await ask('history', 'undoListed')).toBe(false);
    expect(await ask('history', 'restore')).toBe(false);
  });

  it('restaurant accounts get their own schedule, timesheets and invoices only', async () => {
    storeUser(RESTAURANT);
    for (const screen of ['schedulerestaurant', 'timesheetrestaurant', 'invoicesrestaurant', 'home', 'alerts']) expect(await ask(screen, 'list')).toBe(true);
    for (const screen of ['schedule', 'invoices', 'newsfeed', 'options', 'users']) expect(await ask(screen, 'list')).toBe(false);
    expect(await ask('invoices', 'read')).toBe(true);
    expect(await ask('invoices', 'delete')).toBe(false);
    // Their timesheets are read-only.
    expect(await ask('timesheet', 'edit')).toBe(false);
  });

  it('an account without a role, or nobody, opens Home only; unknown resources and actions are refused', async () => {
    storeUser({ ...MANAGER, role: null });
    expect(await ask('home', 'list')).toBe(true);
    expect(await ask('newsfeed', 'list')).toBe(false);
    storeUser(ADMIN);
    expect(await ask('nothing', 'list')).toBe(false);
    expect(await ask('areas', 'launch')).toBe(false);
    expect(await ask('areas', 'show')).toBe(true); // a record view follows the list
    clearStoredUser();
    expect(await ask('newsfeed', 'list')).toBe(false);
  });
});
