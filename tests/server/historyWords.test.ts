import { suiteTestApp, ADMIN } from '../helpers/testApp';
import { makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { multipart } from '../helpers/multipart';

// Weeks after the test's today (18/11/2026): Mon 07/12/2026 to Sun 13/12/2026.
const MON = '2026-12-07';
const SUN = '2026-12-13';

const t = suiteTestApp();
let camden: number;
let grace: number;
beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, ['06:00', '23:00'] as [string, string]]));
  grace = await makeDriver(t.db, { first: 'Grace', last: 'Rossi', areas: ['Camden'], weekly: everyDay });
});

interface Answer {
  id: string;
  summary: string;
  records: string[];
  more: number;
  names: Record<string, Record<string, string>>;
  entries: { table_name: string; label: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.as(ADMIN), ...(payload ? { payload } : {}) });
}

async function actionOf(id: string): Promise<Answer> {
  const page = (await call('GET', `/api/history?range=${encodeURIComponent('[0,99]')}`)).json<Answer[]>();
  return page.find((a) => a.id === id)!;
}

describe('GET /api/history in words', () => {
  it('names an edited shift by restaurant, day and times, and its fields’ ids by name', async () => {
    const id = await makeShift(t.db, { restaurant_id: camden, period_date: SUN, start_time: '08:15', finish_time: '11:45' });
    const edit = await call('PUT', `/api/shift/${id}`, { id, restaurant_id: camden, period_date: SUN, start_time: '08:15', finish_time: '11:45', driver_id: grace });
    expect(edit.statusCode).toBe(200);
    const action = await actionOf(edit.headers['x-request-id'] as string);
    expect(action.summary).toBe('Edited');
    expect(action.records).toEqual(['Shift · Pizza Palace Camden · Sun 13/12/2026 08:15–11:45']);
    expect(action.more).toBe(0);
    expect(action.names.drivers).toEqual({ [String(grace)]: 'Grace Rossi' });
    expect(JSON.stringify(action)).not.toMatch(/Shift \d|Driver \d/);
  });

  it('sums a bulk publish up as how many shifts of which week, naming the first few', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await makeShift(t.db, { restaurant_id: camden, period_date: i < 3 ? MON : SUN, start_time: `1${i}:00`, finish_time: `1${i}:30` }));
    const res = await call('POST', '/api/shift/publish', { shift_ids: ids, push_drivers: 20 });
    const action = await actionOf(res.headers['x-request-id'] as string);
    expect(action.summary).toBe('Published 5 shifts, week of 07/12/2026');
    expect(action.records).toEqual([
      'Shift · Pizza Palace Camden · Mon 07/12/2026 10:00–10:30',
      'Shift · Pizza Palace Camden · Mon 07/12/2026 11:00–11:30',
      'Shift · Pizza Palace Camden · Mon 07/12/2026 12:00–12:30',
    ]);
    expect(action.more).toBe(2);
  });

  it('names an area made and the drivers of an import with the file they came from', async () => {
    const city = (await t.db.selectFrom('cities').select(['id', 'city_name']).executeTakeFirstOrThrow());
    const area = await call('POST', '/api/area', { name: 'Hist North', city_id: city.id, standardPayRate: 11, weekendPayRate: 12 });
    const made = await actionOf(area.headers['x-request-id'] as string);
    expect(made).toMatchObject({ summary: 'Created', records: ['Area · Hist North'] });
    expect(made.names.cities).toEqual({ [String(city.id)]: city.city_name });

    const lines = ['First name,Last name,E-mail,Areas'];
    for (let i = 0; i < 1000; i += 1) lines.push(`Words,Driver ${i},words.${i}@import.test,Camden`);
    const body = multipart([{ name: 'file', file: Buffer.from(lines.join('\n')), filename: 'drivers.csv', type: 'text/csv' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/driver/import?mode=commit', payload: body.payload, headers: { ...(await t.as(ADMIN)), ...body.headers } });
    expect(res.statusCode).toBe(200);
    const imported = await actionOf(res.headers['x-request-id'] as string);
    expect(imported.summary).toBe('Imported 1,000 drivers from drivers.csv');
    expect(imported.records).toEqual(['Driver · Words Driver 0', 'Driver · Words Driver 1', 'Driver · Words Driver 2']);
    expect(imported.more).toBe(997);
  }, 60_000);

  it('gives a save that changed nothing a word', async () => {
    const id = await makeShift(t.db, { restaurant_id: camden, period_date: MON, start_time: '20:00', finish_time: '21:00' });
    const same = { id, restaurant_id: camden, period_date: MON, start_time: '20:00', finish_time: '21:00', driver_id: 0 };
    await call('PUT', `/api/shift/${id}`, same);
    const again = await call('PUT', `/api/shift/${id}`, same);
    const action = await actionOf(again.headers['x-request-id'] as string);
    expect(action?.summary ?? 'no action recorded').not.toBe('—');
  });
});
