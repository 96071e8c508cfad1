import { suiteTestApp, ADMIN, MANAGER, RESTAURANT } from '../helpers/testApp';
import { LIST_MSG } from '../../domain/validation/listQuery';
import { DRIVER_FILTER, matchesDriverFilter } from '../../domain/driverFilters';
import { fullName } from '../../domain/validation/user';

/**
 * react-admin's list convention on every list call (server/lists): a page, its order, its filters and the caller's
 * scope, checked against what the spec's plain call answers for the same caller.
 */

const t = suiteTestApp();

type Row = { id: number } & Record<string, unknown>;

const query = (params: { range?: [number, number]; sort?: [string, string]; filter?: Record<string, unknown> }) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString();

async function get(url: string, who: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.as(who) });
  return { res, rows: res.json() as Row[] };
}

/** A page: its rows and the total of its Content-Range (which must be well formed). */
async function page(path: string, params: Parameters<typeof query>[0], who = ADMIN) {
  const { res, rows } = await get(`${path}?${query(params)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const range = res.headers['content-range'] as string;
  expect(range).toMatch(/^\w+ (\d+-\d+|\*)\/\d+$/);
  return { rows, total: Number(range.split('/')[1]), range };
}

const ids = (rows: Row[]) => rows.map((r) => r.id);

/** Each list: path, the sort its plain call answers in, and who may read it. */
const LISTS = [
  { path: '/api/driver', resource: 'driver', sort: 'full_name', plainQuery: '?status=30', filter: { status: 30 } },
  { path: '/api/restaurant', resource: 'restaurant', sort: 'name', plainQuery: '?status=10', filter: { status: 10 } },
  { path: '/api/area', resource: 'area', sort: 'name', plainQuery: '', filter: {} },
  { path: '/api/user', resource: 'user', sort: 'full_name', plainQuery: '', filter: {} },
  { path: '/api/option', resource: 'option', sort: 'okey', plainQuery: '', filter: {} },
  { path: '/api/city', resource: 'city', sort: 'city_name', plainQuery: '', filter: {} },
  { path: '/api/restaurateur', resource: 'restaurateur', sort: 'email', plainQuery: '', filter: {} },
];

describe.each(LISTS)('GET $path in the list convention', ({ path, resource, sort, plainQuery, filter }) => {
  it("answers the plain call's rows page by page, in its order, with Content-Range", async () => {
    const { rows: all } = await get(`${path}${plainQuery}`, ADMIN);
    expect(all.length).toBeGreaterThan(2);
    const first = await page(path, { range: [0, 1], sort: [sort, 'ASC'], filter });
    expect(first.range).toBe(`${resource} 0-1/${all.length}`);
    expect(ids(first.rows)).toEqual(ids(all).slice(0, 2));
    const rest = await page(path, { range: [2, 999], sort: [sort, 'ASC'], filter });
    expect(ids(rest.rows)).toEqual(ids(all).slice(2));
    // The records are the plain call's, field for field.
    expect(first.rows[0]).toEqual(all[0]);
  });

  it('sorts both ways, and answers an empty page past the end', async () => {
    const asc = await page(path, { sort: [sort, 'ASC'], filter });
    const desc = await page(path, { sort: [sort, 'DESC'], filter });
    expect(desc.rows[0].id).not.toBe(asc.rows[0].id);
    expect(desc.total).toBe(asc.total);
    const past = await page(path, { range: [5000, 5009], filter });
    expect(past.rows).toEqual([]);
    expect(past.range).toBe(`${resource} */${asc.total}`);
  });

  it('sorts by id both ways', async () => {
    const ids = async (direction: 'ASC' | 'DESC') => (await page(path, { sort: ['id', direction], filter })).rows.map((r) => r.id);
    const asc = await ids('ASC');
    expect(asc.length).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(await ids('DESC')).toEqual([...asc].reverse());
  });

  it('reads the records of a list of ids (getMany)', async () => {
    const { rows: all } = await get(`${path}${plainQuery}`, ADMIN);
    const wanted = [all[2].id, all[0].id];
    const { rows, total } = await page(path, { filter: { id: wanted } });
    expect(new Set(ids(rows))).toEqual(new Set(wanted));
    expect(total).toBe(2);
  });

  it("refuses a broken range, an unknown sort or filter, in the list's words", async () => {
    const cases: [string, string, string][] = [
      [`range=${encodeURIComponent('[5,1]')}`, 'range', LIST_MSG.range],
      ['range=nonsense', 'range', LIST_MSG.range],
      [`range=${encodeURIComponent('[0,5000]')}`, 'range', LIST_MSG.range],
      [`sort=${encodeURIComponent('["password_hash","ASC"]')}`, 'sort', LIST_MSG.sort],
      [`sort=${encodeURIComponent(`["${sort}","UP"]`)}`, 'sort', LIST_MSG.sort],
      [`filter=${encodeURIComponent('{"password_hash":"x"}')}`, 'filter', LIST_MSG.filter],
      [`filter=${encodeURIComponent('[1]')}`, 'filter', LIST_MSG.filter],
      [`filter=${encodeURIComponent('{"id":"one"}')}`, 'filter', LIST_MSG.filter],
    ];
    for (const [qs, field, message] of cases) {
      const { res } = await get(`${path}?${qs}`, ADMIN);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toEqual({ [field]: [message] });
    }
  });
});

describe('drivers list', () => {
  it('filters by every status code as the plain call does, Data Full included', async () => {
    for (const code of Object.values(DRIVER_FILTER)) {
      const { rows: plain } = await get(`/api/driver?status=${code}`, ADMIN);
      const { rows, total } = await page('/api/driver', { filter: { status: code } });
      expect(total, `status ${code}`).toBe(plain.length);
      expect(ids(rows), `status ${code}`).toEqual(ids(plain));
      // The SQL's Data Full is the domain's: every driver listed passes the domain's rule, and none left out does.
      const { rows: every } = await get('/api/driver?status=30', ADMIN);
      const listed = new Set(ids(rows));
      for (const d of every) expect(matchesDriverFilter(d as never, code), `driver ${d.id}, status ${code}`).toBe(listed.has(d.id));
    }
  });

  it('filters by area and searches names and e-mails anywhere, whatever the case', async () => {
    const { rows: all } = await get('/api/driver?status=30', ADMIN);
    const camden = (await t.db.selectFrom('areas').select('id').where('name', '=', 'Camden').executeTakeFirstOrThrow()).id;
    const inCamden = all.filter((d) => (d.area_ids as { area_id: number }[]).some((a) => a.area_id === camden));
    expect(inCamden.length).toBeGreaterThan(0);
    expect(ids((await page('/api/driver', { filter: { status: 30, area_id: camden } })).rows)).toEqual(ids(inCamden));

    const sample = all[3];
    const needle = String(sample.last_name).slice(1, 4).toUpperCase();
    const expected = all.filter((d) => String(d.full_name).toLowerCase().includes(needle.toLowerCase()) || String(d.email).includes(needle.toLowerCase()));
    const found = await page('/api/driver', { filter: { status: 30, q: needle } });
    expect(ids(found.rows)).toEqual(ids(expected));
    expect(ids(found.rows)).toContain(sample.id);
    // LIKE's wildcards are searched as text.
    expect((await page('/api/driver', { filter: { status: 30, q: '%' } })).total).toBe(0);
  });

  it("sorts by area by the first of the driver's area names, drivers without one last, and follows a renamed area", async () => {
    const areas = new Map((await t.db.selectFrom('areas').select(['id', 'name']).execute()).map((a) => [a.id, a.name.toLowerCase()]));
    const key = (d: Row) => {
      const names = (d.area_ids as { area_id: number }[]).map((a) => areas.get(a.area_id)!).sort();
      return names[0] ?? '\uffff';
    };
    const check = async () => {
      const { rows } = await page('/api/driver', { sort: ['area', 'ASC'], filter: { status: 30 } });
      const keys = rows.map((d) => `${key(d)} ${fullName(d as never).toLowerCase()}`);
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      return rows;
    };
    const before = await check();
    const last = before.filter((d) => (d.area_ids as unknown[]).length).at(-1)!;
    const areaId = (last.area_ids as { area_id: number }[])[0].area_id;
    await t.db.updateTable('areas').set({ name: 'Aaa First Area' }).where('id', '=', areaId).execute();
    areas.set(areaId, 'aaa first area');
    const after = await check();
    expect(after[0].id).not.toBe(before[0].id);
  });

  it("counts only a manager's drivers in Content-Range", async () => {
    const { rows: plain } = await get('/api/driver?status=30', MANAGER);
    const { rows: everyone } = await get('/api/driver?status=30', ADMIN);
    const { total, rows } = await page('/api/driver', { range: [0, 999], filter: { status: 30 } }, MANAGER);
    expect(total).toBe(plain.length);
    expect(total).toBeLessThan(everyone.length);
    expect(ids(rows)).toEqual(ids(plain));
  });
});

describe('restaurants list', () => {
  it('filters by area, restaurant account and search, sorts by area', async () => {
    const { rows: all } = await get('/api/restaurant?status=10', ADMIN);
    const sample = all[1];
    const byArea = await page('/api/restaurant', { filter: { status: 10, area_id: sample.area_id } });
    expect(ids(byArea.rows)).toEqual(ids(all.filter((r) => r.area_id === sample.area_id)));
    const byOwner = await page('/api/restaurant', { filter: { status: 10, restaurateur_id: sample.restaurateur_id } });
    expect(ids(byOwner.rows)).toEqual(ids(all.filter((r) => r.restaurateur_id === sample.restaurateur_id)));
    const postcode = String(sample.postcode).toLowerCase();
    const found = await page('/api/restaurant', { filter: { status: 10, q: postcode } });
    expect(ids(found.rows)).toContain(sample.id);
    const byAreaName = await page('/api/restaurant', { sort: ['area', 'DESC'], filter: { status: 10 } });
    const names = byAreaName.rows.map((r) => (r.area as { name: string }).name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it("sorts by area name then name, and follows a restaurant's move and an area's rename", async () => {
    const areas = new Map((await t.db.selectFrom('areas').select(['id', 'name']).execute()).map((a) => [a.id, a.name.toLowerCase()]));
    const check = async () => {
      const { rows } = await page('/api/restaurant', { sort: ['area', 'ASC'], filter: { status: 10 } });
      const keys = rows.map((r) => `${areas.get(r.area_id as number)} ${String(r.name).toLowerCase()}`);
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      return rows;
    };
    const before = await check();
    // The last restaurant moves to the first area: it sorts among that area's restaurants.
    const moved = before.at(-1)!;
    const firstArea = before[0].area_id as number;
    await t.db.updateTable('restaurants').set({ area_id: firstArea }).where('id', '=', moved.id).execute();
    expect(ids((await check()).slice(0, before.filter((r) => r.area_id === firstArea).length + 1))).toContain(moved.id);
    // The last area is renamed to sort first: its restaurants lead.
    const lastArea = before.filter((r) => r.id !== moved.id).at(-1)!.area_id as number;
    await t.db.updateTable('areas').set({ name: 'Aaa First Area' }).where('id', '=', lastArea).execute();
    areas.set(lastArea, 'aaa first area');
    expect((await check())[0].area_id).toBe(lastArea);
  });

  it("counts only a manager's and a restaurant account's own restaurants", async () => {
    for (const who of [MANAGER, RESTAURANT]) {
      const { rows: plain } = await get('/api/restaurant?status=10', who);
      const { total, rows } = await page('/api/restaurant', { range: [0, 999], filter: { status: 10 } }, who);
      expect(total, who).toBe(plain.length);
      expect(ids(rows), who).toEqual(ids(plain));
      // Asking for another's restaurant by id finds nothing.
      const { rows: admins } = await get('/api/restaurant?status=10', ADMIN);
      const other = admins.find((r) => !plain.some((p) => p.id === r.id))!;
      expect((await page('/api/restaurant', { filter: { id: [other.id] } }, who)).total, who).toBe(0);
    }
  });
});

describe('areas list', () => {
  it("counts only a manager's areas, each with the restaurants of their scope", async () => {
    const { rows: plain } = await get('/api/area', MANAGER);
    const { total, rows } = await page('/api/area', { range: [0, 99] }, MANAGER);
    expect(total).toBe(plain.length);
    expect(rows).toEqual(plain);
  });

  it('answers the areas without their restaurants when asked ?restaurants=false, plainly or a page at a time', async () => {
    for (const who of [ADMIN, MANAGER]) {
      const { rows: full } = await get('/api/area', who);
      expect(full.some((a) => (a.restaurants as unknown[]).length)).toBe(true);
      const names = full.map(({ restaurants: _, ...area }) => area);
      expect((await get('/api/area?restaurants=false', who)).rows).toEqual(names);
      const { res, rows } = await get(`/api/area?restaurants=false&${query({ range: [0, 1], sort: ['name', 'ASC'] })}`, who);
      expect(res.headers['content-range']).toBe(`area 0-1/${full.length}`);
      expect(rows).toEqual(names.slice(0, 2));
    }
  });
});

describe("the dialogs' pickers", () => {
  const lower = (v: unknown) => String(v).toLowerCase();

  it('offers areas under their cities in order, and searches area names', async () => {
    const { rows: plain } = await get('/api/area?restaurants=false', ADMIN);
    const byCity = [...plain].sort((a, b) => {
      const city = (r: Row) => lower((r.city as { city_name: string }).city_name);
      return city(a).localeCompare(city(b)) || lower(a.name).localeCompare(lower(b.name)) || a.id - b.id;
    });
    const { rows } = await get(`/api/area?restaurants=false&${query({ range: [0, 49], sort: ['city', 'ASC'], filter: {} })}`, ADMIN);
    expect(ids(rows)).toEqual(ids(byCity).slice(0, 50));
    const word = lower(plain[0].name).slice(1, 4);
    const found = await page('/api/area', { sort: ['name', 'ASC'], filter: { q: word.toUpperCase() } });
    expect(new Set(ids(found.rows))).toEqual(new Set(ids(plain.filter((a) => lower(a.name).includes(word)))));
  });

  it("offers a manager the restaurants of the chosen areas within their scope, searched by name", async () => {
    const { rows: areas } = await get('/api/area', MANAGER);
    const area = areas.find((a) => (a.restaurants as unknown[]).length > 1)!;
    const theirs = area.restaurants as Row[];
    const { rows, total } = await page('/api/restaurant', { range: [0, 49], sort: ['area', 'ASC'], filter: { area_id: [area.id] } }, MANAGER);
    expect(total).toBe(theirs.length);
    expect(new Set(ids(rows))).toEqual(new Set(ids(theirs)));
    const name = lower(theirs[0].name);
    const searched = await page('/api/restaurant', { sort: ['area', 'ASC'], filter: { area_id: [area.id], q: name } }, MANAGER);
    expect(ids(searched.rows)).toContain(theirs[0].id);
    expect(searched.rows.every((r) => lower(r.name).includes(name) || lower(r.address).includes(name))).toBe(true);
  });

  it('finds restaurant accounts by e-mail or name as the login e-mail is typed', async () => {
    const { rows: all } = await get('/api/restaurateur', ADMIN);
    const account = all[0];
    const byEmail = await page('/api/restaurateur', { range: [0, 19], sort: ['email', 'ASC'], filter: { q: String(account.email).slice(0, 6) } });
    expect(ids(byEmail.rows)).toContain(account.id);
    const byName = await page('/api/restaurateur', { range: [0, 19], sort: ['email', 'ASC'], filter: { q: lower(account.name) } });
    expect(ids(byName.rows)).toContain(account.id);
    expect(byName.total).toBe(all.filter((a) => lower(a.name).includes(lower(account.name)) || lower(a.email).includes(lower(account.name))).length);
  });
});

describe('invoices list', () => {
  const OTHER_MANAGER = 'priya.shah@demo.test'; // Manchester restaurants: no invoices
  /** Every seeded invoice's period lies within this plain-call period (at most 31 days). */
  async function wholePeriod() {
    const row = await t.db
      .selectFrom('invoices')
      .select((eb) => [eb.fn.min('period_date_from').as('from'), eb.fn.max('period_date_to').as('to')])
      .executeTakeFirstOrThrow();
    return `period_date_from=${row.from}&period_date_to=${row.to}`;
  }

  it("pages the plain call's rows in its order (newest period first) with Content-Range; the plain call still needs its period", async () => {
    const { rows: all } = await get(`/api/invoice?${await wholePeriod()}`, ADMIN);
    expect(all.length).toBe(3);
    const first = await page('/api/invoice', { range: [0, 1] });
    expect(first.range).toBe('invoice 0-1/3');
    expect(ids(first.rows)).toEqual(ids(all).slice(0, 2));
    const whole = await page('/api/invoice', { range: [0, 9], sort: ['period_date_from', 'DESC'] });
    const starts = whole.rows.map((r) => String(r.period_date_from));
    expect(starts).toEqual([...starts].sort().reverse());
    expect(new Set(ids(whole.rows))).toEqual(new Set(ids(all)));
    expect(whole.rows.find((r) => r.id === all[0].id)).toEqual(all[0]);
    const plain = await get('/api/invoice', ADMIN);
    expect(plain.res.statusCode).toBe(400);
  });

  it('filters by the period it overlaps, restaurant, area and search; sorts by restaurant both ways', async () => {
    const { rows } = await page('/api/invoice', { filter: {} });
    const sample = rows.find((r) => r.invoice_number === '003')!;
    const inPeriod = await page('/api/invoice', { filter: { period_date_from: sample.period_date_to, period_date_to: sample.period_date_to } });
    expect(ids(inPeriod.rows)).toContain(sample.id);
    expect(inPeriod.rows.every((r) => String(r.period_date_from) <= String(sample.period_date_to))).toBe(true);
    const restaurant = (sample.restaurant as { id: number; name: string });
    expect(ids((await page('/api/invoice', { filter: { restaurant_id: restaurant.id } })).rows)).toEqual([sample.id]);
    const camden = rows.filter((r) => (r.area as { name: string }).name === 'Camden');
    const camdenId = (camden[0].area as { id: number }).id;
    expect(ids((await page('/api/invoice', { filter: { area_id: camdenId } })).rows)).toEqual(ids(camden));
    expect(ids((await page('/api/invoice', { filter: { q: 'DRAGON' } })).rows)).toEqual([sample.id]);
    expect(ids((await page('/api/invoice', { filter: { q: '002' } })).rows)).toHaveLength(1);
    const names = async (dir: string) => (await page('/api/invoice', { sort: ['restaurant', dir] })).rows.map((r) => (r.restaurant as { name: string }).name.toLowerCase());
    const asc = await names('ASC');
    expect(asc).toEqual([...asc].sort());
    expect(await names('DESC')).toEqual([...asc].reverse());
    const bad = await get(`/api/invoice?${query({ filter: { period_date_from: 'soon' } })}`, ADMIN);
    expect(bad.res.statusCode).toBe(400);
    expect(bad.rows).toEqual({ filter: [LIST_MSG.filter] });
  });

  it("counts only a manager's and a restaurant account's invoices in Content-Range", async () => {
    const period = await wholePeriod();
    for (const who of [MANAGER, OTHER_MANAGER, RESTAURANT]) {
      const { rows: plain } = await get(`/api/invoice?${period}`, who);
      const { total, rows } = await page('/api/invoice', { range: [0, 99], filter: {} }, who);
      expect(total, who).toBe(plain.length);
      expect(new Set(ids(rows)), who).toEqual(new Set(ids(plain)));
    }
    expect((await page('/api/invoice', { filter: {} }, RESTAURANT)).total).toBe(2);
    expect((await page('/api/invoice', { filter: {} }, OTHER_MANAGER)).total).toBe(0);
    // Another restaurant's invoice asked for by id is not found.
    const { rows: mine } = await page('/api/invoice', { filter: {} }, RESTAURANT);
    const { rows: every } = await page('/api/invoice', { filter: {} });
    const other = every.find((r) => !ids(mine).includes(r.id))!;
    expect((await page('/api/invoice', { filter: { id: [other.id] } }, RESTAURANT)).total).toBe(0);
  });
});

describe('news feed list', () => {
  it("pages the plain call's posts in the feed's order (pinned first, latest first) with Content-Range", async () => {
    const { rows: all } = await get('/api/newsFeed', ADMIN);
    expect(all.length).toBeGreaterThan(3);
    const first = await page('/api/newsFeed', { range: [0, 2] });
    expect(first.range).toBe(`newsFeed 0-2/${all.length}`);
    expect(first.rows).toEqual(all.slice(0, 3));
    const rest = await page('/api/newsFeed', { range: [3, 999], sort: ['feed', 'ASC'] });
    expect(ids(rest.rows)).toEqual(ids(all).slice(3));
    const reversed = await page('/api/newsFeed', { sort: ['feed', 'DESC'] });
    expect(ids(reversed.rows)).toEqual(ids(all).reverse());
    // The spec's paged call keeps its { data, total } shape.
    const paged = (await get('/api/newsFeed?page=1&perPage=2', ADMIN)).rows as unknown as { data: Row[]; total: number };
    expect(paged.total).toBe(all.length);
    expect(ids(paged.data)).toEqual(ids(all).slice(0, 2));
  });

  it('filters by status, pinned and important, searches title and text', async () => {
    const { rows: all } = await get('/api/newsFeed', ADMIN);
    for (const field of ['status', 'pinned', 'important'] as const) {
      const code = all[0][field];
      const { rows } = await page('/api/newsFeed', { filter: { [field]: code } });
      expect(ids(rows), field).toEqual(ids(all.filter((p) => p[field] === code)));
    }
    const word = String(all[1].postTitle).split(' ')[0].toUpperCase();
    const found = await page('/api/newsFeed', { filter: { q: word } });
    expect(ids(found.rows)).toContain(all[1].id);
    expect((await get(`/api/newsFeed?${query({ filter: { status: 99 } })}`, ADMIN)).res.statusCode).toBe(400);
  });

  it("counts only the posts a manager sees in Content-Range", async () => {
    const { rows: plain } = await get('/api/newsFeed', MANAGER);
    const { rows: everyone } = await get('/api/newsFeed', ADMIN);
    const { total, rows } = await page('/api/newsFeed', { range: [0, 999] }, MANAGER);
    expect(total).toBe(plain.length);
    expect(total).toBeLessThan(everyone.length);
    expect(rows).toEqual(plain);
  });
});
