import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ROOT, startProcess } from '../tests/helpers/serverProcess';

/**
 * What a first visit downloads (`npx tsx bench/firstLoad.ts`, also in `npm run bench`): the JavaScript before the
 * login form can be used; in all once the first screen after login (the board) is drawn, what it asked for before
 * the live feed started; then with the live feed (which starts once the board has its data). Two readings: the
 * build's own (the files index.html loads at once, by their precompressed sizes) and Chromium's (bytes transferred,
 * on a fresh profile, on the demo data). Needs `npm run build`.
 */
const DIST = path.join(ROOT, 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** The build's own sizes (raw, and its precompressed .gz and .br files) of the scripts a page loaded. */
function buildSizes(names: string[]) {
  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const sum = (ext: string) => names.reduce((n, name) => n + size(path.join(DIST, new URL(name).pathname) + ext), 0);
  return { raw: sum(''), gzip: sum('.gz'), brotli: sum('.br') };
}

/**
 * JavaScript the page has fetched so far: count, bytes on the wire, bytes once decoded. `beforeFeed`: only what it
 * asked for before the live feed started (its first call, GET /api/client-config), the feed's own chunk excluded.
 */
async function scriptsSoFar(page: Page, beforeFeed = false) {
  return page.evaluate((beforeFeed) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const feedStart = beforeFeed ? (entries.find((e) => e.name.includes('/api/client-config'))?.startTime ?? Infinity) : Infinity;
    const scripts = entries.filter((e) => /\.js(\?|$)/.test(e.name) && e.startTime < feedStart);
    return { names: scripts.map((e) => e.name), files: scripts.length, transferred: scripts.reduce((n, e) => n + e.transferSize, 0), decoded: scripts.reduce((n, e) => n + e.decodedBodySize, 0) };
  }, beforeFeed);
}

export async function firstLoadFigures(url: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    // The live feed opens its socket once the board has its data (src/layout/LiveFeed.tsx).
    const feedOpened = page.waitForEvent('websocket', { timeout: 60_000 });
    const t0 = Date.now();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').waitFor();
    const loginReady = Date.now() - t0;
    const login = await scriptsSoFar(page);
    // By keyboard, so the pointer is not over the board when it appears: pointing at the board preloads its dialogs,
    // which is measured separately below.
    await page.getByRole('tab', { name: 'Admin' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill('demo1234');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    if (!page.url().endsWith('/schedule')) await page.goto(`${url}/schedule`);
    await page.locator('.fc-timeline-lane, .fc-datagrid-cell').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const board = await scriptsSoFar(page, true);
    await feedOpened;
    const withFeed = await scriptsSoFar(page);
    await page.mouse.move(683, 500);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    const pointed = await scriptsSoFar(page);
    const line = (what: string, seen: typeof login, target?: string) => {
      const build = buildSizes(seen.names);
      return `${what}: ${seen.files} scripts, build ${kb(build.raw)} raw / ${kb(build.gzip)} gzip / ${kb(build.brotli)} brotli; Chromium ${kb(seen.transferred)} transferred${target ? ` (target ≤ ${target} gzip)` : ''}`;
    };
    return [
      `${line('login page', login, '200 KB')}; form usable after ${loginReady} ms`,
      line('login and the board (what drawing it needs, before the live feed starts)', board, '400 KB'),
      line('the same with the live feed, started once the board has its data', withFeed),
      line('the same once the pointer is over the board (its dialogs preloaded)', pointed),
    ];
  } finally {
    await browser.close();
  }
}

/** The figures on a server of their own with the demo data (`npm run bench -- --only firstload`). */
export async function printFirstLoadOnDemo() {
  const server = await startProcess();
  try {
    for (const line of await firstLoadFigures(server.url)) console.log(line);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await printFirstLoadOnDemo();
