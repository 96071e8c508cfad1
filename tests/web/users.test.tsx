import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE } from '../../domain/roles';
import { USER_MSG, matchesUserSearch } from '../../domain/validation/user';
import { UserDialog } from '../../resources/users/UserDialog';
import { AREAS_LABEL, RESTAURANTS_LABEL } from '../../resources/users/UserInputs';
import type { PanelUser } from '../../resources/users/types';
import { ADMIN, MANAGER, isListCall, listAnswer, mockApi, pickerLists, expectScreenRefused, renderAppAt, renderInAdmin, storeUser, type ApiCall, type AreaFixture } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const AREAS: AreaFixture[] = [
  { id: 1, name: 'Camden', city: { city_name: 'London' }, restaurants: [{ id: 11, name: 'Pizza Palace Camden', area_id: 1 }, { id: 12, name: 'Curry Corner', area_id: 1 }] },
  { id: 2, name: 'Islington', city: { city_name: 'London' }, restaurants: [{ id: 21, name: 'Burger Barn Angel', area_id: 2 }] },
  { id: 3, name: 'Salford', city: { city_name: 'Manchester' }, restaurants: [{ id: 31, name: 'Golden Wok Salford', area_id: 3 }] },
];

const user = (over: Partial<PanelUser>): PanelUser => ({
  id: 0,
  first_name: '',
  last_name: '',
  full_name: '',
  email: '',
  role: ROLE.manager,
  area_ids: [],
  restaurant_ids: [],
  ...over,
});
const USERS: PanelUser[] = [
  user({ id: 1, first_name: 'Alice', last_name: 'Admin', full_name: 'Alice Admin', email: 'admin@demo.test', role: ROLE.administrator }),
  user({ id: 2, first_name: 'Mark', last_name: 'Manager', full_name: 'Mark Manager', email: 'manager@demo.test', area_ids: [{ area_id: 1 }, { area_id: 2 }] }),
  user({ id: 5, first_name: 'Oliver', last_name: 'Bennett', full_name: 'Oliver Bennett', email: 'Oliver.Bennett@Demo.test', role: ROLE.administrator }),
  user({ id: 9, first_name: 'Wanda', last_name: 'Waiting', full_name: 'Wanda Waiting', email: 'wanda@example.com', role: null }),
];

// ---------------------------------------------------------------------------------------------------------
// The dialog on its own
// ---------------------------------------------------------------------------------------------------------

function renderDialog(props: Partial<Parameters<typeof UserDialog>[0]> = {}) {
  const onSubmit = vi.fn(async () => {});
  const onClose = vi.fn();
  // The area and restaurant pickers read their lists from the server.
  const calls = mockApi((call) => pickerLists(call, AREAS));
  renderInAdmin(<UserDialog onSubmit={onSubmit} onClose={onClose} {...props} />);
  return { onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, onClose, calls };
}

const input = (label: RegExp | string) => screen.getByLabelText(label);
const firstName = () => input(/^First Name/);
const lastName = () => input(/^Last Name/);
const email = () => input(/^E-mail/);
const roleSelect = () => screen.getByRole('combobox', { name: /^Role/ });
const createButton = () => screen.getByRole('button', { name: 'Create' });
const areasInput = () => screen.getByRole('combobox', { name: AREAS_LABEL });
const restaurantsInput = () => screen.getByRole('combobox', { name: RESTAURANTS_LABEL });

async function chooseRole(u: ReturnType<typeof userEvent.setup>, label: 'Administrator' | 'Manager') {
  await u.click(roleSelect());
  await u.click(await screen.findByRole('option', { name: label }));
}
async function pick(u: ReturnType<typeof userEvent.setup>, box: () => HTMLElement, option: string) {
  await u.click(box());
  await u.click(await screen.findByRole('option', { name: option }));
}
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);
const chip = (label: string) => screen.getByRole('button', { name: label });
/** A chosen record's chip, once the record is read. */
const chipShown = (label: string) => screen.findByRole('button', { name: label });

