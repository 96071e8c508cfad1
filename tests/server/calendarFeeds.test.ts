import { addDays, londonToday } from '../../domain/dates';
import { CALENDAR_FEED_MSG, CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, type CalendarFeedIssued } from '../../domain/calendarFeeds';
import { SHIFT_STATUS } from '../../domain/statuses';
import { icalendar } from '../../server/services/calendarFeeds/icalendar';
import { parseCalendar } from '../helpers/icalendar';
import { suiteTestApp } from '../helpers/testApp';
import { ADMIN, DRIVER, MANAGER, RESTAURANT, areaId, makeDriver, makeShift, restaurantId } from '../helpers/timesheetFixtures';

/**
 * Private calendar feeds: what a subscribed calendar receives for a driver and for a restaurant account, parsed back
 * with an independent iCalendar parser, and what revoking and renewing an address do.
 */

let ppc: number;
let wok: number;
let camden: number;
const today = londonToday();

const t = suiteTestApp();
beforeAll(async () => {
  ppc = await restaurantId(t.db, 'Pizza Palace Camden');
  wok = await restaurantId(t.db, 'Golden Wok Manchester');
  camden = await areaId(t.db, 'Camden');
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: string, payload?: object) {
  return t.app.inject({ method, url, headers: who ? await t.as(who) : {}, ...(payload ? { payload } : {}) });
}
async function issue(url: string, who: string): Promise<string> {
  const res = await call('POST', url, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as CalendarFeedIssued;
  expect(body).toMatchObject({ active: true, path: expect.stringMatching(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/) });
  return body.path;
}
async function feed(path: string) {
  const res = await call('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { text: res.body, ...parseCalendar(res.body) };
}
/** The instant of a London wall-clock time, for the dates these tests use. */
const londonInstant = (date: string, hhmm: string) => {
  const guess = new Date(`${date}T${hhmm}:00Z`);
  const london = new Date(guess.toLocaleString('en-US', { timeZone: 'Europe/London' }) + ' UTC');
  return new Date(guess.getTime() - (london.getTime() - guess.getTime())).toISOString();
};

describe("a driver's feed", () => {
  it("has the driver's published shifts in the window, in London time, with no costs, and cancellations struck out", async () => {
    const driver = await makeDriver(t.db, { areas: [camden], first: 'Cal', last: 'Endar' });
    const day = addDays(today, 3);
    const shift = (date: string, start: string, finish: string, extra: { status?: number; cost_per_hour?: number } = {}) =>
      makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: date, start_time: start, finish_time: finish, cost_per_hour: 12.75, ...extra });
    const evening = await shift(day, '18:00', '22:00');
    const overnight = await shift(addDays(day, 1), '22:00', '02:00');
    await shift(addDays(day, 2), '12:00', '16:00', { status: SHIFT_STATUS.new }); // unpublished: not in the feed
    await shift(addDays(today, -CALENDAR_FEED_DAYS_BACK - 1), '12:00', '16:00'); // before the window
    await shift(addDays(today, CALENDAR_FEED_DAYS_AHEAD + 1), '12:00', '16:00'); // after it
    const firstDay = await shift(addDays(today, -CALENDAR_FEED_DAYS_BACK), '09:00', '13:00');
    const lastDay = await shift(addDays(today, CALENDAR_FEED_DAYS_AHEAD), '09:00', '13:00');
    const toCancel = await shift(addDays(day, 3), '17:00', '21:00');
    const cancel = await call('POST', '/api/reporting/create', ADMIN, {
      shift_id: toCancel, restaurant_id: ppc, driver_id: driver.id, period_date: addDays(day, 3), cost: -15, comment_cancelled: 'Driver ill', model_type: 10, event: 10, model_id: toCancel,
    });
    expect(cancel.statusCode, cancel.body).toBe(201);

    const path = await issue(`/api/calendar-feed/driver/${driver.id}`, ADMIN);
    const { text, name, timezones, events } = await feed(path);

    expect(name).toBe('Shifts of Cal Endar');
    expect(timezones).toEqual(['Europe/London']);
    expect(events.map((e) => e.uid)).toEqual([firstDay, evening, overnight, toCancel, lastDay].map((id) => `shift-${id}@driver-staffing-backoffice`));
    const byId = (id: number) => events.find((e) => e.uid === `shift-${id}@driver-staffing-backoffice`)!;
    expect(byId(evening)).toEqual({
      uid: `shift-${evening}@driver-staffing-backoffice`,
      summary: 'Shift at Pizza Palace Camden',
      location: expect.stringContaining('NW1'),
      status: 'CONFIRMED',
      start: londonInstant(day, '18:00'),
      end: londonInstant(day, '22:00'),
      startZone: 'Europe/London',
    });
    expect(byId(overnight)).toMatchObject({ start: londonInstant(addDays(day, 1), '22:00'), end: londonInstant(addDays(day, 2), '02:00') });
    expect(byId(toCancel)).toMatchObject({ status: 'CANCELLED', summary: 'Cancelled: shift at Pizza Palace Camden' });
    // Never money: not the rate, nor the fee.
    expect(text).not.toMatch(/12\.75|£|cost|fee/i);

    // The same shift keeps its UID on the next refresh; an unpublished one leaves the feed.
    await t.db.updateTable('shifts').set({ status: SHIFT_STATUS.new }).where('id', '=', evening).execute();
    const again = await feed(path);
    expect(again.events.map((e) => e.uid)).toEqual([firstDay, overnight, toCancel, lastDay].map((id) => `shift-${id}@driver-staffing-backoffice`));
  });

  it('answers 404 once revoked, and only the newest address after a renewal', async () => {
    const driver = await makeDriver(t.db, { areas: [camden] });
    const url = `/api/calendar-feed/driver/${driver.id}`;
    expect((await call('GET', url, ADMIN)).json()).toEqual({ active: false, created_at: null });
    const first = await issue(url, ADMIN);
    expect((await call('GET', url, ADMIN)).json()).toMatchObject({ active: true, created_at: expect.any(String) });
    const second = await issue(url, ADMIN);
    expect(second).not.toBe(first);
    expect((await call('GET', first)).statusCode).toBe(404);
    await feed(second);

    const revoked = await call('DELETE', url, ADMIN);
    expect(revoked.json()).toEqual({ active: false, created_at: null });
    const gone = await call('GET', second);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: CALENDAR_FEED_MSG.notFound });
    expect((await call('GET', `/api/calendar/${'x'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/not-a-token')).statusCode).toBe(404);
  });

  it('is made by the driver for themself, and by administrators only among staff', async () => {
    const path = await issue('/api/calendar-feed/me', DRIVER);
    const { name } = await feed(path);
    expect(name).toMatch(/^Shifts of /);
    const driver = await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow();
    expect((await call('GET', `/api/calendar-feed/driver/${driver.id}`, ADMIN)).json()).toMatchObject({ active: true });
    expect((await call('POST', `/api/calendar-feed/driver/${driver.id}`, MANAGER)).statusCode).toBe(403);
    expect((await call('POST', '/api/calendar-feed/driver/999999', ADMIN)).statusCode).toBe(404);
    expect((await call('POST', '/api/calendar-feed/me', ADMIN)).statusCode).toBe(403);
  });
});

describe("a restaurant account's feed", () => {
  it("has its own restaurants' published shifts with the driver's name or as open shifts, and no one else's", async () => {
    const driver = await makeDriver(t.db, { areas: [camden], first: 'Rita', last: 'Rider' });
    const day = addDays(today, 4);
    const staffed = await makeShift(t.db, { restaurant_id: ppc, driver_id: driver.id, period_date: day, start_time: '11:00', finish_time: '15:00', cost_per_hour: 12.75 });
    const open = await makeShift(t.db, { restaurant_id: ppc, driver_id: null, period_date: day, start_time: '16:00', finish_time: '20:00' });
    const elsewhere = await makeShift(t.db, { restaurant_id: wok, driver_id: null, period_date: day, start_time: '16:00', finish_time: '20:00' });

    const { text, events } = await feed(await issue('/api/calendar-feed/me', RESTAURANT));
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`shift-${staffed}@driver-staffing-backoffice`);
    expect(uids).not.toContain(`shift-${elsewhere}@driver-staffing-backoffice`);
    expect(events.find((e) => e.uid === `shift-${staffed}@driver-staffing-backoffice`)).toMatchObject({ summary: 'Pizza Palace Camden: Rita Rider', status: 'CONFIRMED' });
    expect(events.find((e) => e.uid === `shift-${open}@driver-staffing-backoffice`)).toMatchObject({ summary: 'Pizza Palace Camden: open shift', status: 'TENTATIVE' });
    expect(text).not.toMatch(/12\.75|£|cost|fee/i);
  });
});

describe('the iCalendar document', () => {
  it('keeps London wall-clock times across the clock changes', () => {
    const event = (date: string, start: string, finish: string, id: number) =>
      ({ shiftId: id, date, start, finish, summary: 'Shift', location: '', state: 'confirmed', updatedAt: '2026-01-01T00:00:00.000Z' }) as const;
    const { events } = parseCalendar(
      icalendar({
        name: 'Clock changes',
        events: [event('2026-03-28', '22:00', '06:00', 1), event('2026-07-01', '18:00', '22:00', 2), event('2026-10-24', '22:00', '06:00', 3)],
      }),
    );
    // The night the clocks go forward is an hour shorter, the night they go back an hour longer.
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ['2026-03-28T22:00:00.000Z', '2026-03-29T05:00:00.000Z'],
      ['2026-07-01T17:00:00.000Z', '2026-07-01T21:00:00.000Z'],
      ['2026-10-24T21:00:00.000Z', '2026-10-25T06:00:00.000Z'],
    ]);
  });
});
