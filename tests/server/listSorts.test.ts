import { suiteTestApp, ADMIN } from '../helpers/testApp';
import { LIST_MSG } from '../../domain/validation/listQuery';
import { DRIVER_LIST } from '../../server/lists/driver';
import { RESTAURANT_LIST } from '../../server/lists/restaurant';
import { AREA_LIST } from '../../server/lists/area';
import { USER_LIST } from '../../server/lists/user';
import { OPTION_LIST } from '../../server/lists/option';
import { CITY_LIST } from '../../server/lists/city';
import { RESTAURATEUR_LIST } from '../../server/lists/restaurateur';
import { INVOICE_LIST } from '../../server/lists/invoice';
import { NEWS_LIST } from '../../server/lists/newsFeed';

/**
 * Every list call in react-admin's convention (server/lists) sorts by each field it accepts both ways: ASC answers
 * the rows in the order of the field's values (ties by id), DESC in exactly the reverse order, a page of either is
 * that order's slice, and a field the list does not sort by is refused in the list's words.
 */

const t = suiteTestApp();

type Row = { id: number } & Record<string, unknown>;
/** A sort value; `against` orders against the asked direction (the feed's newest first within pinned first). */
type Part = string | number | null | { against: string | number | null };
type Key = (row: Row, areas: Map<number, string>) => Part[];

const lower = (value: unknown) => (value == null ? null : String(value).toLowerCase());
const text = (value: unknown) => (value == null ? null : String(value));
const of = (row: Row, field: string) => row[field] as Record<string, unknown> | null;

/**
 * Each list's sort fields and the values they order by, read from the answered records as a person reads the
 * columns (names compared without case, as the lists do).
 */
const LISTS: { resource: string; spec: { resource: string; sorts: object }; sorts: Record<string, Key> }[] = [
  {
    resource: 'driver',
    spec: DRIVER_LIST,
    sorts: {
      full_name: (d) => [lower(d.first_name), lower(d.last_name)],
      // The first of the driver's area names; a driver without an area comes last.
      area: (d, areas) => [
        (d.area_ids as { area_id: number }[]).map((a) => areas.get(a.area_id)!.toLowerCase()).sort()[0] ?? null,
        lower(d.first_name),
        lower(d.last_name),
      ],
      email: (d) => [text(d.email)],
      activated_at: (d) => [d.activated_at == null ? null : new Date(String(d.activated_at)).getTime()],
      id: () => [],
    },
  },
  {
    resource: 'restaurant',
    spec: RESTAURANT_LIST,
    sorts: {
      name: (r) => [lower(r.name)],
      area: (r) => [lower(of(r, 'area')?.name), lower(r.name)],
      email: (r) => [text(of(r, 'restaurateur')?.email), lower(r.name)],
      id: () => [],
    },
  },
  {
    resource: 'area',
    spec: AREA_LIST,
    sorts: {
      name: (a) => [lower(a.name), lower(of(a, 'city')?.city_name)],
      city: (a) => [lower(of(a, 'city')?.city_name), lower(a.name)],
      id: () => [],
    },
  },
  {
    resource: 'user',
    spec: USER_LIST,
    sorts: {
      full_name: (u) => [lower(u.first_name), lower(u.last_name)],
      email: (u) => [lower(u.email)],
      role: (u) => [Number(u.role), lower(u.first_name), lower(u.last_name)],
      id: () => [],
    },
  },
  { resource: 'option', spec: OPTION_LIST, sorts: { okey: (o) => [text(o.okey)], id: () => [] } },
  { resource: 'city', spec: CITY_LIST, sorts: { city_name: (c) => [lower(c.city_name)], id: () => [] } },
  { resource: 'restaurateur', spec: RESTAURATEUR_LIST, sorts: { email: (r) => [text(r.email)], name: (r) => [lower(r.name)], id: () => [] } },
  {
    resource: 'invoice',
    spec: INVOICE_LIST,
    sorts: {
      // Within a period, by restaurant and number as the plain call, whichever way the period goes.
      period_date_from: (i) => [text(i.period_date_from), { against: lower(of(i, 'restaurant')?.name) }, { against: text(i.invoice_number) }],
      invoice_number: (i) => [lower(i.invoice_number)],
      restaurant: (i) => [lower(of(i, 'restaurant')?.name)],
      total: (i) => [Number(i.total)],
      id: () => [],
    },
  },
  {
    resource: 'newsFeed',
    spec: NEWS_LIST,
    sorts: {
      // Pinned first, then the latest updated.
      feed: (p) => [Number(p.pinned), { against: new Date(String(p.updated_at)).getTime() }, { against: p.id }],
      updated_at: (p) => [new Date(String(p.updated_at)).getTime()],
      postTitle: (p) => [lower(p.postTitle)],
      id: () => [],
    },
  },
];

/** The database's order of one value: code points (the lists' collation), an absent value after every other. */
function compareValue(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** How two rows' sort values compare in ASC (0: a tie, which the id breaks). */
function compareKeys(a: Part[], b: Part[]): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    const against = typeof x === 'object' && x !== null;
    const c = against ? -compareValue(x.against, (y as { against: string | number | null }).against) : compareValue(x, y as string | number | null);
    if (c) return c;
  }
  return 0;
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString();

async function list(resource: string, params: Record<string, unknown>) {
  const res = await t.call('GET', `/api/${resource}?${query(params)}`, ADMIN);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Row[], range: res.headers['content-range'] as string };
}

