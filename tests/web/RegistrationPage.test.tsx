import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG, OWN_MSG } from '../../domain/messages';
import { NOT_AVAILABLE } from '../../src/components/RoleGate';
import { ADMIN, MANAGER, RESTAURANT, WAITING, mockApi, expectPath, renderAppAs, renderAppAt, type ApiHandler } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const field = (label: RegExp) => screen.getByLabelText(label);
const firstName = () => field(/^First Name/);
const lastName = () => field(/^Last Name/);
const email = () => field(/^Email/);
const password = () => field(/^Password/);
const confirm = () => field(/^Confirm Password/);
const registerButton = () => screen.getByRole('button', { name: 'Register' });

/** The registration page over an API answered by `handler`: the calls it makes and a user to drive it. */
async function openRegistration(handler?: ApiHandler, path = '/registration') {
  const calls = mockApi(handler);
  const user = userEvent.setup();
  renderAppAt(path);
  await screen.findByRole('button', { name: 'Register' });
  return { calls, user };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(firstName(), 'Nina');
  await user.type(lastName(), 'Newcomer');
  await user.type(email(), 'nina@example.com');
  await user.type(password(), 'secret12');
  await user.type(confirm(), 'secret12');
}

describe('Registration page', () => {
  it('shows the fields, the buttons, the password counter and a link to log in', async () => {
    await openRegistration();
    for (const get of [firstName, lastName, email, password, confirm]) expect(get()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('0/12')).toBeInTheDocument();
  });

  it('shows each required message once the fields are touched', async () => {
    const { user } = await openRegistration();
    await user.click(firstName());
    await user.click(lastName());
    await user.click(email());
    await user.click(password());
    await user.click(confirm());
    await user.tab();
    expect(await screen.findByText(MSG.enterName)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterLastName)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPasswordRegistration)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmPassword)).toBeInTheDocument();
  });

  it("shows 'Must be valid e-mail', 'Min 6 symbols' and 'Passwords do not match'", async () => {
    const { user } = await openRegistration();
    await user.type(email(), 'nina.example.com');
    await user.type(password(), '12345');
    await user.type(confirm(), '123456');
    await user.tab();
    expect(await screen.findByText(MSG.validEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.min6)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByText('5/12')).toBeInTheDocument();
  });

  it('keeps Register disabled until the form is valid', async () => {
    const { user } = await openRegistration();
    expect(registerButton()).toBeDisabled();
    await user.type(firstName(), 'Nina');
    await user.type(lastName(), 'Newcomer');
    await user.type(email(), 'nina@example.com');
    await user.type(password(), 'secret12');
    expect(registerButton()).toBeDisabled();
    await user.type(confirm(), 'secret1');
    expect(registerButton()).toBeDisabled();
    await user.type(confirm(), '2');
    expect(registerButton()).toBeEnabled();
  });

  it('Cancel clears the form', async () => {
    const { user } = await openRegistration();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    for (const get of [firstName, lastName, email, password, confirm]) expect(get()).toHaveValue('');
    expect(registerButton()).toBeDisabled();
  });

  it('shows the first server message and clears both password fields on failure', async () => {
    const { user } = await openRegistration((call) =>
      call.path === '/api/register' ? { status: 400, body: { email: [OWN_MSG.emailTaken, 'second message'] } } : undefined,
    );
    await fillValid(user);
    await user.click(registerButton());
    expect(await screen.findByText(OWN_MSG.emailTaken)).toBeInTheDocument();
    expect(screen.queryByText('second message')).not.toBeInTheDocument();
    expect(password()).toHaveValue('');
    expect(confirm()).toHaveValue('');
    expect(firstName()).toHaveValue('Nina');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('stores the new user and goes to /newsfeed on success', async () => {
    const { calls, user } = await openRegistration((call) =>
      call.path === '/api/register'
        ? {
            status: 201,
            body: { user: { id: 9, first_name: 'Nina', last_name: 'Newcomer', email: 'nina@example.com', role: null }, access_token: 'tok-9' },
          }
        : undefined,
    );
    await fillValid(user);
    await user.click(registerButton());
    await expectPath('/newsfeed');
    const call = calls.find((c) => c.path === '/api/register')!;
    expect(call.body).toEqual({ firstName: 'Nina', lastName: 'Newcomer', email: 'nina@example.com', password: 'secret12' });
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({
      id: 9,
      firstName: 'Nina',
      lastName: 'Newcomer',
      access_token: 'tok-9',
      role: null,
    });
    // A self-registered account has no role yet: the shell says so instead of the news feed.
    expect(await screen.findByText(OWN_MSG.noRoleYet)).toBeInTheDocument();
  });

  it("shows 'Please log in to access this page' when arriving with a loginError query", async () => {
    await openRegistration(undefined, `/registration?loginError=${encodeURIComponent(MSG.pleaseLogIn)}`);
    expect(screen.getByText(MSG.pleaseLogIn)).toBeInTheDocument();
  });

  it('sends a logged-in user to /newsfeed', async () => {
    renderAppAs(ADMIN, '/registration');
    await expectPath('/newsfeed');
    expect(await screen.findByRole('heading', { name: 'News Feed', level: 1 })).toBeInTheDocument();
  });

  it('sends a logged-in restaurant account to its own schedule, not to a news feed it may not open', async () => {
    mockApi();
    renderAppAs(RESTAURANT, '/registration');
    await expectPath('/schedulerestaurant');
    expect(await screen.findByRole('menu', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_AVAILABLE)).not.toBeInTheDocument();
  });

  it('sends a logged-in manager to the news feed', async () => {
    renderAppAs(MANAGER, '/registration');
    await expectPath('/newsfeed');
    expect(await screen.findByRole('heading', { name: 'News Feed', level: 1 })).toBeInTheDocument();
  });

  it('sends a logged-in account still waiting for a role to its home page, which shows its details', async () => {
    renderAppAs(WAITING, '/registration');
    await expectPath('/home');
    expect(await screen.findByText(WAITING.email)).toBeInTheDocument();
    expect(screen.queryByText(NOT_AVAILABLE)).not.toBeInTheDocument();
  });
});
