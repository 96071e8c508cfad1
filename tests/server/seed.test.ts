import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, isEmpty, seedDemo } from '../../server/db/seed/demo';
import { seedScale } from '../../server/db/seed/scale';
import { verifyPassword } from '../../server/auth/passwords';
import { ROLE } from '../../domain/roles';
import {
  ADDRESSEE, ALERT_CHANNELS, ALERT_EVENTS, DRIVER_STATUS, HOLIDAY, POST_IMPORTANT, POST_PINNED, POST_STATUS, SHIFT_ASSIGNED,
  SHIFT_STATUS, TIMESHEET_PROGRESS, TIMESHEET_STATUS, CANCELLATION_TIMESHEET, codes,
} from '../../domain/statuses';
import { splitAmount } from '../../domain/reports';
import { readLimits } from '../../domain/workingTime';

/** One database for the file: creating and migrating PGlite costs seconds. */
const TODAY = '2026-11-18'; // a Wednesday
const THIS_MONDAY = '2026-11-16';
const THIS_SUNDAY = '2026-11-22';

let handle: DatabaseHandle;
const db = () => handle.db;

beforeAll(async () => {
  handle = await openDatabase({});
  await migrateToLatest(handle.db);
  expect(await isEmpty(handle.db)).toBe(true);
  await seedDemo(handle.db, { today: TODAY });
});
afterAll(() => handle?.close());

async function rows<T>(query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(db())).rows;
}