describe('User dialog', () => {
  it("shows the spec's messages once the fields are touched", async () => {
    const u = userEvent.setup({ delay: null });
    renderDialog();
    expect(screen.queryByText(USER_MSG.firstNameRequired)).not.toBeInTheDocument();
    await u.click(firstName());
    await u.click(email());
    await u.tab();
    expect(await screen.findByText(USER_MSG.firstNameRequired)).toBeInTheDocument();
    expect(await screen.findByText(USER_MSG.emailRequired)).toBeInTheDocument();
    await u.type(email(), 'nina.example.com');
    expect(await screen.findByText(USER_MSG.validEmail)).toBeInTheDocument();
    // The role's message appears once its menu was opened and closed without a choice.
    await u.click(roleSelect());
    await u.keyboard('{Escape}');
    expect(await screen.findByText(USER_MSG.roleRequired)).toBeInTheDocument();
  });

  it('keeps Create disabled until the form is valid, then sends the body', async () => {
    const u = userEvent.setup({ delay: null });
    const { onSubmit } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Create Administrator' })).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await u.type(firstName(), 'Nina');
    await u.type(lastName(), 'New');
    await u.type(email(), 'nina@example.com');
    expect(createButton()).toBeDisabled();
    await chooseRole(u, 'Administrator');
    expect(createButton()).toBeEnabled();
    await u.click(createButton());
    expect(onSubmit).toHaveBeenCalledWith({
      first_name: 'Nina',
      last_name: 'New',
      role: ROLE.administrator,
      email: 'nina@example.com',
      area_ids: [],
      restaurant_ids: [],
    });
  });

  it('keeps the submit button disabled while sending', async () => {
    const u = userEvent.setup({ delay: null });
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDialog({ onSubmit });
    await u.type(firstName(), 'Nina');
    await u.type(email(), 'nina@example.com');
    await chooseRole(u, 'Manager');
    await u.click(createButton());
    expect(createButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    finish();
  });

  it('offers areas and restaurants only for a manager; restaurants stay disabled until an area is chosen', async () => {
    const u = userEvent.setup({ delay: null });
    renderDialog();
    await chooseRole(u, 'Administrator');
    expect(screen.queryByLabelText(AREAS_LABEL)).not.toBeInTheDocument();
    await chooseRole(u, 'Manager');
    expect(areasInput()).toBeEnabled();
    expect(restaurantsInput()).toBeDisabled();
    await pick(u, areasInput, 'Camden (London)');
    expect(restaurantsInput()).toBeEnabled();
    await u.click(restaurantsInput());
    await waitFor(() => expect(optionNames()).toEqual(['Pizza Palace Camden', 'Curry Corner']));
  });

  it("searches the chosen areas' restaurants on the server as the name is typed", async () => {
    const u = userEvent.setup({ delay: null });
    const { calls } = renderDialog();
    await chooseRole(u, 'Manager');
    await pick(u, areasInput, 'Camden (London)');
    await u.click(restaurantsInput());
    await u.keyboard('curry');
    await waitFor(() => expect(optionNames()).toEqual(['Curry Corner']));
    const asked = calls.filter((c) => c.path.startsWith('/api/restaurant?')).map((c) => JSON.parse(new URL(c.path, 'http://localhost').searchParams.get('filter')!));
    expect(asked).toContainEqual({ area_id: [1], q: 'curry' });
  });

  it('drops the restaurants outside the areas when an area is removed', async () => {
    const u = userEvent.setup({ delay: null });
    const { onSubmit } = renderDialog();
    await u.type(firstName(), 'Mia');
    await u.type(email(), 'mia@example.com');
    await chooseRole(u, 'Manager');
    await pick(u, areasInput, 'Camden (London)');
    await pick(u, areasInput, 'Islington (London)');
    await pick(u, restaurantsInput, 'Curry Corner');
    await pick(u, restaurantsInput, 'Burger Barn Angel');
    expect(chip('Curry Corner')).toBeInTheDocument();
    // Remove Camden: Curry Corner (a Camden restaurant) goes, Burger Barn Angel (Islington) stays.
    await u.click(within(chip('Camden (London)')).getByTestId('CancelIcon'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Curry Corner' })).not.toBeInTheDocument());
    expect(chip('Burger Barn Angel')).toBeInTheDocument();
    await u.click(createButton());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ role: ROLE.manager, area_ids: [2], restaurant_ids: [21] }));
  });

  it('shows the password field only with the Change Password switch on, with its messages and counter', async () => {
    const u = userEvent.setup({ delay: null });
    const { onSubmit } = renderDialog();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await u.type(firstName(), 'Pat');
    await u.type(email(), 'pat@example.com');
    await chooseRole(u, 'Manager');
    expect(createButton()).toBeEnabled();
    await u.click(screen.getByRole('switch', { name: 'Change Password' }));
    const password = input(/^Password/);
    expect(screen.getByText('0/12')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await u.click(password);
    await u.tab();
    expect(await screen.findByText(USER_MSG.enterPassword)).toBeInTheDocument();
    await u.type(password, '12345');
    expect(await screen.findByText(USER_MSG.passwordSixSymbols)).toBeInTheDocument();
    expect(screen.getByText('5/12')).toBeInTheDocument();
    await u.type(password, '6');
    expect(createButton()).toBeEnabled();
    await u.click(createButton());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ password: '123456' }));
    // Switched off, the field goes and no password is sent.
    await u.click(screen.getByRole('switch', { name: 'Change Password' }));
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('appends the server e-mail errors to the e-mail field and clears them on change', async () => {
    const u = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error(USER_MSG.emailTaken), { body: { email: [USER_MSG.emailTaken] } });
    });
    renderDialog({ onSubmit });
    await u.type(firstName(), 'Dup');
    await u.type(email(), 'manager@demo.test');
    await chooseRole(u, 'Manager');
    await u.click(createButton());
    expect(await screen.findByText(USER_MSG.emailTaken)).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await u.type(email(), 'x');
    expect(screen.queryByText(USER_MSG.emailTaken)).not.toBeInTheDocument();
  });

  it('Clear empties the create form', async () => {
    const u = userEvent.setup({ delay: null });
    renderDialog();
    await u.type(firstName(), 'Nina');
    await u.type(email(), 'nina@example.com');
    await chooseRole(u, 'Manager');
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    expect(firstName()).toHaveValue('');
    expect(email()).toHaveValue('');
    expect(createButton()).toBeDisabled();
  });

  it('edits a user: Cancel and Accept, values filled in, own role locked', async () => {
    const u = userEvent.setup({ delay: null });
    const { onSubmit, onClose } = renderDialog({ user: USERS[1], selfId: 1 });
    expect(screen.getByRole('heading', { name: 'Edit Administrator' })).toBeInTheDocument();
    expect(firstName()).toHaveValue('Mark');
    expect(await chipShown('Camden (London)')).toBeInTheDocument();
    expect(await chipShown('Islington (London)')).toBeInTheDocument();
    await u.clear(lastName());
    await u.type(lastName(), 'Mann');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ last_name: 'Mann', role: ROLE.manager, area_ids: [1, 2], restaurant_ids: [] }));
  });

  it("locks the role of the administrator's own account", () => {
    renderDialog({ user: USERS[0], selfId: 1 });
    expect(roleSelect()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(USER_MSG.demoteSelf)).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------------------

function api(extra: (call: ApiCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (isListCall(call, '/api/user')) return listAnswer(call, 'user', USERS, (u, filter) => matchesUserSearch(u, String(filter.q ?? '')));
    if (call.method === 'GET' && call.path === '/api/area?restaurants=false') return { body: AREAS };
    return pickerLists(call, AREAS);
  });
}

async function openScreen() {
  storeUser(ADMIN);
  renderAppAt('/users');
  await screen.findByText('Oliver Bennett');
}
const rows = () => within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row').slice(1);

describe('Administrators screen', () => {
  it('fetches users and areas, and lists every user with role', async () => {
    const calls = api();
    await openScreen();
    expect(calls.some((c) => isListCall(c, '/api/user'))).toBe(true);
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/area?restaurants=false')).toBe(true);
    expect(rows()).toHaveLength(4);
    expect(screen.getByText('No role yet')).toBeInTheDocument();
    expect(screen.getByText('Camden (London), Islington (London) · all restaurants')).toBeInTheDocument();
  });

  it('searches the full name and the lower-cased e-mail', async () => {
    api();
    const u = userEvent.setup({ delay: null });
    await openScreen();
    const search = screen.getByRole('textbox', { name: 'Search users' });
    // The search runs on the server, once typing pauses.
    await u.type(search, 'mark man');
    await waitFor(() => expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Mark Manager']));
    await u.clear(search);
    await u.type(search, 'oliver.bennett@demo');
    await waitFor(() => expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Oliver Bennett']));
    await u.clear(search);
    await u.type(search, 'zzz');
    expect(await screen.findByText('No users match "zzz"')).toBeInTheDocument();
  });

  it("asks 'Remove user {full name}?' and removes on confirmation; one's own account cannot be removed", async () => {
    const calls = api((c) => (c.method === 'DELETE' ? { body: { success: true } } : undefined));
    const u = userEvent.setup({ delay: null });
    await openScreen();
    expect(screen.getByRole('button', { name: 'Remove user Alice Admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove user Alice Admin' })).toHaveAccessibleDescription(USER_MSG.removeSelf);
    await u.click(screen.getByRole('button', { name: 'Remove user Mark Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user Mark Manager?' });
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/2')).toBe(true));
    expect(await screen.findByText('User Mark Manager removed')).toBeInTheDocument();
  });

  it('shows the server message when a removal is refused', async () => {
    api((c) => (c.method === 'DELETE' ? { status: 400, body: { id: [USER_MSG.removeLastAdministrator] } } : undefined));
    const u = userEvent.setup({ delay: null });
    await openScreen();
    await u.click(screen.getByRole('button', { name: 'Remove user Oliver Bennett' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(USER_MSG.removeLastAdministrator)).toBeInTheDocument();
  });

  it('creates a user, then e-mails the returned credentials with the login link and says so', async () => {
    const created = user({ id: 40, first_name: 'Nina', last_name: 'New', full_name: 'Nina New', email: 'nina@example.com' });
    const credentials = { email: 'nina@example.com', password: 'Gen3ratedPassw0rd', name: 'Nina New' };
    const calls = api((c) => {
      if (c.method === 'POST' && c.path === '/api/user') return { status: 201, body: { user: created, restCredentials: credentials } };
      if (c.method === 'POST' && c.path === '/api/sendEmailUser') return { body: { success: true } };
      return undefined;
    });
    const u = userEvent.setup({ delay: null });
    await openScreen();
    await u.click(screen.getByRole('button', { name: 'Create Administrator' }));
    await screen.findByRole('dialog', { name: 'Create Administrator' });
    await u.type(firstName(), 'Nina');
    await u.type(lastName(), 'New');
    await u.type(email(), 'nina@example.com');
    await chooseRole(u, 'Manager');
    await u.click(createButton());
    expect(await screen.findByText(`User Nina New created. ${USER_MSG.credentialsSent} nina@example.com.`)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/user')!;
    expect(post.body).toEqual({ first_name: 'Nina', last_name: 'New', role: ROLE.manager, email: 'nina@example.com', area_ids: [], restaurant_ids: [] });
    const mail = calls.find((c) => c.path === '/api/sendEmailUser')!;
    expect(mail.body).toEqual({ ...credentials, link: `${window.location.origin}/login` });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Administrator' })).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server e-mail error on the field and in the snackbar', async () => {
    const calls = api((c) => (c.method === 'POST' && c.path === '/api/user' ? { status: 400, body: { email: [USER_MSG.emailTaken] } } : undefined));
    const u = userEvent.setup({ delay: null });
    await openScreen();
    await u.click(screen.getByRole('button', { name: 'Create Administrator' }));
    await u.type(firstName(), 'Dup');
    await u.type(email(), 'manager@demo.test');
    await chooseRole(u, 'Administrator');
    await u.click(createButton());
    await waitFor(() => expect(screen.getAllByText(USER_MSG.emailTaken)).toHaveLength(2)); // field + snackbar
    expect(screen.getByRole('dialog', { name: 'Create Administrator' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/sendEmailUser')).toBe(false);
  });

  it('edits a user with PUT /api/user/{id}?inactive=false', async () => {
    const calls = api((c) => (c.method === 'PUT' ? { body: { ...USERS[3], role: ROLE.manager } } : undefined));
    const u = userEvent.setup({ delay: null });
    await openScreen();
    await u.click(screen.getByRole('button', { name: 'Edit user Wanda Waiting' }));
    await screen.findByRole('dialog', { name: 'Edit Administrator' });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled(); // no role yet
    await chooseRole(u, 'Manager');
    await u.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/user/9?inactive=false');
    expect(put.body).toEqual({ id: 9, first_name: 'Wanda', last_name: 'Waiting', role: ROLE.manager, email: 'wanda@example.com', area_ids: [], restaurant_ids: [] });
    expect(await screen.findByText('User updated')).toBeInTheDocument();
  });

  it('is not for managers', async () => {
    await expectScreenRefused(MANAGER, '/users', api(), '/api/user');
  });
});
