import { median } from './load';
import { withAdminPage } from './benchServer';
import { listChangeFigures, printListChangeFigures, type ChangeFigure } from './listChanges';

/**
 * The Drivers and Restaurants lists: each call a screen makes for its first page, for a sort, a filter and a
 * search, asked in react-admin's list convention (`range`, `sort`, `filter`), next to the whole list the spec's
 * plain call answers; each screen in Chromium from navigation until its first row shows; and each of those sorts,
 * filters and searches made on the open screen until its answer shows (listChanges.ts).
 * `npm run bench -- --scale lists --only lists` runs these alone (30,000 drivers, 3,000 restaurants); `npm run bench`
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
  path: string;
  ms: number[];
  /** What the page fetched and when, in the median run: each line "start → end  what (size)". */
  trace: string[];
}

/** One resource of a page load, as the page's own performance entries give it (ms from navigation start). */
interface Fetched {
  name: string;
  start: number;
  end: number;
  kb: number;
}

/** The median run's load as lines: the page's requests in order of start, the API calls' query kept, then the first row. */
function traceLines(fetched: Fetched[], firstRow: number): string[] {
  const label = (url: string) => {
    const u = new URL(url);
    return u.pathname.startsWith('/api/') ? `GET ${u.pathname}${decodeURIComponent(u.search)}` : u.pathname.replace(/^\/assets\//, '');
  };
  const lines = [...fetched]
    .sort((a, b) => a.start - b.start)
    .map((f) => `${f.start.toFixed(0).padStart(5)} → ${f.end.toFixed(0).padStart(5)} ms  ${label(f.name)} (${f.kb.toFixed(1)} KB)`);
  return [...lines, `${firstRow.toFixed(0).padStart(5)} ms  first row shown`];
}

const listQuery = (range: [number, number] | null, sort: [string, 'ASC' | 'DESC'], filter: Record<string, unknown>) => {
  const params = new URLSearchParams({ sort: JSON.stringify(sort), filter: JSON.stringify(filter) });
  if (range) params.set('range', JSON.stringify(range));
  return params.toString();
};

const FIRST_PAGE: [number, number] = [0, 14];

/** A list screen's calls: its spec's whole list, then first pages as the screen asks for them. */
interface ListScreenCalls {
  /** The screen's name in the figures, and what it calls its default status filter. */
  screen: string;
  active: string;
  path: string;
  /** The name field the screen sorts by. */
  name: string;
  /** The plain call's status filter and the screen's default. */
  status: number;
  other: { label: string; status: number };
  search: { label: string; filter: Record<string, unknown> };
}

const SCREENS: ListScreenCalls[] = [
  {
    screen: 'Drivers', active: 'Only active', path: '/api/driver', name: 'full_name', status: 10,
    other: { label: 'status Completed', status: 120 },
    search: { label: 'All, search "smith"', filter: { status: 30, q: 'smith' } },
  },
  {
    screen: 'Restaurants', active: 'active', path: '/api/restaurant', name: 'name', status: 10,
    other: { label: 'inactive', status: 20 },
    search: { label: 'search "pizza"', filter: { status: 10, q: 'pizza' } },
  },
];

function listCases(s: ListScreenCalls, areaId: number): ListCase[] {
  const page = (sort: [string, 'ASC' | 'DESC'], filter: Record<string, unknown>) => `${s.path}?${listQuery(FIRST_PAGE, sort, filter)}`;
  const byName: [string, 'ASC'] = [s.name, 'ASC'];
  return [
    { name: `${s.screen}: whole list, ${s.active} (the spec's call)`, path: `${s.path}?status=${s.status}` },
    { name: `${s.screen}: first page, ${s.active}, by name`, path: page(byName, { status: s.status }) },
    { name: `${s.screen}: first page, sorted by area`, path: page(['area', 'ASC'], { status: s.status }) },
    { name: `${s.screen}: first page, filtered by area`, path: page(byName, { status: s.status, area_id: areaId }) },
    { name: `${s.screen}: first page, ${s.other.label}`, path: page(byName, { status: s.other.status }) },
    { name: `${s.screen}: first page, ${s.search.label}`, path: page(byName, s.search.filter) },
  ];
}

/**
 * The dialogs' choice lists: what the Drivers, Restaurants and Administrators screens fetched for their dialogs before
 * (every area with its restaurants, every restaurant account) beside what the dialogs' pickers ask for now (a page of
 * area names, the restaurants of the chosen area, the accounts matching what is typed), and the area names the
 * screens' filters read.
 */
function choiceCases(areaId: number): ListCase[] {
  return [
    { name: 'Dialogs before: every area with its restaurants', path: '/api/area' },
    { name: 'Restaurant dialogs before: every restaurant account', path: '/api/restaurateur' },
    { name: 'Screens\' area filter: area names (?restaurants=false)', path: '/api/area?restaurants=false' },
    { name: 'Pickers now: first 50 area names', path: `/api/area?${listQuery([0, 49], ['name', 'ASC'], {})}&restaurants=false` },
    { name: 'Pickers now: first 50 restaurants of the chosen area', path: `/api/restaurant?${listQuery([0, 49], ['area', 'ASC'], { area_id: [areaId] })}` },
    { name: 'Login e-mail now: accounts matching "pizza"', path: `/api/restaurateur?${listQuery([0, 19], ['email', 'ASC'], { q: 'pizza' })}` },
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
 * spec's call orders them) appears in a table row; with the median run's trace, in the page's own clock from its
 * navigation start: what it fetched (its performance entries) and when the row showed.
 */
async function screenTimes(url: string, auth: Record<string, string>, runs = 5): Promise<ScreenFigure[]> {
  const first = async (path: string, label: (r: Record<string, string>) => string) =>
    label(((await (await fetch(`${url}${path}`, { headers: auth })).json()) as Record<string, string>[])[0]);
  const screens = [
    { name: 'Drivers screen (Only active), navigation to first rows in Chromium', path: '/drivers', text: await first('/api/driver?status=10', (d) => d.full_name) },
    { name: 'Restaurants screen (active), navigation to first rows in Chromium', path: '/restaurants', text: await first('/api/restaurant?status=10', (r) => r.name) },
  ];
  return withAdminPage(url, async (page) => {
    const figures: ScreenFigure[] = [];
    for (const screen of screens) {
      const loads: { ms: number; inPage: number; fetched: Fetched[] }[] = [];
      for (let i = 0; i <= runs; i++) {
        await page.goto('about:blank');
        const t0 = performance.now();
        await page.goto(`${url}${screen.path}`);
        const shown = await page.waitForFunction(
          (text) => [...document.querySelectorAll('table tbody tr')].some((row) => row.textContent?.includes(text)) && performance.now(),
          screen.text,
          { timeout: 120_000, polling: 'raf' },
        );
        const ms = performance.now() - t0;
        const inPage = (await shown.jsonValue()) as number;
        const fetched = await page.evaluate(() =>
          (performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')) as PerformanceResourceTiming[]).map((e) => ({
            name: e.name, start: e.startTime, end: e.responseEnd, kb: e.decodedBodySize / 1024,
          })),
        );
        // The first visit loads the screen's code into the cache: not counted.
        if (i > 0) loads.push({ ms, inPage, fetched: fetched.filter((f) => f.start <= inPage) });
      }
      const median = [...loads].sort((a, b) => a.ms - b.ms)[Math.floor(loads.length / 2)];
      figures.push({ name: screen.name, path: screen.path, ms: loads.map((l) => l.ms), trace: traceLines(median.fetched, median.inPage) });
    }
    return figures;
  });
}

export interface ListFigures {
  calls: CallFigure[];
  screens: ScreenFigure[];
  changes: ChangeFigure[];
}

export async function listFigures(url: string, auth: Record<string, string>): Promise<ListFigures> {
  const areas = (await (await fetch(`${url}/api/area`, { headers: auth })).json()) as { id: number; restaurants: unknown[] }[];
  const areaId = [...areas].sort((a, b) => b.restaurants.length - a.restaurants.length)[0].id;
  const calls: CallFigure[] = [];
  for (const c of [...SCREENS.flatMap((s) => listCases(s, areaId)), ...choiceCases(areaId)]) calls.push(await timeCall(url, auth, c));
  return { calls, screens: await screenTimes(url, auth), changes: await listChangeFigures(url, auth, areaId) };
}

/**
 * The screens as they were before the first page, the area names and the screen's code were started at boot and
 * the choice lists lightened: two runs of this bench on the lists dataset (two cores, busy), printed beside each
 * run's figures.
 */
const SCREENS_BEFORE: Record<string, string> = {
  '/drivers':
    '1175 ms (runs 1125, 1375, 1175; load 4.2-5.6) and 1544 ms (1578, 1416, 1544; load 5.5-6.6), whose median run asked for the first page 1330 ms into the load, after 661 KB of areas',
  '/restaurants':
    '1500 ms (runs 1902, 1155, 1500) and 1618 ms (1618, 1326, 1656), whose median run asked for the first page 1213 ms into the load, with 661 KB of areas and 248 KB of accounts',
};

export function printListFigures({ calls, screens, changes }: ListFigures): void {
  console.log(`\n| list call (median of ${RUNS}) | ms | KB | rows |`);
  console.log('|---|---|---|---|');
  for (const c of calls) console.log(`| ${c.name} | ${c.ms.toFixed(1)} | ${c.kb.toFixed(1)} | ${c.rows} |`);
  for (const s of screens) {
    console.log(`${s.name}: median ${median(s.ms).toFixed(0)} ms (runs: ${s.ms.map((m) => m.toFixed(0)).join(', ')}); before: ${SCREENS_BEFORE[s.path]}; the median run:`);
    for (const line of s.trace) console.log(`    ${line}`);
  }
  printListChangeFigures(changes);
}