describe('demo dataset: accounts', () => {
  it('has the four demo logins, each the right kind of account, with the demo password', async () => {
    expect(await isEmpty(db())).toBe(false);
    expect(DEMO_LOGINS.map((l) => l.email)).toEqual(['admin@demo.test', 'manager@demo.test', 'restaurant@demo.test', 'driver@demo.test']);

    const admin = await db().selectFrom('users').selectAll().where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    expect(admin.role).toBe(ROLE.administrator);
    expect(await verifyPassword(admin.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(admin.password_hash, 'wrong-password')).toBe(false);

    const manager = await db().selectFrom('users').selectAll().where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
    expect(manager.role).toBe(ROLE.manager);
    expect(await verifyPassword(manager.password_hash, DEMO_PASSWORD)).toBe(true);

    const restaurant = await db().selectFrom('restaurateurs').selectAll().where('email', '=', 'restaurant@demo.test').executeTakeFirstOrThrow();
    expect(await verifyPassword(restaurant.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'restaurant@demo.test').executeTakeFirst()).toBeUndefined();

    const driver = await db().selectFrom('drivers').selectAll().where('email', '=', 'driver@demo.test').executeTakeFirstOrThrow();
    expect(driver.status).toBe(DRIVER_STATUS.active);
    expect(await verifyPassword(driver.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await db().selectFrom('driver_areas').select('area_id').where('driver_id', '=', driver.id).execute()).not.toHaveLength(0);
    expect(await db().selectFrom('driver_working_times').select('id').where('driver_id', '=', driver.id).execute()).not.toHaveLength(0);
  });

  it('has a second administrator and a second manager', async () => {
    const staff = await db().selectFrom('users').select(['role']).execute();
    expect(staff.filter((u) => u.role === ROLE.administrator).length).toBeGreaterThanOrEqual(2);
    expect(staff.filter((u) => u.role === ROLE.manager).length).toBeGreaterThanOrEqual(2);
  });

  it('gives the manager exactly two areas and no restaurant restriction (all restaurants of those areas)', async () => {
    const manager = await db().selectFrom('users').select('id').where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
    const areas = await db().selectFrom('user_areas').select('area_id').where('user_id', '=', manager.id).execute();
    expect(areas).toHaveLength(2);
    expect(await db().selectFrom('user_restaurants').select('restaurant_id').where('user_id', '=', manager.id).execute()).toHaveLength(0);
    const inScope = await db().selectFrom('restaurants').select('id').where('area_id', 'in', areas.map((a) => a.area_id)).execute();
    expect(inScope.length).toBeGreaterThanOrEqual(4);
    // Other areas exist too, so scoping is visible.
    expect((await db().selectFrom('restaurants').select('id').execute()).length).toBeGreaterThan(inScope.length);
  });

  it('lets the restaurant account own at least two restaurants', async () => {
    const owned = await rows<{ name: string }>(
      `select r.name from restaurants r join restaurateurs o on o.id = r.restaurateur_id where o.email = 'restaurant@demo.test'`,
    );
    expect(owned.length).toBeGreaterThanOrEqual(2);
  });

  it('has realistic restaurants and drivers in every status', async () => {
    const restaurants = await db().selectFrom('restaurants').selectAll().execute();
    expect(restaurants.length).toBeGreaterThanOrEqual(30);
    expect(new Set(restaurants.map((r) => r.status))).toEqual(new Set([10, 20]));
    expect(restaurants.some((r) => r.standard_pay !== null)).toBe(true);
    for (const r of restaurants) {
      expect(r.postcode).toMatch(/^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/);
      expect(r.map_latitude).toBeGreaterThan(50);
      expect(r.restaurateur_id).not.toBeNull();
    }

    const drivers = await db().selectFrom('drivers').selectAll().execute();
    expect(drivers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(drivers.map((d) => d.status))).toEqual(new Set(codes(DRIVER_STATUS)));
    expect(drivers.some((d) => d.not_progressing === 10)).toBe(true);
    expect(drivers.some((d) => d.push_token)).toBe(true);
    const halfBoard = drivers.filter((d) => d.half_board);
    expect(halfBoard.length).toBeGreaterThan(0);
    for (const d of halfBoard) expect([d.phone, d.address_1, d.car_make, d.bank_sort_code]).toEqual([null, null, null, null]);
  });

  it('stores working times on 15-minute steps and leave in the coming weeks', async () => {
    const periods = await db().selectFrom('driver_working_times').selectAll().execute();
    expect(periods.length).toBeGreaterThan(100);
    for (const p of periods) {
      expect(p.week_day).toBeGreaterThanOrEqual(0);
      expect(p.week_day).toBeLessThanOrEqual(6);
      for (const t of [p.start_at, p.stop_at]) expect(t).toMatch(/^([01]\d|2[0-3]):(00|15|30|45)$/);
      expect(p.start_at! < p.stop_at!).toBe(true);
    }
    expect(periods.some((p) => p.holiday === HOLIDAY.yes)).toBe(true);
    const leave = await db().selectFrom('driver_working_time_overrides').selectAll().where('holiday', '=', HOLIDAY.yes).where('period_date', '>', TODAY).execute();
    expect(leave.length).toBeGreaterThan(5);
  });
});

describe('demo dataset: schedule and timesheets', () => {
  it('has shifts in every status and assignment state, in past and coming weeks', async () => {
    const shifts = await db().selectFrom('shifts').selectAll().execute();
    expect(new Set(shifts.map((s) => s.status))).toEqual(new Set(codes(SHIFT_STATUS)));
    expect(new Set(shifts.map((s) => s.status_assigned))).toEqual(new Set(codes(SHIFT_ASSIGNED)));
    expect(shifts.filter((s) => s.period_date < THIS_MONDAY).length).toBeGreaterThan(100);
    expect(shifts.filter((s) => s.period_date > THIS_SUNDAY).length).toBeGreaterThan(100);
    expect(shifts.some((s) => s.finish_time < s.start_time)).toBe(true); // overnight

    for (const s of shifts) {
      if (s.status_assigned === SHIFT_ASSIGNED.assigned) expect(s.driver_id).not.toBeNull();
      else expect(s.driver_id).toBeNull();
      if (s.status_assigned === SHIFT_ASSIGNED.stale) {
        expect(s.driver_id_canceled).not.toBeNull();
        expect(s.comment_cancelled).toBeTruthy();
      }
      if (s.status === SHIFT_STATUS.draft) {
        expect(s.restaurateur_creator_id).not.toBeNull();
        expect([s.cost_total, s.period_date > TODAY]).toEqual([0, true]);
      }
      if (s.period_date < TODAY) expect(s.status).toBe(SHIFT_STATUS.published);
    }
  });

  it('prices shifts at the restaurant or area rate by weekday: rate × hours + bonus + fuel', async () => {
    const priced = await rows<{ cost_per_hour: number; expected_rate: number; cost_total: number; expected_total: number }>(`
      select s.cost_per_hour, s.cost_total,
        case when extract(isodow from s.period_date) >= 5 then coalesce(r.weekend_pay, a.weekend_pay_rate)
             else coalesce(r.standard_pay, a.standard_pay_rate) end::float as expected_rate,
        round((s.cost_per_hour * (extract(epoch from (s.finish_time::time - s.start_time::time)) / 3600
          + case when s.finish_time <= s.start_time then 24 else 0 end) + s.cost_bonus + s.const_fuel_bonus)::numeric, 2)::float as expected_total
      from shifts s join restaurants r on r.id = s.restaurant_id join areas a on a.id = r.area_id
      where s.status <> ${SHIFT_STATUS.draft} and s.restaurateur_creator_id is null`);
    expect(priced.length).toBeGreaterThan(500);
    for (const p of priced) {
      expect(p.cost_per_hour).toBe(p.expected_rate);
      expect(p.cost_total).toBeCloseTo(p.expected_total, 2);
    }
  });

  it('has timesheets in every status with matching progress, one per worked shift', async () => {
    const sheets = await rows<{ status: number; status_progress: number; period_date: string; same: boolean; driver_start_time: string | null }>(`
      select t.status, t.status_progress, t.period_date, t.driver_start_time,
        (t.driver_id = s.driver_id and t.restaurant_id = s.restaurant_id and t.period_date = s.period_date) as same
      from timesheets t join shifts s on s.id = t.shift_id`);
    // Every timesheet but the cancellation ones works a shift.
    expect(sheets.length).toBe((await count('timesheets')) - (await rows(`select id from timesheets where status = ${CANCELLATION_TIMESHEET.status}`)).length);
    expect(new Set(sheets.map((t) => t.status))).toEqual(new Set(codes(TIMESHEET_STATUS)));
    expect(new Set(sheets.map((t) => t.status_progress)).size).toBeGreaterThanOrEqual(6);
    const allowed: Record<number, number[]> = {
      [TIMESHEET_STATUS.pending]: [TIMESHEET_PROGRESS.inWork, TIMESHEET_PROGRESS.submitted, TIMESHEET_PROGRESS.notSubmitted],
      [TIMESHEET_STATUS.approved]: [TIMESHEET_PROGRESS.payApproved, TIMESHEET_PROGRESS.timeApproved],
      [TIMESHEET_STATUS.discarded]: [TIMESHEET_PROGRESS.discarded, TIMESHEET_PROGRESS.discardedByDriver],
    };
    for (const t of sheets) {
      expect(allowed[t.status]).toContain(t.status_progress);
      expect(t.same).toBe(true);
      expect(t.period_date <= TODAY).toBe(true);
      if (t.status_progress === TIMESHEET_PROGRESS.notSubmitted) expect(t.driver_start_time).toBeNull();
    }
    const bonuses = await rows<{ cost_bonus: number }>(`select distinct cost_bonus from timesheets where cost_bonus <> 0`);
    expect(bonuses.length).toBeGreaterThan(1);
  });

  it('records cancellations for reporting, each Cancel Shift with its fee timesheet, and has invoices for past weeks', async () => {
    const reports = await db().selectFrom('reporting').selectAll().execute();
    expect(reports.length).toBeGreaterThan(0);
    for (const r of reports) {
      expect([10, 40]).toContain(r.event);
      expect(r.model_type).toBe(10);
      expect(r.shift_id).not.toBeNull();
      expect(r.cost).toBeLessThan(0);
      expect({ cost_cover: r.cost_cover, amount_paid: r.amount_paid, amount_difference: r.amount_difference }).toEqual(splitAmount(r.cost));
    }
    // The cancelled driver's fee: a cancellation timesheet of the shift they were taken off, told of by its record.
    const fees = await rows<{ event: number; cost: number; fee: number | null; same: boolean | null; worked: boolean | null }>(`
      select r.event, r.cost, t.cost_extra_bonus as fee,
        (t.driver_id = r.driver_id and t.cancelled_shift_id = r.shift_id and t.shift_id is null and t.cost_total = t.cost_extra_bonus
          and t.status = ${CANCELLATION_TIMESHEET.status} and s.driver_id is null and s.driver_id_canceled = t.driver_id) as same,
        (t.driver_id = r.driver_id and t.shift_id = r.shift_id and t.period_date = r.period_date and t.status = ${TIMESHEET_STATUS.approved}) as worked
      from reporting r left join timesheets t on t.id = r.timesheet_id left join shifts s on s.id = t.cancelled_shift_id`);
    expect(fees.some((f) => f.event === 10)).toBe(true);
    // A fee set on approval (event 40) is carried by the approved worked timesheet its record names.
    expect(fees.some((f) => f.event === 40)).toBe(true);
    for (const f of fees) {
      if (f.event === 10) expect(f).toMatchObject({ event: 10, cost: f.cost, fee: f.cost, same: true });
      else expect(f).toMatchObject({ event: 40, fee: f.cost, worked: true });
    }
    const invoices = await db().selectFrom('invoices').selectAll().orderBy('invoice_number').execute();
    expect(invoices.length).toBeGreaterThanOrEqual(1);
    expect(invoices[0].invoice_number).toBe('001');
    for (const inv of invoices) {
      expect(inv.period_date_to < THIS_MONDAY).toBe(true);
      expect(Array.isArray(inv.lines)).toBe(true);
      expect(inv.total).toBeCloseTo(inv.subtotal + inv.vat, 2);
      expect(inv.subtotal).toBeGreaterThan(0);
    }
  });
});

describe("demo dataset: today's shifts", () => {
  it("gives today's lunch shifts a timesheet in work once they have started, and none when made before", async () => {
    // The dataset above was made for a day long past, so as at its 18:00, after lunch.
    const lunch = await rows<{ progress: number }>(`select status_progress as progress from timesheets where period_date = '${TODAY}' and shift_id is not null`);
    expect(lunch.length).toBeGreaterThan(0);
    expect(new Set(lunch.map((t) => t.progress))).toEqual(new Set([TIMESHEET_PROGRESS.inWork]));

    const morning = await openDatabase({});
    try {
      await migrateToLatest(morning.db);
      // 09:00 in London (UTC in November), before any lunch slot starts.
      await seedDemo(morning.db, { today: TODAY, now: new Date(`${TODAY}T09:00:00Z`) });
      const today = await sql.raw<{ n: number }>(`select count(*)::int as n from timesheets where period_date = '${TODAY}' and shift_id is not null`).execute(morning.db);
      const shifts = await sql.raw<{ n: number }>(`select count(*)::int as n from shifts where period_date = '${TODAY}' and driver_id is not null`).execute(morning.db);
      expect(shifts.rows[0].n).toBeGreaterThan(0);
      expect(today.rows[0].n).toBe(0);
    } finally {
      await morning.close();
    }
  });
});

describe('demo dataset: news, alerts, options', () => {
  it('has news posts with targets, replies and reads', async () => {
    const posts = await db().selectFrom('news_posts').selectAll().execute();
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts.filter((p) => p.pinned === POST_PINNED.yes)).toHaveLength(1);
    expect(posts.some((p) => p.status === POST_STATUS.hide)).toBe(true);
    expect(posts.some((p) => p.important === POST_IMPORTANT.yes)).toBe(true);
    expect(new Set(posts.map((p) => p.addressee))).toEqual(new Set(codes(ADDRESSEE)));
    for (const p of posts) expect(p.post_content).toMatch(/^<p>/);

    const targets = { [ADDRESSEE.areas]: 'news_post_areas', [ADDRESSEE.restaurants]: 'news_post_restaurants', [ADDRESSEE.drivers]: 'news_post_drivers' } as const;
    for (const [addressee, table] of Object.entries(targets)) {
      for (const p of posts.filter((x) => x.addressee === Number(addressee))) {
        expect((await rows(`select 1 from ${table} where post_id = ${p.id}`)).length).toBeGreaterThan(0);
      }
    }
    const replies = await db().selectFrom('news_replies').selectAll().execute();
    expect(replies.some((r) => r.author_driver_id !== null)).toBe(true);
    expect(replies.some((r) => r.author_user_id !== null)).toBe(true);
    expect(await count('news_post_reads')).toBeGreaterThan(20);
  });

  it('has alerts with a JSON message, none dated after now, some read by the administrator', async () => {
    const alerts = await db().selectFrom('alerts').selectAll().execute();
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const a of alerts) {
      expect(ALERT_CHANNELS).toContain(a.channel);
      expect(ALERT_EVENTS).toContain(a.event);
      expect(typeof JSON.parse(a.data).message).toBe('string');
      expect(Date.parse(a.created_at)).toBeLessThanOrEqual(Date.now());
    }
    expect(alerts.some((a) => a.restaurant_id !== null)).toBe(true);
    const reads = await rows(`select 1 from alert_reads r join users u on u.id = r.user_id where u.email = 'admin@demo.test'`);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(alerts.length);
  });

  it('has the eleven options with valid values and descriptions', async () => {
    const options = Object.fromEntries((await db().selectFrom('options').selectAll().execute()).map((o) => [o.okey, o]));
    expect(Object.keys(options).sort()).toEqual([
      'attendance_late_minutes', 'attendance_no_show_minutes',
      'fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6', 'map_center_default',
      'restaurants_standard_booking_fee', 'restaurants_standard_invoice_comission',
      'working_time_max_consecutive_days', 'working_time_max_week_hours', 'working_time_min_rest_hours',
    ]);
    expect(readLimits(Object.values(options))).toEqual({ minRestHours: 11, maxWeekHours: 48, maxConsecutiveDays: 6 });
    expect(JSON.parse(options.map_center_default.ovalue)).toEqual({ lat: 51.4, lng: 0, map_zoom: 12 });
    expect([options.attendance_late_minutes.ovalue, options.attendance_no_show_minutes.ovalue]).toEqual(['10', '30']);
    for (const key of ['fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6', 'restaurants_standard_invoice_comission']) {
      expect(Number(options[key].ovalue)).toBeGreaterThan(0);
    }
    expect(Number(options.restaurants_standard_booking_fee.ovalue)).toBe(0);
    for (const o of Object.values(options)) expect(o.description.length).toBeGreaterThan(10);
  });
});

