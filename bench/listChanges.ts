import type { Page } from 'playwright-core';
import { median } from './load';
import { withAdminPage } from './benchServer';

/**
 * The Drivers and Restaurants screens once open: from a user's sort, filter or search until the first rows of the
 * answer show, as the user waits for it. Each change starts from the screen freshly opened on its default list;
 * the expected rows are the first records the same call answers. A search includes the filter form's 500 ms
 * wait for typing to settle, which the user feels too.
 */

export interface ChangeFigure {
  name: string;
  ms: number[];
}

interface Change {
  name: string;
  /** The call whose first record the screen must show (an API path with its query). */
  expect: string;
  /** Everything before the change (opening a select), not timed. */
  prepare?: (page: Page) => Promise<void>;
  /** The user's action, timed from its start. */
  act: (page: Page) => Promise<void>;
}

interface ChangedScreen {
  path: string;
  /** The API call the screen opens on, and the record field its rows show first. */
  defaultCall: string;
  label: string;
  changes: Change[];
}

const page15 = (api: string, sort: [string, string], filter: Record<string, unknown>) =>
  `/api/${api}?${new URLSearchParams({ sort: JSON.stringify(sort), filter: JSON.stringify(filter), range: '[0,14]' })}`;

/**
 * Opens the select labelled `label` and points at its option `value`: MUI's select is a combobox named by its label
 * and its value ("Area All areas"), whose options carry their value. Hovering waits for the menu's opening
 * animation to end, which the timed click would otherwise wait for.
 */
const option = (page: Page, value: number) => page.locator(`li[role="option"][data-value="${value}"]`);
const openSelect = (label: string, value: number) => async (page: Page) => {
  await page.getByRole('combobox', { name: new RegExp(`^${label} `) }).click();
  await option(page, value).hover();
};
const pick = (value: number) => (page: Page) => option(page, value).click();
const sortBy = (header: string) => (page: Page) => page.locator('thead').getByText(header, { exact: true }).click();
const search = (label: string, text: string) => (page: Page) => page.getByRole('textbox', { name: label }).fill(text);

function screensOf(areaId: number): ChangedScreen[] {
  const drivers = (sort: [string, string], filter: Record<string, unknown>) => page15('driver', sort, filter);
  const restaurants = (sort: [string, string], filter: Record<string, unknown>) => page15('restaurant', sort, filter);
  return [
    {
      path: '/drivers',
      label: 'full_name',
      defaultCall: drivers(['full_name', 'ASC'], { status: 10 }),
      changes: [
        { name: 'Drivers: sort by area (column header)', expect: drivers(['area', 'ASC'], { status: 10 }), act: sortBy('Areas') },
        { name: 'Drivers: filter by area', expect: drivers(['full_name', 'ASC'], { status: 10, area_id: areaId }), prepare: openSelect('Area', areaId), act: pick(areaId) },
        { name: 'Drivers: only inactive', expect: drivers(['full_name', 'ASC'], { status: 20 }), prepare: openSelect('Status', 20), act: pick(20) },
        { name: 'Drivers: search "smith"', expect: drivers(['full_name', 'ASC'], { status: 10, q: 'smith' }), act: search('Search drivers', 'smith') },
      ],
    },
    {
      path: '/restaurants',
      label: 'name',
      defaultCall: restaurants(['name', 'ASC'], { status: 10 }),
      changes: [
        { name: 'Restaurants: sort by area (column header)', expect: restaurants(['area', 'ASC'], { status: 10 }), act: sortBy('Area') },
        { name: 'Restaurants: filter by area', expect: restaurants(['name', 'ASC'], { status: 10, area_id: areaId }), prepare: openSelect('Area', areaId), act: pick(areaId) },
        { name: 'Restaurants: only inactive', expect: restaurants(['name', 'ASC'], { status: 20 }), prepare: openSelect('Status', 20), act: pick(20) },
        { name: 'Restaurants: search "pizza"', expect: restaurants(['name', 'ASC'], { status: 10, q: 'pizza' }), act: search('Restaurant name', 'pizza') },
      ],
    },
  ];
}

/**
 * Resolves once the list's first rows read `texts`, one each (polled at every frame). Several rows, since names
 * repeat (the dataset has many an Aaron Adeyemi) and a first name alone could match the list before the change.
 */
const firstRowsShow = (page: Page, texts: string[]) =>
  page.waitForFunction(
    (ts) => {
      const rows = [...document.querySelectorAll('table tbody tr')];
      return ts.every((t, i) => rows[i]?.textContent?.includes(t));
    },
    texts,
    { timeout: 60_000, polling: 'raf' },
  );

const FIRST_ROWS = 3;

export async function listChangeFigures(url: string, auth: Record<string, string>, areaId: number, runs = 5): Promise<ChangeFigure[]> {
  const firstOf = async (path: string, field: string) => {
    const rows = (await (await fetch(`${url}${path}`, { headers: auth })).json()) as Record<string, string>[];
    if (!rows.length) throw new Error(`${path} answered no rows`);
    return rows.slice(0, FIRST_ROWS).map((r) => r[field]);
  };
  const screens = screensOf(areaId);
  const expected = new Map<string, string[]>();
  for (const s of screens) {
    const before = await firstOf(s.defaultCall, s.label);
    for (const c of s.changes) {
      const texts = await firstOf(c.expect, s.label);
      // A change whose first rows read as the default list's would be timed as nothing.
      if (texts.join() === before.join()) throw new Error(`${c.name}: its first rows read as the default list's (${texts.join(', ')})`);
      expected.set(c.name, texts);
    }
    expected.set(s.path, before);
  }
  return withAdminPage(url, async (page) => {
    const figures: ChangeFigure[] = [];
    for (const s of screens) {
      for (const c of s.changes) {
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) {
          await page.goto(`${url}${s.path}`);
          await firstRowsShow(page, expected.get(s.path)!);
          await c.prepare?.(page);
          const t0 = performance.now();
          await c.act(page);
          await firstRowsShow(page, expected.get(c.name)!);
          ms.push(performance.now() - t0);
        }
        figures.push({ name: c.name, ms });
      }
    }
    return figures;
  });
}

export function printListChangeFigures(figures: ChangeFigure[]): void {
  console.log(`\n| screen change in Chromium, until the first row of the answer shows | median ms | runs |`);
  console.log('|---|---|---|');
  for (const f of figures) console.log(`| ${f.name} | ${median(f.ms).toFixed(0)} | ${f.ms.map((m) => m.toFixed(0)).join(', ')} |`);
}
