import type { Page } from 'playwright-core';
import { median } from './load';
import { withAdminPage } from './benchServer';
import { DRIVER_FILTER } from '../domain/driverFilters';
import { RESTAURANT_STATUS } from '../domain/statuses';
import { DRIVER_FIRST_PAGE, RESTAURANT_FIRST_PAGE, firstPageUrl, type FirstPage } from '../resources/listDefaults';

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
  /** The call whose first records the screen must show (an API path with its query). */
  expect: string;
  /** Everything before the change (opening a select), not timed. */
  prepare?: (page: Page) => Promise<void>;
  /** The user's action, timed from its start. */
  act: (page: Page) => Promise<void>;
}

/** A list screen as the user sees it: its address, first list, Area column header, search box and a search term. */
interface ListScreen {
  name: string;
  path: string;
  first: FirstPage;
  /** The record field its rows show first. */
  label: string;
  areaHeader: string;
  inactive: number;
  searchBox: string;
  term: string;
}

const LIST_SCREENS: ListScreen[] = [
  {
    name: 'Drivers', path: '/drivers', first: DRIVER_FIRST_PAGE, label: 'full_name', areaHeader: 'Areas',
    inactive: DRIVER_FILTER.inactive, searchBox: 'Search drivers', term: 'smith',
  },
  {
    name: 'Restaurants', path: '/restaurants', first: RESTAURANT_FIRST_PAGE, label: 'name', areaHeader: 'Area',
    inactive: RESTAURANT_STATUS.inactive, searchBox: 'Restaurant name', term: 'pizza',
  },
];

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

/** A screen's sort by area, area filter, inactive filter and search, each with the call whose rows it must show. */
function changesOf(s: ListScreen, areaId: number): Change[] {
  const call = (filter: Record<string, unknown>, sort = s.first.sort) => firstPageUrl({ ...s.first, filter: { ...s.first.filter, ...filter }, sort });
  return [
    {
      name: `${s.name}: sort by area (column header)`,
      expect: call({}, { field: 'area', order: 'ASC' }),
      act: (page) => page.locator('thead').getByText(s.areaHeader, { exact: true }).click(),
    },
    { name: `${s.name}: filter by area`, expect: call({ area_id: areaId }), prepare: openSelect('Area', areaId), act: pick(areaId) },
    { name: `${s.name}: only inactive`, expect: call({ status: s.inactive }), prepare: openSelect('Status', s.inactive), act: pick(s.inactive) },
    {
      name: `${s.name}: search "${s.term}"`,
      expect: call({ q: s.term }),
      act: (page) => page.getByRole('textbox', { name: s.searchBox }).fill(s.term),
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
  const screens = LIST_SCREENS.map((s) => ({ ...s, changes: changesOf(s, areaId) }));
  const expected = new Map<string, string[]>();
  for (const s of screens) {
    const before = await firstOf(firstPageUrl(s.first), s.label);
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