describe('seedScale', () => {
  it('adds a consistent dataset next to the demo one', async () => {
    const before = { restaurants: await count('restaurants'), drivers: await count('drivers'), shifts: await count('shifts'), timesheets: await count('timesheets') };
    // Thirty restaurants: three areas, in London, Manchester and Birmingham, where the demo has areas of its own.
    const summary = await seedScale(db(), { restaurants: 30, drivers: 60, days: 10, today: TODAY });
    expect(summary.restaurants).toBe(30);
    expect(summary.drivers).toBe(60);
    expect(summary.shifts).toBeGreaterThanOrEqual(30 * 8);
    expect(summary.timesheets).toBeGreaterThan(0);
    expect(await count('restaurants')).toBe(before.restaurants + 30);
    expect(await count('drivers')).toBe(before.drivers + 60);
    // Area names stay unique within their city, as the Areas screen requires of every save.
    expect(await rows(`select city_id, lower(name) from areas group by 1, 2 having count(*) > 1`)).toHaveLength(0);
    expect(await count('shifts')).toBe(before.shifts + summary.shifts);
    expect(await count('timesheets')).toBe(before.timesheets + summary.timesheets);

    // Every timesheet belongs to its shift (a cancellation timesheet to the shift its driver was taken off); every
    // booked driver works in the restaurant's area.
    expect(await rows(`
      select t.id from timesheets t join shifts s on s.id = coalesce(t.shift_id, t.cancelled_shift_id)
      where coalesce(s.driver_id, s.driver_id_canceled) <> t.driver_id or t.restaurant_id <> s.restaurant_id or t.period_date <> s.period_date`)).toHaveLength(0);
    expect(await rows(`select id from timesheets where shift_id is null and cancelled_shift_id is null`)).toHaveLength(0);
    expect(await rows(`select id from reporting where event = 10 and timesheet_id is null`)).toHaveLength(0);
    expect(await rows(`
      select s.id from shifts s join restaurants r on r.id = s.restaurant_id
      where s.driver_id is not null
        and not exists (select 1 from driver_areas da where da.driver_id = s.driver_id and da.area_id = r.area_id)`)).toHaveLength(0);
    expect(await rows(`select id from restaurants where restaurateur_id is null`)).toHaveLength(0);

    // Sequences moved past the numbered rows, so the app can insert again.
    const restaurant = await db().selectFrom('restaurants').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const shift = await db()
      .insertInto('shifts')
      .values({ restaurant_id: restaurant.id, period_date: TODAY, start_time: '11:00', finish_time: '15:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(shift.id).toBeGreaterThan(before.shifts + summary.shifts);

    // The demo logins still work on the bigger database.
    expect(await db().selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirst()).toBeDefined();
  });
});

async function count(table: 'restaurants' | 'drivers' | 'shifts' | 'timesheets' | 'news_post_reads'): Promise<number> {
  const row = await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
