import { median } from './load';
import { ensureBuilt, prepareDataset, scaleArg, startBenchServer } from './benchServer';

/**
 * The Drivers and Restaurants lists: each call a screen makes for its first page, for a sort, a filter and a
 * search, asked in react-admin's list convention (`range`, `sort`, `filter`), next to the whole list the spec's
 * plain call answers; and each screen in Chromium from navigation until its first row shows.
 * `npx tsx bench/lists.ts --scale lists` runs these alone (30,000 drivers, 3,000 restaurants); `npm run bench`
 * runs them after the rest.
 */

const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 9);

interface ListCase {
  name: string;
  path: string;
}

export interface CallFigure {
  name: string;
  ms: number;
  kb: number;
  /** The Content-Range total when the answer is a page, else the rows of the array. */
  rows: string;
}

export interface ScreenFigure {
  name: string;
  ms: number[];
}

const listQuery = (range: [number, number] | null, sort: [string, 'ASC' | 'DESC'], filter: Record<string, unknown>) => {
  const params = new URLSearchParams({ sort: JSON.stringify(sort), filter: JSON.stringify(filter) });
  if (range) params.set('range', JSON.stringify(range));
  return params.toString();
};

const FIRST_PAGE: [number, number] = [0, 14];

function driverCases(areaId: number): ListCase[] {
  const page = (sort: [string, 'ASC' | 'DESC'], filter: Record<string, unknown>) => `/api/driver?${listQuery(FIRST_PAGE, sort, filter)}`;
  return [
    { name: 'Drivers: whole list, Only active (the spec\'s call)', path: '/api/driver?status=10' },
    { name: 'Drivers: first page, Only active, by name', path: page(['full_name', 'ASC'], { status: 10 }) },
    { name: 'Drivers: first page, sorted by area', path: page(['area', 'ASC'], { status: 10 }) },
    { name: 'Drivers: first page, filtered by area', path: page(['full_name', 'ASC'], { status: 10, area_id: areaId }) },
    { name: 'Drivers: first page, status Completed', path: page(['full_name', 'ASC'], { status: 120 }) },
    { name: 'Drivers: first page, All, search "smith"', path: page(['full_name', 'ASC'], { status: 30, q: 'smith' }) },
  ];
}

function restaurantCases(areaId: number): ListCase[] {
  const page = (sort: [string, 'ASC' | 'DESC'], filter: Record<string, unknown>) => `/api/restaurant?${listQuery(FIRST_PAGE, sort, filter)}`;
  return [
    { name: 'Restaurants: whole list, active (the spec\'s call)', path: '/api/restaurant?status=10' },
    { name: 'Restaurants: first page, active, by name', path: page(['name', 'ASC'], { status: 10 }) },
    { name: 'Restaurants: first page, sorted by area', path: page(['area', 'ASC'], { status: 10 }) },
    { name: 'Restaurants: first page, filtered by area', path: page(['name', 'ASC'], { status: 10, area_id: areaId }) },
    { name: 'Restaurants: first page, inactive', path: page(['name', 'ASC'], { status: 20 }) },
    { name: 'Restaurants: first page, search "pizza"', path: page(['name', 'ASC'], { status: 10, q: 'pizza' }) },
  ];
}

async function timeCall(url: string, auth: Record<string, string>, c: ListCase): Promise<CallFigure> {
  const ms: number[] = [];
  let bytes = 0;
  let rows = '';
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${c.path}`, { headers: auth });
    const body = await res.text();
    ms.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${c.path} answered ${res.status}: ${body.slice(0, 200)}`);
    bytes = body.length;
    const range = res.headers.get('content-range');
    rows = range ? `${(JSON.parse(body) as unknown[]).length} of ${range.split('/')[1]}` : String((JSON.parse(body) as unknown[]).length);
  }
  return { name: c.name, ms: median(ms), kb: bytes / 1024, rows };
}

/**
 * A screen from navigation until the first row of its default list shows: the first record's name (as the
 * spec's call orders them) appears in a table row.
 */
async function screenTimes(url: string, auth: Record<string, string>, runs = 3): Promise<ScreenFigure[]> {
  const { launchChromium, logIn } = await import('../tests/helpers/e2e');
  const first = async (path: string, label: (r: Record<string, string>) => string) =>
    label(((await (await fetch(`${url}${path}`, { headers: auth })).json()) as Record<string, string>[])[0]);
  const screens = [
    { name: 'Drivers screen (Only active), navigation to first rows in Chromium', path: '/drivers', text: await first('/api/driver?status=10', (d) => d.full_name) },
    { name: 'Restaurants screen (active), navigation to first rows in Chromium', path: '/restaurants', text: await first('/api/restaurant?status=10', (r) => r.name) },
  ];
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await logIn(page, url, 'admin@demo.test', 'Admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const figures: ScreenFigure[] = [];
    for (const screen of screens) {
      const ms: number[] = [];
      for (let i = 0; i <= runs; i++) {
        await page.goto('about:blank');
        const t0 = performance.now();
        await page.goto(`${url}${screen.path}`);
        await page.waitForFunction(
          (text) => [...document.querySelectorAll('table tbody tr')].some((row) => row.textContent?.includes(text)),
          screen.text,
          { timeout: 120_000, polling: 'raf' },
        );
        // The first visit loads the screen's code into the cache: not counted.
        if (i > 0) ms.push(performance.now() - t0);
      }
      figures.push({ name: screen.name, ms });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

export async function listFigures(url: string, auth: Record<string, string>): Promise<{ calls: CallFigure[]; screens: ScreenFigure[] }> {
  const areas = (await (await fetch(`${url}/api/area`, { headers: auth })).json()) as { id: number; restaurants: unknown[] }[];
  const areaId = [...areas].sort((a, b) => b.restaurants.length - a.restaurants.length)[0].id;
  const calls: CallFigure[] = [];
  for (const c of [...driverCases(areaId), ...restaurantCases(areaId)]) calls.push(await timeCall(url, auth, c));
  return { calls, screens: await screenTimes(url, auth) };
}

export function printListFigures({ calls, screens }: { calls: CallFigure[]; screens: ScreenFigure[] }): void {
  console.log(`\n| list call (median of ${RUNS}) | ms | KB | rows |`);
  console.log('|---|---|---|---|');
  for (const c of calls) console.log(`| ${c.name} | ${c.ms.toFixed(1)} | ${c.kb.toFixed(1)} | ${c.rows} |`);
  for (const s of screens) {
    console.log(`${s.name}: median ${median(s.ms).toFixed(0)} ms (runs: ${s.ms.map((m) => m.toFixed(0)).join(', ')})`);
  }
}

async function main() {
  const scale = scaleArg();
  ensureBuilt();
  await prepareDataset(scale, async () => undefined);
  const { url, auth, stop } = await startBenchServer(scale);
  try {
    printListFigures(await listFigures(url, auth));
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
