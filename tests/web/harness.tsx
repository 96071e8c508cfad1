import type { ReactElement, ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { expect, vi } from 'vitest';
import { Root } from '../../src/Root';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import type { StoredUser } from '../../providers/session';
import { NOT_AVAILABLE } from '../../src/components/RoleGate';
import { blocksText } from '../../domain/rowBlocks';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type ApiHandler = (call: ApiCall) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** An answer's text as the server writes it: a list asked for with compact=1 as blocks (domain/rowBlocks.ts). */
export const answerText = (url: URL, status: number, body: unknown): string =>
  url.searchParams.get('compact') === '1' && status < 300 && Array.isArray(body) ? blocksText(body as object[]) : JSON.stringify(body);

/**
 * Replaces fetch with a fake API: the handler answers { status, body } for the calls it knows; anything else gets
 * an empty list for GET and 404 otherwise. Answers the recorded calls.
 */
export function mockApi(handler: ApiHandler = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // left as text
      }
    }
    const call: ApiCall = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname + url.search, body, headers };
    calls.push(call);
    const answer = handler(call) ?? (call.method === 'GET' ? { status: 200, body: [] } : { status: 404, body: { message: 'Not found' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : answerText(url, status, answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The `id` filter every list takes (react-admin's getMany, and a record dialog's read): one id or a list. */
function hasId(row: unknown, filter: Record<string, unknown>): boolean {
  if (filter.id === undefined) return true;
  const ids = ([] as unknown[]).concat(filter.id).map(Number);
  return ids.includes(Number((row as { id?: unknown }).id));
}

/**
 * A list call in react-admin's convention (`range`, `filter`) answered from `rows` as the server does: the rows
 * `match` keeps (the server's filter, written for the test) and the `id` filter, the asked page, and
 * `Content-Range` with the total.
 */
export function listAnswer<T>(call: ApiCall, resource: string, rows: T[], match: (row: T, filter: Record<string, unknown>) => boolean = () => true) {
  const params = new URL(call.path, 'http://localhost').searchParams;
  const filter = JSON.parse(params.get('filter') ?? '{}') as Record<string, unknown>;
  const [first, last] = JSON.parse(params.get('range') ?? '[0,999]') as [number, number];
  const kept = rows.filter((row) => hasId(row, filter) && match(row, filter));
  const page = kept.slice(first, last + 1);
  const span = page.length ? `${first}-${first + page.length - 1}` : '*';
  return { body: page, headers: { 'Content-Range': `${resource} ${span}/${kept.length}` } };
}

/** An area as the tests write it: with its restaurants, as GET /api/area answers an administrator. */
export interface AreaFixture {
  id: number;
  name: string;
  city?: { id?: number; city_name: string } | null;
  restaurants?: { id: number; name: string; area_id: number; status?: number }[];
}

const searched = (text: string, filter: Record<string, unknown>) => !filter.q || text.toLowerCase().includes(String(filter.q).toLowerCase());
const idList = (value: unknown) => ([] as unknown[]).concat(value).map(Number);

/**
 * The area and restaurant pickers' calls (react-admin's convention) answered from `areas` as the server does: the
 * areas searched by name, the restaurants filtered by area and searched by name, each carrying its area. Undefined
 * for any other call.
 */
export function pickerLists(call: ApiCall, areas: AreaFixture[]) {
  if (isListCall(call, '/api/area')) return listAnswer(call, 'area', areas, (a, filter) => searched(a.name, filter));
  if (!isListCall(call, '/api/restaurant')) return undefined;
  const restaurants = areas.flatMap((a) => (a.restaurants ?? []).map((r) => ({ ...r, area_id: a.id, area: { id: a.id, name: a.name } })));
  return listAnswer(call, 'restaurant', restaurants, (r, filter) =>
    (filter.area_id === undefined || idList(filter.area_id).includes(r.area_id)) && searched(r.name, filter),
  );
}

/** Whether a call is a GET of this list in react-admin's convention (its query carries a range or a filter). */
export const isListCall = (call: ApiCall, path: string) =>
  call.method === 'GET' && call.path.startsWith(`${path}?`) && /[?&](range|filter)=/.test(call.path);

export function renderAppAt(path: string) {
  window.history.replaceState({}, '', path);
  return render(<Root />);
}

export const ADMIN: StoredUser = {
  id: 1,
  firstName: 'Alice',
  lastName: 'Admin',
  email: 'admin@demo.test',
  access_token: 'token-admin',
  role: 10,
  restaurantsWorksFor: [],
  restaurants: [],
};
export const MANAGER: StoredUser = { ...ADMIN, id: 2, firstName: 'Mark', lastName: 'Manager', email: 'manager@demo.test', access_token: 'token-manager', role: 20 };
/** A self-registered staff account an administrator has not yet given a role. */
export const WAITING: StoredUser = { ...ADMIN, id: 9, firstName: 'Nina', lastName: 'Newcomer', email: 'nina@example.com', access_token: 'token-waiting', role: null };
export const RESTAURANT: StoredUser = {
  id: 3,
  firstName: 'Pizza Palace Ltd',
  lastName: '',
  email: 'restaurant@demo.test',
  access_token: 'token-restaurant',
  role: 'restaurant',
  restaurantsWorksFor: [7, 8],
  restaurants: [
    { id: 7, name: 'Pizza Palace Camden', address: '12 High Street', postcode: 'NW1 7JR' },
    { id: 8, name: 'Pizza Palace Soho', address: '3 Dean Street', postcode: 'W1D 3RP' },
  ],
};

export function storeUser(user: StoredUser) {
  window.localStorage.setItem('user', JSON.stringify(user));
}

/**
 * Opens `path` as `user` (whose role may not use the screen) and checks what they see: RoleGate's refusal, and no
 * call under `apiPath` among `calls` (the screen's records are never read for them).
 */
export async function expectScreenRefused(user: StoredUser, path: string, calls: ApiCall[], apiPath: string) {
  storeUser(user);
  renderAppAt(path);
  expect(await screen.findByText(NOT_AVAILABLE)).toBeInTheDocument();
  expect(calls.some((c) => c.path.startsWith(apiPath))).toBe(false);
}

/** Waits until the app has gone to `path`. */
export async function expectPath(path: string) {
  await waitFor(() => expect(window.location.pathname).toBe(path));
}

/** The app at `path` for a logged-in account, over an API answered by `handler`: the calls it makes. */
export function renderAppAs(user: StoredUser, path: string, handler?: ApiHandler): ApiCall[] {
  const calls = mockApi(handler);
  storeUser(user);
  renderAppAt(path);
  return calls;
}

/**
 * Renders a dialog as the app hosts it: inside react-admin's context (router, data provider over the mocked fetch,
 * translations), which its form and inputs need.
 */
export function renderInAdmin(ui: ReactElement) {
  return render(ui, { wrapper: AdminHost });
}

function AdminHost({ children }: { children: ReactNode }) {
  return (
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      {children}
    </AdminContext>
  );
}

/**
 * Runs `steps` with the clock standing still but when moved, so that a wait (the filter form's 500 ms for typing to
 * settle) cannot pass unseen. `pick` chooses a MUI select's option by events, as a user's pointer would wait on the
 * clock, then moves it 50 ms; `moveClock` moves it further.
 */
export async function withStoppedClock(steps: (tools: { pick: (select: string, option: string) => Promise<void>; moveClock: (ms: number) => Promise<void> }) => Promise<void>) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const moveClock = async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
  };
  try {
    await steps({
      moveClock,
      pick: async (select, option) => {
        fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
        fireEvent.click(screen.getByRole('option', { name: option }));
        await moveClock(50);
      },
    });
  } finally {
    vi.useRealTimers();
  }
}
