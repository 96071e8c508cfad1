import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import { ADMIN, MANAGER, RESTAURANT, expectPath, renderAppAs } from './harness';
import { NOT_AVAILABLE } from '../../src/components/RoleGate';
import type { FeedCallback } from '../../providers/realtime';

const feed = vi.hoisted(() => ({ subscribers: [] as { channel: string; callback: (event: string, items: unknown[]) => void }[] }));

vi.mock('../../providers/realtime', () => ({
  startRealtime: vi.fn(async () => {}),
  stopRealtime: vi.fn(),
  subscribeToFeed: vi.fn((channel: string, callback: FeedCallback) => {
    const entry = { channel, callback };
    feed.subscribers.push(entry);
    return () => {
      feed.subscribers = feed.subscribers.filter((s) => s !== entry);
    };
  }),
  onFeedError: vi.fn(() => () => {}),
}));

const realtime = await import('../../providers/realtime');

function emit(channel: string, event: string, items: unknown[]) {
  act(() => {
    for (const s of feed.subscribers.filter((x) => x.channel === channel)) s.callback(event, items);
  });
}

const alert = (id: number, status: number, message: string, created_at: string) => ({
  id,
  status,
  channel: 'timesheet_channel',
  event: 'request',
  created_at,
  data: JSON.stringify({ message }),
});

async function menuLabels() {
  const menu = await screen.findByRole('menu', { name: 'Main menu' });
  // The links come from the auth provider's canAccess, answered asynchronously.
  return (await within(menu).findAllByRole('menuitem')).map((item) => item.textContent?.trim());
}

beforeEach(() => {
  feed.subscribers = [];
  vi.mocked(realtime.startRealtime).mockClear();
  vi.mocked(realtime.stopRealtime).mockClear();
});

