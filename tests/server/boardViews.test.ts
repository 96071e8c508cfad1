import { suiteTestApp, ADMIN, MANAGER, RESTAURANT } from '../helpers/testApp';
import { LIST_MSG } from '../../domain/validation/listQuery';

/**
 * The boards' views of the restaurant and driver lists (`view=board`): the same records in the same order as the
 * spec's calls answer, each with only what the boards read, and cut for each account as the full lists are.
 */
const t = suiteTestApp();

type Row = Record<string, unknown> & { id: number };
const get = async (url: string, who: string) => {
  const res = await t.call('GET', url, who);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json() as Row[];
};
const pick = (row: Row, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

/** The board's view of `list` (a call's path and query) is the full list, record for record, cut to `keys`. */
async function expectBoardView(list: string, keys: string[], who = ADMIN): Promise<Row[]> {
  const full = await get(list, who);
  const board = await get(`${list}&view=board`, who);
  expect(board.map((r) => r.id)).toEqual(full.map((r) => r.id));
  expect(board).toEqual(full.map((r) => pick(r, keys)));
  return board;
}

const RESTAURANT_KEYS = ['id', 'name', 'area_id', 'area', 'status', 'standard_pay', 'weekend_pay', 'invoice_comission'];
const DRIVER_KEYS = [
  'id', 'first_name', 'last_name', 'full_name', 'email', 'phone', 'photo_src', 'status', 'working_time_opt_out',
  'area_ids', 'restaurant_ids', 'default_working_time', 'actual_override_working_time',
];

describe('GET /api/restaurant?view=board', () => {
  it("answers each restaurant of the status, in the list's order, with the boards' fields and their values only", async () => {
    await expectBoardView('/api/restaurant?status=20', RESTAURANT_KEYS);
    const [first] = await expectBoardView('/api/restaurant?status=10', RESTAURANT_KEYS);
    expect(Object.keys(first).sort()).toEqual([...RESTAURANT_KEYS].sort());
    expect(first.area).toEqual({ id: first.area_id, name: expect.any(String), standardPayRate: expect.any(Number), weekendPayRate: expect.any(Number) });
  });

  it("keeps a restaurant account to its own restaurants, without the office's rates", async () => {
    const own = await get('/api/restaurant?status=10', RESTAURANT);
    const board = await get('/api/restaurant?status=10&view=board', RESTAURANT);
    expect(board.map((r) => r.id)).toEqual(own.map((r) => r.id));
    expect(board.length).toBeGreaterThan(0);
    for (const hidden of ['standard_pay', 'weekend_pay', 'invoice_comission']) expect(board[0], hidden).not.toHaveProperty(hidden);
    expect(board[0].area).toEqual({ id: board[0].area_id, name: expect.any(String) });
  });

  it('refuses a view it does not have, in words', async () => {
    const res = await t.call('GET', '/api/restaurant?status=10&view=everything', ADMIN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ view: [LIST_MSG.view] });
  });
});

describe('GET /api/driver?view=board', () => {
  it("answers each driver of the filter, in the list's order, with the boards' fields and their values only", async () => {
    await expectBoardView('/api/driver?status=10', DRIVER_KEYS);
    const board = await expectBoardView('/api/driver?status=30', DRIVER_KEYS);
    // The demo's drivers have areas, restaurants and weekly working times, so the comparison reads them.
    for (const key of ['area_ids', 'restaurant_ids', 'default_working_time']) expect(board.some((d) => (d[key] as unknown[]).length > 0), key).toBe(true);
    expect(Object.keys(board[0]).sort()).toEqual([...DRIVER_KEYS].sort());
  });

  it("answers a driver's date overrides from the window the full list keeps, in date order", async () => {
    const [driver] = await get('/api/driver?status=10&view=board', ADMIN);
    const dates = ['2030-05-02', '2030-05-01', '2020-01-01'];
    await t.db
      .insertInto('driver_working_time_overrides')
      .values(dates.map((period_date, i) => ({ driver_id: driver.id, period_date, holiday: i === 0 ? 10 : 20, start_at: i === 0 ? null : '09:00', stop_at: i === 0 ? null : '17:00' })))
      .execute();
    try {
      const full = (await get('/api/driver?status=10', ADMIN)).find((d) => d.id === driver.id)!;
      const board = (await get('/api/driver?status=10&view=board', ADMIN)).find((d) => d.id === driver.id)!;
      expect(board.actual_override_working_time).toEqual(full.actual_override_working_time);
      expect((board.actual_override_working_time as { period_date: string }[]).map((o) => o.period_date)).toEqual(['2030-05-01', '2030-05-02']);
      expect(board.actual_override_working_time).toContainEqual({ period_date: '2030-05-02', holiday: 10, start_at: null, stop_at: null });
    } finally {
      await t.db.deleteFrom('driver_working_time_overrides').where('driver_id', '=', driver.id).where('period_date', 'in', dates).execute();
    }
  });

  it("keeps a manager to the drivers of their areas, and never answers anyone's bank details or address", async () => {
    await expectBoardView('/api/driver?status=10', DRIVER_KEYS, MANAGER);
    for (const who of [ADMIN, MANAGER]) {
      const text = JSON.stringify(await get('/api/driver?status=30&view=board', who));
      for (const hidden of ['bank_sort_code', 'bank_account_number', 'address_1', 'date_of_birth', 'car_registration']) expect(text, hidden).not.toContain(hidden);
    }
  });

  it('refuses a view it does not have, in words, paged or not', async () => {
    for (const url of ['/api/driver?status=10&view=everything', `/api/driver?view=full&range=${encodeURIComponent('[0,9]')}`]) {
      const res = await t.call('GET', url, ADMIN);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ view: [LIST_MSG.view] });
    }
  });
});