/** Every GET path of the API without a path parameter, read from the router's printed tree. */
function apiGetPaths(): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack[depth] = (depth ? stack[depth - 1] : '') + m[2];
    if (m[3]?.split(', ').includes('GET')) paths.push(stack[depth]);
  }
  return paths.filter((p) => p.startsWith('/api/') && !p.includes(':'));
}

it('covers every list the API answers in the convention, and every sort field each accepts', async () => {
  const paths = apiGetPaths();
  expect(paths).toContain('/api/driver');
  const lists: string[] = [];
  for (const path of paths) {
    const res = await t.call('GET', `${path}?${query({ range: [0, 0], filter: {} })}`, ADMIN);
    if (res.headers['content-range']) lists.push(path);
  }
  expect(lists.sort()).toEqual([...LISTS.map((l) => `/api/${l.resource}`), '/api/history'].sort());
  for (const { resource, spec, sorts } of LISTS) {
    expect(spec.resource).toBe(resource);
    expect(Object.keys(sorts).sort(), resource).toEqual(Object.keys(spec.sorts).sort());
  }
});

describe.each(LISTS)('GET /api/$resource', ({ resource, sorts }) => {
  let areas: Map<number, string>;
  beforeAll(async () => {
    areas = new Map((await t.db.selectFrom('areas').select(['id', 'name']).execute()).map((a) => [a.id, a.name]));
  });

  it.each(Object.keys(sorts))('sorts by %s both ways, in the order of its values', async (field) => {
    const key = (row: Row) => sorts[field](row, areas);
    const asc = (await list(resource, { sort: [field, 'ASC'], range: [0, 999], filter: {} })).rows;
    const desc = (await list(resource, { sort: [field, 'DESC'], range: [0, 999], filter: {} })).rows;
    expect(asc.length).toBeGreaterThan(2);
    // The field tells the rows apart (else the order shown would be the ids' alone).
    if (field !== 'id') expect(new Set(asc.map((r) => JSON.stringify(key(r)))).size, field).toBeGreaterThan(1);

    for (const [rows, sign] of [
      [asc, 1],
      [desc, -1],
    ] as const) {
      for (let i = 1; i < rows.length; i++) {
        const [before, after] = [rows[i - 1], rows[i]];
        const order = sign * compareKeys(key(before), key(after)) || sign * (before.id - after.id);
        expect(order, `${field} ${sign > 0 ? 'ASC' : 'DESC'}: row ${before.id} ${JSON.stringify(key(before))} before ${after.id} ${JSON.stringify(key(after))}`).toBeLessThan(0);
      }
    }
    // Ties go by id the same way, so DESC is exactly ASC reversed.
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());

    // A page of each is that order's slice, with its Content-Range.
    const total = asc.length;
    for (const [direction, rows] of [
      ['ASC', asc],
      ['DESC', desc],
    ] as const) {
      const page = await list(resource, { sort: [field, direction], range: [1, 2], filter: {} });
      expect(page.rows.map((r) => r.id), direction).toEqual(rows.slice(1, 3).map((r) => r.id));
      expect(page.range).toBe(`${resource} 1-2/${total}`);
    }
  });

  it('refuses a field it does not sort by, saying which sorts it takes', async () => {
    for (const field of ['no_such_field', 'password_hash', 'ID']) {
      const res = await t.call('GET', `/api/${resource}?${query({ sort: [field, 'DESC'], range: [0, 9], filter: {} })}`, ADMIN);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ sort: [LIST_MSG.sort] });
    }
  });
});

describe('GET /api/history', () => {
  const actions = async (direction: 'ASC' | 'DESC', range: [number, number] = [0, 99]) => {
    const { rows, range: header } = await list('history', { sort: ['at', direction], range, filter: {} });
    return { rows: rows as unknown as { id: string; at: string }[], header };
  };

  beforeAll(async () => {
    // Three changes of the office's, one after another, so the list has actions to order.
    for (const value of ['1.75', '2', '1.5']) {
      expect((await t.call('PUT', '/api/option/fuel_bonus_0', ADMIN, { okey: 'fuel_bonus_0', ovalue: value })).statusCode).toBe(200);
    }
  });

  it('sorts by when the action was made both ways, the newest first by default', async () => {
    const asc = (await actions('ASC')).rows;
    const desc = (await actions('DESC')).rows;
    expect(asc.length).toBeGreaterThan(2);
    const times = (rows: { at: string }[]) => rows.map((a) => new Date(a.at).getTime());
    expect(times(asc)).toEqual([...times(asc)].sort((a, b) => a - b));
    expect(times(desc)).toEqual([...times(desc)].sort((a, b) => b - a));
    expect(new Set(times(asc)).size).toBeGreaterThan(1);
    expect(desc.map((a) => a.id)).toEqual(asc.map((a) => a.id).reverse());
    const plain = (await t.call('GET', '/api/history', ADMIN)).json() as { id: string }[];
    expect(plain.map((a) => a.id)).toEqual(desc.slice(0, plain.length).map((a) => a.id));

    const page = await actions('ASC', [1, 2]);
    expect(page.rows.map((a) => a.id)).toEqual(asc.slice(1, 3).map((a) => a.id));
    expect(page.header).toMatch(/^history 1-2\//);
  });

  it('refuses a field it does not sort by, or a direction it does not know, in the lists\' words', async () => {
    for (const sort of [['no_such_field', 'DESC'], ['account_name', 'ASC'], ['at', 'UP']]) {
      const res = await t.call('GET', `/api/history?${query({ sort, range: [0, 9], filter: {} })}`, ADMIN);
      expect(res.statusCode, String(sort)).toBe(400);
      expect(res.json(), String(sort)).toEqual({ sort: [LIST_MSG.sort] });
    }
  });
});
