import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import { NOT_AVAILABLE } from '../../src/components/RoleGate';
import { ADMIN, MANAGER, RESTAURANT, WAITING, mockApi, expectPath, renderAppAs, renderAppAt, type ApiHandler } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.getByLabelText(/^Password/);

/** The login page over an API answered by `handler`: the calls it makes and a user to drive it. */
async function openLogin(handler?: ApiHandler) {
  const calls = mockApi(handler);
  const user = userEvent.setup();
  renderAppAt('/login');
  const logIn = await screen.findByRole('button', { name: 'Log In' });
  return { calls, user, logIn };
}

/** Types the e-mail and the password. */
async function typeLogin(user: UserEvent, email: string, password: string) {
  await user.type(emailField(), email);
  await user.type(passwordField(), password);
}

describe('Login page', () => {
  it('shows the tabs, fields, buttons and a link to registration', async () => {
    await openLogin();
    expect(screen.getByRole('tab', { name: 'Business' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Admin' })).toBeInTheDocument();
    expect(emailField()).toBeInTheDocument();
    expect(passwordField()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute('href', '/registration');
    expect(screen.getByRole('button', { name: /back to website/i })).toBeInTheDocument();
  });

  it('shows the required messages once the fields are touched', async () => {
    const { user } = await openLogin();
    expect(screen.queryByText(MSG.enterEmail)).not.toBeInTheDocument();
    await user.click(emailField());
    await user.click(passwordField());
    await user.tab();
    expect(await screen.findByText(MSG.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPassword)).toBeInTheDocument();
  });

  it('shows the format messages for a bad e-mail and a short password', async () => {
    const { user } = await openLogin();
    await typeLogin(user, 'not-an-email', '123');
    await user.tab();
    expect(await screen.findByText(MSG.validEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordSixSymbols)).toBeInTheDocument();
  });

  it('does not call the API while the form is invalid, and shows every message on submit', async () => {
    const { calls, user, logIn } = await openLogin();
    await user.click(logIn);
    expect(await screen.findByText(MSG.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPassword)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/auth/login'))).toHaveLength(0);
  });

  it('Cancel clears the form', async () => {
    const { user } = await openLogin();
    await typeLogin(user, 'someone@example.com', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(emailField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(screen.queryByText(MSG.enterEmail)).not.toBeInTheDocument();
  });

  it("shows 'Incorrect logins - please try again!' on a 401", async () => {
    const { user } = await openLogin((call) => (call.path === '/api/auth/login' ? { status: 401, body: { message: 'Unauthenticated.' } } : undefined));
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await typeLogin(user, 'admin@demo.test', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MSG.incorrectLogins)).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the raw message of other errors', async () => {
    const { user } = await openLogin((call) =>
      call.path === '/api/auth/login/restaurant'
        ? { status: 429, body: { email: ['Too many login attempts - please wait a few minutes and try again'] } }
        : undefined,
    );
    await typeLogin(user, 'restaurant@demo.test', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Too many login attempts - please wait a few minutes and try again')).toBeInTheDocument();
  });

  it('Admin tab: logs a staff user in, stores role 10 and lands on /schedule', async () => {
    const { calls, user } = await openLogin((call) =>
      call.path === '/api/auth/login'
        ? {
            body: {
              user: { id: 1, first_name: 'Alice', last_name: 'Admin', email: 'admin@demo.test', role: 10, area_ids: [], restaurant_ids: [] },
              access_token: 'tok-1',
            },
          }
        : undefined,
    );
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await typeLogin(user, 'admin@demo.test', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await expectPath('/schedule');
    const login = calls.find((c) => c.path === '/api/auth/login')!;
    expect(login.method).toBe('POST');
    expect(login.body).toEqual({ email: 'admin@demo.test', password: 'demo1234' });
    expect(login.headers['x-requested-with']).toBe('XMLHttpRequest');
    const stored = JSON.parse(window.localStorage.getItem('user')!);
    expect(stored).toMatchObject({ id: 1, firstName: 'Alice', lastName: 'Admin', email: 'admin@demo.test', access_token: 'tok-1', role: 10 });
    // The schedule board opens (its toolbar) and asks for the week's shifts.
    expect(await screen.findByRole('button', { name: /^Publish Shifts/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path.startsWith('/api/shift?'))).toBe(true));
  });

  it("Business tab: logs a restaurant account in with role 'restaurant' and lands on /schedulerestaurant", async () => {
    const { calls, user } = await openLogin((call) =>
      call.path === '/api/auth/login/restaurant'
        ? {
            body: {
              restaurant: { id: 3, name: 'Pizza Palace Ltd', email: 'restaurant@demo.test', restaurants: RESTAURANT.restaurants },
              access_token: 'tok-3',
            },
          }
        : undefined,
    );
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    await typeLogin(user, 'restaurant@demo.test', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await expectPath('/schedulerestaurant');
    expect(calls.some((c) => c.path === '/api/auth/login/restaurant' && c.method === 'POST')).toBe(true);
    const stored = JSON.parse(window.localStorage.getItem('user')!);
    expect(stored).toMatchObject({
      id: 3,
      firstName: 'Pizza Palace Ltd',
      role: 'restaurant',
      access_token: 'tok-3',
      restaurantsWorksFor: [7, 8],
    });
    expect(stored.restaurants).toHaveLength(2);
  });

  it("sends a logged-out visitor of a protected route to /login with 'Please log in to access this page'", async () => {
    mockApi();
    renderAppAt('/users');
    expect(await screen.findByText(MSG.pleaseLogIn)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('loginError')).toBe(MSG.pleaseLogIn);
  });

  it('after the guard, logging in returns to the page the user wanted when the role may open it', async () => {
    mockApi((call) =>
      call.path === '/api/auth/login'
        ? { body: { user: { id: 1, first_name: 'Alice', last_name: 'Admin', email: 'admin@demo.test', role: 10 }, access_token: 't' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderAppAt('/areas');
    await screen.findByText(MSG.pleaseLogIn);
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await typeLogin(user, 'admin@demo.test', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await expectPath('/areas');
  });

  it.each([
    ['restaurant account', RESTAURANT, '/schedulerestaurant'],
    ['administrator', ADMIN, '/schedule'],
    ['manager', MANAGER, '/schedule'],
  ])('sends an already logged-in %s to their landing page, its schedule, which it may open', async (_, account, landing) => {
    renderAppAs(account, '/login');
    await expectPath(landing);
    const menu = await screen.findByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByRole('menuitem', { name: /Schedule/ })).toBeInTheDocument();
    expect(screen.queryByText(NOT_AVAILABLE)).not.toBeInTheDocument();
  });

  it('sends an already logged-in account still waiting for a role to its home page, which shows its details', async () => {
    renderAppAs(WAITING, '/login');
    await expectPath('/home');
    expect(await screen.findByText(WAITING.email)).toBeInTheDocument();
    expect(screen.queryByText(NOT_AVAILABLE)).not.toBeInTheDocument();
  });
});
