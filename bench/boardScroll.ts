import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed/demo';

/**
 * What a planner does after the board's first paint, measured inside the page: jumping to the last row and
 * holding the scroll bar there, the main thread's long tasks (PerformanceObserver 'longtask') in each phase, and
 * the JS heap over repeated visits in one tab.
 */

/**
 * Installed before the app's first script: performance.now() counts from the navigation's start. `__chips` is the
 * chip count and when it last changed; `__board` when the board's DOM last changed at all; `__long` every long task.
 */
export const PAGE_WATCH = `
  window.__chips = { last: 0, count: 0 };
  window.__board = 0;
  window.__long = [];
  new MutationObserver((records) => {
    const now = performance.now();
    const n = document.getElementsByClassName('chip').length;
    if (n !== window.__chips.count) window.__chips = { last: now, count: n };
    for (const r of records) if (r.target.closest && r.target.closest('.shift-board')) { window.__board = now; break; }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

export interface Blocking {
  /** The longest main-thread task, ms. */
  worst: number;
  /** When the longest task began, ms after `from` (0 when there was none). */
  worstAt: number;
  /** The time spent in long tasks (over 50 ms), ms. */
  blocked: number;
}

/** The long tasks that started from `from` (page time, ms) on. */
export async function blockingSince(page: Page, from: number): Promise<Blocking> {
  return page.evaluate((since) => {
    const tasks = (window as unknown as { __long: [number, number][] }).__long.filter(([start]) => start >= since);
    const [start, worst] = tasks.reduce((a, b) => (b[1] > a[1] ? b : a), [since, 0]);
    return { worst: Math.round(worst), worstAt: Math.round(start - since), blocked: Math.round(tasks.reduce((sum, [, d]) => sum + d, 0)) };
  }, from);
}

/** Waits until the board's DOM has not changed for `quietMs`; answers when it last changed (page time). */
export async function boardQuiet(page: Page, quietMs: number, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = (await page.evaluate('window.__board')) as number;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since > quietMs || Date.now() > deadline) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Jump {
  /** From the jump until the last row's chips are in the page, ms. */
  painted: number;
  /** From the jump until the board's DOM stopped changing, ms. */
  settled: number;
  blocking: Blocking;
}

/**
 * Drags the scroll bar to the end and holds it there (every frame, as a hand on the bar would) until the last
 * restaurant's chips are on the page; then waits for the board to settle.
 */
export async function jumpToLastRow(page: Page, restaurantId: number, quietMs: number): Promise<Jump> {
  // A string, not a function: the bundler's helpers (name keeping) do not exist in the page.
  const { t0, painted } = (await page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    const tick = () => {
      for (const el of document.querySelectorAll('.shift-board .fc-scroller')) {
        if (el.scrollTop + el.clientHeight < el.scrollHeight - 1) el.scrollTop = el.scrollHeight;
      }
      if (document.querySelector('.shift-board td.fc-timeline-lane[data-resource-id="${restaurantId}"] .chip')) resolve({ t0, painted: performance.now() - t0 });
      else if (performance.now() - t0 > 120000) resolve({ t0, painted: -1 });
      else requestAnimationFrame(tick);
    };
    tick();
  })`)) as { t0: number; painted: number };
  const end = await boardQuiet(page, quietMs);
  return { painted: Math.round(painted), settled: Math.round(Math.max(end - t0, painted)), blocking: await blockingSince(page, t0) };
}

/** Goes to `path` inside the app (react-router hears popstate), as a click on the menu would: no page load. */
export async function navigateInApp(page: Page, path: string): Promise<number> {
  return page.evaluate((to) => {
    const t0 = performance.now();
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return t0;
  }, path);
}

/** The JS heap after a full garbage collection, MB. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return Math.round((usedSize / 1024 / 1024) * 10) / 10;
}

/** Headless Chromium with the page watch installed, logged in to the app at `url` as the demo administrator. */
export async function adminBrowser(url: string): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(PAGE_WATCH);
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByRole('tab', { name: 'Admin' }).click();
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return { browser, context, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
