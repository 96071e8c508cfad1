import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT, startProcess, type ServerProcess } from './serverProcess';

/** End-to-end tests run the real process (`server/main.ts`) on a fresh data directory, as `npm start` does. */
export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('Build the app first: npm run build');
  const server = await startProcess(env);
  return { url: server.url, dataDir: server.dataDir, stop: () => stopAndRemove(server) };
}

/** Stops a server process, then removes its data directory: nothing of a test's run is left behind. */
export async function stopAndRemove(server: ServerProcess): Promise<void> {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * Something a test file runs against (kept as `key`) and a Chromium beside it: both started before its tests
 * (within `timeout` ms, when given), stopped after them.
 */
export function withChromium<K extends string, T extends { stop(): Promise<void> }>(
  key: K,
  start: () => Promise<T>,
  timeout?: number,
): Record<K, T> & { browser: Browser } {
  const both = {} as Record<K, T> & { browser: Browser };
  beforeAll(async () => {
    const [started, browser] = await Promise.all([start(), launchChromium()]);
    Object.assign(both, { [key]: started, browser });
  }, timeout);
  afterAll(async () => {
    await both.browser?.close();
    await (both[key] as T | undefined)?.stop();
  });
  return both;
}

/** The server and a browser for a test file: started before its tests, stopped after them. */
export function serverAndBrowser(): { server: RunningServer; browser: Browser } {
  return withChromium('server', () => startServer());
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** Logs in through the login page's tab ('Admin' for staff, 'Business' for restaurant accounts). */
export async function logIn(page: Page, url: string, email: string, tab: 'Admin' | 'Business'): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * A demo account's login answer (its token, and a driver's record from `/api/auth/login/driver`), for tests that
 * prepare data through the API.
 */
export async function apiLogin(url: string, path: string, email: string): Promise<{ access_token: string; driver?: { id: number } }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return res.json();
}

/** A demo staff account's bearer token from the login call, for tests that prepare data through the API. */
export async function apiToken(url: string, email = 'admin@demo.test'): Promise<string> {
  return (await apiLogin(url, '/api/auth/login', email)).access_token;
}

/** An API call as the screens make it: the bearer token (none for a login), and a JSON body when there is one. */
export function apiCall(url: string, token: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The JSON answer of an API call a test's preparation needs to succeed: a refusal fails the test with its body. */
export async function apiJson<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall(url, token, method, path, body);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A window logged in as a demo account, once past the login screen: laptop-sized (1366×800) in British English
 * unless the test asks for another window.
 */
export async function loggedInPage(
  browser: Browser,
  url: string,
  email: string,
  tab: 'Admin' | 'Business',
  window: BrowserContextOptions = { viewport: { width: 1366, height: 800 }, locale: 'en-GB' },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(window);
  const page = await context.newPage();
  await logIn(page, url, email, tab);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return { context, page };
}

/**
 * What a page heard and said on the live feed and its console, with times, for a failing live assertion to show
 * where a message went missing.
 */
export function recordLiveFeed(page: Page): { explain: (error: unknown, shown?: string) => Error } {
  const start = Date.now();
  const lines: string[] = [];
  const note = (line: string) => lines.push(`${String(Date.now() - start).padStart(6)} ms ${line.slice(0, 400)}`);
  page.on('websocket', (ws) => {
    note(`socket open ${ws.url()}`);
    ws.on('framereceived', (frame) => note(`<- ${String(frame.payload)}`));
    ws.on('framesent', (frame) => note(`-> ${String(frame.payload)}`));
    ws.on('close', () => note('socket closed'));
  });
  page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
  page.on('request', (request) => {
    if (request.url().includes('/api/') || request.url().includes('/broadcasting/')) note(`${request.method()} ${request.url()}`);
  });
  return {
    explain(error: unknown, shown?: string) {
      const base = error instanceof Error ? error : new Error(String(error));
      const screen = shown === undefined ? '' : `\n\nWhat the page showed:\n${shown}`;
      base.message = `${base.message}${screen}\n\nLive feed and console of the page:\n${lines.join('\n')}`;
      return base;
    },
  };
}

/** The demo's active restaurants' ids by name, and the Camden area's id, as an administrator's token reads them. */
export async function demoRestaurants(url: string, token: string): Promise<{ ids: Record<string, number>; camdenArea: number }> {
  const res = await fetch(`${url}/api/restaurant?status=10`, { headers: { authorization: `Bearer ${token}` } });
  const restaurants = (await res.json()) as { id: number; name: string; area: { id: number; name: string } }[];
  return { ids: Object.fromEntries(restaurants.map((r) => [r.name, r.id])), camdenArea: restaurants.find((r) => r.area.name === 'Camden')!.area.id };
}

/** The top bar's alerts bell, by its name: 'Alerts', or the unread count it shows ('9 unread alerts'). */
export const ALERTS_BELL = /^(Alerts|\d+\+? unread alerts?)$/;