describe('Shell', () => {
  it.each([
    ['an administrator', '/newsfeed', ADMIN],
    ['a restaurant account', '/schedulerestaurant', RESTAURANT],
  ])('redirects %s opening / to %s, which it may open', async (_, landing, account) => {
    renderAppAs(account, '/');
    await expectPath(landing);
    expect(screen.queryByText(NOT_AVAILABLE)).toBeNull();
  });

  it('administrator: ten links incl. History and Administrators, the alerts bell and the settings link', async () => {
    renderAppAs(ADMIN, '/schedule');
    expect(await menuLabels()).toEqual([
      'Schedule',
      'Timesheets',
      'Invoices',
      'News Feed',
      'Drivers',
      'Restaurants',
      'Areas',
      'Reporting',
      'History',
      'Administrators',
    ]);
    expect(screen.getByRole('button', { name: /^Alerts/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Options' })).toHaveAttribute('href', '/options');
    expect(screen.getByRole('link', { name: 'Alice' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /back to website/i })).not.toBeInTheDocument();
    await waitFor(() => expect(realtime.startRealtime).toHaveBeenCalledWith('token-admin'));
  });

  it('manager: six links, the bell and settings', async () => {
    renderAppAs(MANAGER, '/schedule');
    expect(await menuLabels()).toEqual(['Schedule', 'Timesheets', 'Invoices', 'News Feed', 'Reporting', 'History']);
    expect(screen.getByRole('button', { name: /^Alerts/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Options' })).toBeInTheDocument();
  });

  it('restaurant: three restaurant links, the bell of its late drivers and no-shows, no settings', async () => {
    const calls = renderAppAs(RESTAURANT, '/schedulerestaurant', (call) =>
      call.path === '/api/alert' ? { body: [alert(7, 10, 'Sam Driver is late for Pizza Palace Camden', '2024-05-03T10:30:00Z')] } : undefined,
    );
    expect(await menuLabels()).toEqual(['Schedule', 'Timesheets', 'Invoices']);
    const menu = screen.getByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByRole('menuitem', { name: /Schedule/ })).toHaveAttribute('href', '/schedulerestaurant');
    expect(screen.queryByRole('link', { name: 'Options' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '1 unread alert' }));
    expect(within(await screen.findByRole('list', { name: 'Alerts list' })).getByText(/is late for Pizza Palace Camden/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/alert')!.headers.authorization).toBe('Bearer token-restaurant');
    await waitFor(() => expect(realtime.startRealtime).toHaveBeenCalledWith('token-restaurant'));
  });

  it('tells a role that may not open a screen that it is not available', async () => {
    renderAppAs(MANAGER, '/users');
    expect(await screen.findByText(NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.queryByText(/not built yet/)).not.toBeInTheDocument();
  });

  it('sends the bearer token and X-Requested-With on data calls', async () => {
    const calls = renderAppAs(ADMIN, '/schedule');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/alert')).toBe(true));
    const call = calls.find((c) => c.path === '/api/alert')!;
    expect(call.headers.authorization).toBe('Bearer token-admin');
    expect(call.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('alerts: unread badge, newest first, click marks read, mark all, live alerts raise the badge', async () => {
    const calls = renderAppAs(ADMIN, '/schedule', (call) => {
      if (call.path === '/api/alert' && call.method === 'GET') {
        return {
          body: [
            alert(1, 20, 'Old read alert', '2024-05-01T09:00:00Z'),
            alert(2, 10, 'Driver requested a shift', '2024-05-03T10:30:00Z'),
            alert(3, 10, 'Timesheet submitted', '2024-05-02T08:15:00Z'),
          ],
        };
      }
      if (call.path.startsWith('/api/alert/') && call.method === 'PUT') return { body: call.body };
      if (call.path === '/api/alert/all-readed') return { body: { success: true } };
      return undefined;
    });
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: '2 unread alerts' });
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Alerts list' });
    const items = within(list).getAllByRole('button');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Driver requested a shift'),
      expect.stringContaining('Timesheet submitted'),
      expect.stringContaining('Old read alert'),
    ]);
    expect(items[0]).toHaveTextContent(/03\/05\/2024 \d\d:30/);

    await user.click(items[0]);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/alert/2')).toBe(true));
    expect(calls.find((c) => c.path === '/api/alert/2')!.body).toEqual({ id: 2, status: 20 });
    // The open popover hides the page from the accessibility tree, hence hidden: true.
    expect(await screen.findByRole('button', { name: '1 unread alert', hidden: true })).toBeInTheDocument();

    emit('alert_channel', 'store', [alert(4, 10, 'New post published', '2024-05-04T12:00:00Z')]);
    expect(await screen.findByRole('button', { name: '2 unread alerts', hidden: true })).toBeInTheDocument();
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('New post published');

    await user.click(screen.getByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/alert/all-readed')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Alerts', hidden: true })).toBeInTheDocument();
  });

  it('home: a restaurant account sees its details and its restaurants', async () => {
    renderAppAs(RESTAURANT, '/home');
    expect(await screen.findByText('Pizza Palace Camden')).toBeInTheDocument();
    expect(screen.getByText('12 High Street, NW1 7JR')).toBeInTheDocument();
    expect(screen.getByText('Pizza Palace Soho')).toBeInTheDocument();
    expect(screen.getAllByText('Pizza Palace Ltd').length).toBeGreaterThan(0);
    expect(screen.getByText('restaurant@demo.test')).toBeInTheDocument();
  });

  it('home: a staff user sees first name, last name and e-mail', async () => {
    renderAppAs(MANAGER, '/home');
    expect(await screen.findByText('Manager', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('manager@demo.test')).toBeInTheDocument();
    expect(screen.queryByText('My restaurants')).not.toBeInTheDocument();
  });

  it('Log Out calls the API, clears the stored user, closes the feed and returns to /login', async () => {
    const calls = renderAppAs(ADMIN, '/schedule', (call) => (call.path === '/api/auth/logout' ? { body: { success: true } } : undefined));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await expectPath('/login');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(realtime.stopRealtime).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.pleaseLogIn)).not.toBeInTheDocument();
    expect(screen.queryByRole('menu', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('after logging out, the next account in the same tab sees its own menu, not the last one', async () => {
    renderAppAs(ADMIN, '/schedule', (call) => {
      if (call.path === '/api/auth/logout') return { body: { success: true } };
      if (call.path === '/api/auth/login/restaurant') {
        return { body: { restaurant: { id: 3, name: 'Pizza Palace Ltd', email: 'restaurant@demo.test', restaurants: RESTAURANT.restaurants }, access_token: 'tok-3' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    expect(await menuLabels()).toContain('Administrators');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await user.click(await screen.findByRole('tab', { name: 'Business' }));
    await user.type(screen.getByLabelText(/^Email/), 'restaurant@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await expectPath('/schedulerestaurant');
    await waitFor(async () => expect(await menuLabels()).toEqual(['Schedule', 'Timesheets', 'Invoices']));
  });

  it('a 401 on a data call logs the user out and reloads', async () => {
    const { session } = await import('../../providers/httpClient');
    const reload = vi.spyOn(session, 'reload').mockImplementation(() => {});
    renderAppAs(ADMIN, '/schedule', (call) => (call.path === '/api/alert' ? { status: 401, body: { message: 'Unauthenticated.' } } : undefined));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
