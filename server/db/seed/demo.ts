import type { Insertable, Kysely } from 'kysely';
import type { Database, DriversTable, ReportingTable, ShiftsTable, TimesheetsTable } from '../schema';
import { hashPassword } from '../../auth/passwords';
import { ROLE } from '../../../domain/roles';
import {
  ADDRESSEE, DRIVER_ACTIVITY, DRIVER_PROGRESSING, DRIVER_STATUS, HOLIDAY, POST_IMPORTANT, POST_PINNED, POST_STATUS,
  RESTAURANT_STATUS, SHIFT_ASSIGNED, SHIFT_STATUS, TIMESHEET_PROGRESS, TIMESHEET_STATUS, type AlertChannel, type AlertEvent,
} from '../../../domain/statuses';
import { Random } from './random';
import { insertRows } from './bulk';
import { londonMoment } from '../../../domain/attendance';
import {
  AREAS, BONUS_TARGETS, CASH_ORDERS, CITIES, CONTACT_TITLES, GROUPS, MEALS, OTHER_NOTES, RESTAURANTS, SLOT_TIMES,
  UNIFORMS, WAITING_LOCATIONS, type AreaSeed, type GroupKey, type RestaurantSeed, type SlotKind,
} from './data';
import { CANCEL_REASONS, NEWS, SHIFT_COMMENTS, type StaffKey } from './content';
import { EmailBook, driverProfile, personName, postcodeIn, pushToken, slug, type ProfileLevel } from './people';
import {
  approvalFeeRecord, buildTimesheet, cancellationRows, daySlots, fuelCounts, seedFee, shiftColumns, shiftState, weeklyPeriods, WEEK_TEMPLATE_COUNT, type Staffing,
} from './rules';
import { availability, overlappingShift, worksForRestaurant, type DatePeriod, type DriverPlaces, type DriverWorkingTime, type WeeklyPeriod } from '../../../domain/availability';
import {
  Clock, DEFAULT_FUEL_RATES, addDays, assertDate, daysBetween, fuelBonus, hourlyRate, londonToday, mondayOf,
  round2, shiftHours, ukDate, type PayRates,
} from './time';

/**
 * The dataset a first start shows: a small agency in five UK cities with a few weeks of history and
 * plans, so every screen has something in every state. Deterministic for a given `today`.
 */

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_LOGINS: readonly { role: string; email: string }[] = [
  { role: 'Administrator', email: 'admin@demo.test' },
  { role: 'Manager (two areas)', email: 'manager@demo.test' },
  { role: 'Restaurant account', email: 'restaurant@demo.test' },
  { role: 'Driver (API only)', email: 'driver@demo.test' },
];

const DEMO_OPTIONS: { okey: string; ovalue: string; description: string }[] = [
  { okey: 'map_center_default', ovalue: JSON.stringify({ lat: 51.4, lng: 0, map_zoom: 12 }), description: 'Where maps open: JSON with lat, lng and map_zoom.' },
  { okey: 'fuel_bonus_0', ovalue: '1.5', description: 'Fuel bonus in pounds per delivery of 0 to 3 miles.' },
  { okey: 'fuel_bonus_3', ovalue: '3', description: 'Fuel bonus in pounds per delivery of 3 to 6 miles.' },
  { okey: 'fuel_bonus_6', ovalue: '5', description: 'Fuel bonus in pounds per delivery of more than 6 miles.' },
  { okey: 'restaurants_standard_invoice_comission', ovalue: '1.5', description: 'Commission in pounds per invoiced hour for restaurants without their own.' },
  { okey: 'restaurants_standard_booking_fee', ovalue: '0', description: 'Booking fee in pounds for restaurants without their own.' },
];

/** True before anyone has an account: the moment to seed. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

export async function seedDemo(db: Kysely<Database>, opts: { today?: string; now?: Date } = {}): Promise<void> {
  const today = assertDate(opts.today ?? londonToday());
  // One argon2 hash for every account: hashing is deliberately slow, and they share the password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute((tx) => new DemoBuilder(tx, today, passwordHash, opts.now ?? new Date()).build());
}

interface AreaInfo {
  id: number;
  seed: AreaSeed;
  rates: PayRates;
}

interface RestaurantInfo {
  id: number;
  seed: RestaurantSeed;
  area: AreaInfo;
  lat: number;
  lng: number;
  active: boolean;
  restaurateurId: number;
  slots: Record<SlotKind, readonly [string, string]>;
}

/** A seeded driver with what the shift rules read: places of work (as the API answers them) and working time. */
interface DriverInfo extends DriverPlaces, DriverWorkingTime {
  id: number;
  name: string;
  email: string;
  status: number;
  areaIds: number[];
  favourites: Set<number>;
  default_working_time: WeeklyPeriod[];
  actual_override_working_time: DatePeriod[];
}

/** A driver's booked time on one date, for the overlap rule. */
interface Booking {
  driver_id: number;
  status: number;
  period_date: string;
  start_time: string;
  finish_time: string;
}

interface ShiftInfo {
  id: number;
  row: Insertable<ShiftsTable>;
  restaurant: RestaurantInfo;
  staffing: Staffing;
  daysAhead: number;
  slot: SlotKind;
}

interface TimesheetInfo {
  id: number;
  row: Insertable<TimesheetsTable>;
  shift: ShiftInfo;
}

/** Why a fee was set when a worked timesheet was approved. */
const APPROVAL_FEE_REASONS = ['Arrived 40 minutes late', 'Left before the end of the shift', 'Came without the uniform'] as const;

class DemoBuilder {
  private rng = new Random(20261118);
  private clock: Clock;
  private users = {} as Record<StaffKey, number>;
  private areas = new Map<string, AreaInfo>();
  private restaurants: RestaurantInfo[] = [];
  private drivers: DriverInfo[] = [];
  private shifts: ShiftInfo[] = [];
  private timesheets: TimesheetInfo[] = [];
  private firstDay: string;
  private lastDay: string;

  constructor(
    private db: Kysely<Database>,
    private today: string,
    private passwordHash: string,
    now: Date,
  ) {
    this.clock = new Clock(today, now.getTime());
    // Three weeks back from this week's Monday, to the end of the week after next.
    this.firstDay = addDays(mondayOf(today), -21);
    this.lastDay = addDays(mondayOf(today), 20);
  }

  async build(): Promise<void> {
    await insertRows(this.db, 'options', DEMO_OPTIONS);
    await this.places();
    await this.staff();
    await this.restaurantAccounts();
    await this.driverAccounts();
    await this.schedule();
    await this.worked();
    await this.cancellations();
    await this.invoices();
    await this.news();
    await this.alerts();
  }

  private get london() {
    return this.byName(AREAS.filter((a) => a.city === 'London').map((a) => a.name));
  }

  private byName(names: string[]): AreaInfo[] {
    return names.map((n) => this.areas.get(n)!);
  }

  private restaurant(name: string): RestaurantInfo {
    const found = this.restaurants.find((r) => r.seed.name === name);
    if (!found) throw new Error(`Demo data refers to an unknown restaurant '${name}'`);
    return found;
  }

  private async places() {
    const since = this.clock.at(addDays(this.today, -420), '09:00');
    const cityIds = await insertRows(this.db, 'cities', CITIES.map((c) => ({ city_name: c.name })), { returning: true });
    const cityId = new Map(CITIES.map((c, i) => [c.name, cityIds[i]]));
    const areaIds = await insertRows(
      this.db,
      'areas',
      AREAS.map((a) => ({
        name: a.name,
        city_id: cityId.get(a.city)!,
        standard_pay_rate: a.standard,
        weekend_pay_rate: a.weekend,
        created_at: since,
        updated_at: since,
      })),
      { returning: true },
    );
    AREAS.forEach((seed, i) => this.areas.set(seed.name, { id: areaIds[i], seed, rates: { standard: seed.standard, weekend: seed.weekend } }));
  }

  private async staff() {
    const since = this.clock.at(addDays(this.today, -400), '09:00');
    const people: [StaffKey, string, string, string, number][] = [
      ['admin', 'Alice', 'Admin', 'admin@demo.test', ROLE.administrator],
      ['admin2', 'Oliver', 'Bennett', 'oliver.bennett@demo.test', ROLE.administrator],
      ['manager', 'Mark', 'Manager', 'manager@demo.test', ROLE.manager],
      ['manager2', 'Priya', 'Shah', 'priya.shah@demo.test', ROLE.manager],
    ];
    const ids = await insertRows(
      this.db,
      'users',
      people.map(([, first_name, last_name, email, role]) => ({
        first_name, last_name, email, role, password_hash: this.passwordHash, created_at: since, updated_at: since,
      })),
      { returning: true },
    );
    people.forEach(([key], i) => (this.users[key] = ids[i]));
    await insertRows(this.db, 'user_areas', [
      ...this.byName(['Camden', 'Islington']).map((a) => ({ user_id: this.users.manager, area_id: a.id })),
      ...this.byName(['Manchester City Centre', 'Salford']).map((a) => ({ user_id: this.users.manager2, area_id: a.id })),
    ]);
  }

  private async restaurantAccounts() {
    const rng = this.rng;
    const since = this.clock.at(addDays(this.today, -380), '10:00');
    const groupKeys = Object.keys(GROUPS) as GroupKey[];
    const singles = RESTAURANTS.filter((r) => !r.group);
    const accountIds = await insertRows(
      this.db,
      'restaurateurs',
      [
        ...groupKeys.map((k) => ({ name: GROUPS[k].name, email: GROUPS[k].email })),
        ...singles.map((r) => ({ name: r.name, email: `${slug(r.name)}@restaurants.test` })),
      ].map((r) => ({ ...r, password_hash: this.passwordHash, created_at: since, updated_at: since })),
      { returning: true },
    );
    const ownerOf = (r: RestaurantSeed) =>
      r.group ? accountIds[groupKeys.indexOf(r.group)] : accountIds[groupKeys.length + singles.indexOf(r)];

    const rows = RESTAURANTS.map((seed) => {
      const area = this.areas.get(seed.area)!;
      const city = CITIES.find((c) => c.name === area.seed.city)!;
      const contact = personName(rng);
      const extras = rng.chance(0.65);
      return {
        name: seed.name,
        contact_name: `${contact.first} ${contact.last} (${rng.pick(CONTACT_TITLES)})`,
        address: `${rng.int(1, 240)} ${rng.pick(area.seed.streets)}, ${city.name}`,
        postcode: postcodeIn(rng, area.seed.postcode),
        telephone: `${city.phone}${rng.digits(3)}`,
        business_email: `accounts@${slug(seed.name).replace(/\./g, '')}.test`,
        area_id: area.id,
        restaurateur_id: ownerOf(seed),
        status: seed.inactive ? RESTAURANT_STATUS.inactive : RESTAURANT_STATUS.active,
        standard_pay: seed.standardPay ?? null,
        weekend_pay: seed.weekendPay ?? null,
        invoice_comission: seed.comission ?? null,
        booking_fee: seed.bookingFee ?? null,
        send_invoice: rng.chance(0.9) ? 1 : 0,
        map_latitude: round6(area.seed.lat + rng.float(-0.008, 0.008)),
        map_longitude: round6(area.seed.lng + rng.float(-0.012, 0.012)),
        meal: extras ? rng.pick(MEALS) : null,
        uniform: extras ? rng.pick(UNIFORMS) : null,
        cash_orders: extras ? rng.pick(CASH_ORDERS) : null,
        waiting_location: extras || rng.chance(0.5) ? rng.pick(WAITING_LOCATIONS) : null,
        other: extras && rng.chance(0.5) ? rng.pick(OTHER_NOTES) : null,
        bonus_target: extras && rng.chance(0.5) ? rng.pick(BONUS_TARGETS) : null,
        created_at: since,
        updated_at: since,
      };
    });
    const ids = await insertRows(this.db, 'restaurants', rows, { returning: true });
    this.restaurants = RESTAURANTS.map((seed, i) => ({
      id: ids[i],
      seed,
      area: this.areas.get(seed.area)!,
      lat: rows[i].map_latitude,
      lng: rows[i].map_longitude,
      active: !seed.inactive,
      restaurateurId: rows[i].restaurateur_id,
      slots: { lunch: rng.pick(SLOT_TIMES.lunch), dinner: rng.pick(SLOT_TIMES.dinner), late: rng.pick(SLOT_TIMES.late) },
    }));
    // Priya looks after three Manchester restaurants only, to show a manager narrowed below her areas.
    await insertRows(
      this.db,
      'user_restaurants',
      ['Golden Wok Manchester', 'Ramen Ya', 'Golden Wok Salford'].map((n) => ({ user_id: this.users.manager2, restaurant_id: this.restaurant(n).id })),
    );
  }

  private async driverAccounts() {
    const rng = this.rng;
    const emails = new EmailBook();
    emails.take('driver', 'demo.test');
    type Kind = 'active' | 'inactive' | 'registered' | 'halfBoard';
    const kinds: Kind[] = [
      ...Array<Kind>(63).fill('active'),
      ...Array<Kind>(6).fill('inactive'),
      ...Array<Kind>(6).fill('registered'),
      ...Array<Kind>(4).fill('halfBoard'),
    ];
    // Drivers live where the work is: home areas follow the number of shifts restaurants run.
    const demand: Record<string, number> = { busy: 3, lunchDinner: 2, dinnerLate: 2, dinner: 1, lunch: 1 };
    const homes = rng.shuffle(this.restaurants.filter((r) => r.active).flatMap((r) => Array<AreaInfo>(demand[r.seed.pattern]).fill(r.area)));
    const london = this.london;

    interface Spec {
      row: Insertable<DriversTable>;
      areas: AreaInfo[];
      favourites: RestaurantInfo[];
      template: number | null;
      kind: Kind;
    }
    const specs: Spec[] = [];

    const demoAreas = this.byName(['Camden', 'Islington']);
    specs.push({
      kind: 'active',
      row: {
        first_name: 'Dan', last_name: 'Driver', email: 'driver@demo.test',
        ...driverProfile(rng, 'full', { first: 'Dan', last: 'Driver' }, { city: 'London', postcodeDistrict: 'NW1' }, this.today),
        status: DRIVER_STATUS.active,
        activity_status: DRIVER_ACTIVITY.online,
        activity_time: this.clock.hoursAgo(0.2),
        push_token: pushToken(rng),
      },
      areas: demoAreas,
      favourites: [this.restaurant('Pizza Palace Camden'), this.restaurant('Pizza Palace Islington')],
      template: 4,
    });

    kinds.forEach((kind, i) => {
      const name = personName(rng);
      const email = emails.take(`${name.first}.${name.last}`, 'mail.test');
      if (kind === 'halfBoard') {
        specs.push({ kind, row: { first_name: name.first, last_name: name.last, email, half_board: true, status: DRIVER_STATUS.registered }, areas: [], favourites: [], template: null });
        return;
      }
      const home = homes[i % homes.length];
      const areas = [home];
      if (home.seed.city === 'London' && rng.chance(0.6)) areas.push(rng.pick(london.filter((a) => a !== home)));
      if (home.seed.city === 'Manchester' && rng.chance(0.5)) areas.push(...this.byName(['Manchester City Centre', 'Salford']).filter((a) => a !== home));
      const level: ProfileLevel = kind === 'registered' ? rng.pick(['full', 'partial', 'partial', 'minimal'] as const) : rng.chance(0.9) ? 'full' : 'partial';
      const local = this.restaurants.filter((r) => r.active && areas.includes(r.area));
      const status = kind === 'active' ? DRIVER_STATUS.active : kind === 'inactive' ? DRIVER_STATUS.inactive : DRIVER_STATUS.registered;
      const online = kind === 'active' && rng.chance(0.25);
      const everSeen = kind !== 'registered' || rng.chance(0.4);
      specs.push({
        kind,
        row: {
          first_name: name.first,
          last_name: name.last,
          email,
          ...driverProfile(rng, level, name, { city: home.seed.city, postcodeDistrict: home.seed.postcode }, this.today),
          status,
          not_progressing: kind === 'registered' && level !== 'full' && rng.chance(0.6) ? DRIVER_PROGRESSING.notProgressing : DRIVER_PROGRESSING.progressing,
          activity_status: online ? DRIVER_ACTIVITY.online : DRIVER_ACTIVITY.disconnected,
          activity_time: online ? this.clock.hoursAgo(rng.float(0, 1)) : everSeen ? this.clock.hoursAgo(rng.float(5, 24 * 40)) : null,
          push_token: kind === 'active' && rng.chance(0.75) ? pushToken(rng) : kind === 'inactive' && rng.chance(0.3) ? pushToken(rng) : null,
        },
        areas,
        favourites: rng.chance(0.5) ? rng.sample(local, rng.int(1, 2)) : [],
        template: kind === 'registered' ? (rng.chance(0.5) ? rng.int(0, WEEK_TEMPLATE_COUNT - 1) : null) : rng.int(0, WEEK_TEMPLATE_COUNT - 1),
      });
    });

    const rows = specs.map((s, i) => {
      const joined = rng.int(30, 420);
      const created = this.clock.at(addDays(this.today, -joined), '14:00');
      // Home near the first area, spread by position in the list (no draw, so the rest of the data stays as it was).
      const home = s.areas[0]?.seed;
      return {
        ...s.row,
        map_latitude: home ? round6(home.lat + ((i % 9) - 4) * 0.003) : null,
        map_longitude: home ? round6(home.lng + ((i % 7) - 3) * 0.004) : null,
        password_hash: s.row.half_board ? null : this.passwordHash,
        activated_at: s.row.status === DRIVER_STATUS.registered ? null : this.clock.at(addDays(this.today, -joined + rng.int(1, 10)), '11:00'),
        created_at: created,
        updated_at: this.clock.after(created, 24 * rng.int(1, 25)),
      };
    });
    const ids = await insertRows(this.db, 'drivers', rows, { returning: true });

    this.drivers = specs.map((s, i) => ({
      id: ids[i],
      name: `${s.row.first_name} ${s.row.last_name}`,
      email: s.row.email,
      status: s.row.status as number,
      areaIds: s.areas.map((a) => a.id),
      favourites: new Set(s.favourites.map((r) => r.id)),
      area_ids: s.areas.map((a) => ({ area_id: a.id })),
      restaurant_ids: s.favourites.map((r) => ({ restaurant_id: r.id })),
      default_working_time: s.template === null ? [] : weeklyPeriods(s.template),
      actual_override_working_time: [],
    }));

    await insertRows(this.db, 'driver_areas', specs.flatMap((s, i) => s.areas.map((a) => ({ driver_id: ids[i], area_id: a.id }))));
    await insertRows(this.db, 'driver_restaurants', specs.flatMap((s, i) => s.favourites.map((r) => ({ driver_id: ids[i], restaurant_id: r.id }))));
    await insertRows(
      this.db,
      'driver_working_times',
      specs.flatMap((s, i) => (s.template === null ? [] : weeklyPeriods(s.template).map((p) => ({ driver_id: ids[i], ...p })))),
    );
    await this.leave();
  }

  /** Leave and one-off hours in the coming weeks (and a little in the past), over the weekly pattern. */
  private async leave() {
    const rng = this.rng;
    const active = this.drivers.filter((d) => d.status === DRIVER_STATUS.active);
    const rows: { driver_id: number; period_date: string; holiday: number; start_at: string; stop_at: string }[] = [];
    const override = (d: DriverInfo, period: DatePeriod & { start_at: string; stop_at: string }) => {
      d.actual_override_working_time.push(period);
      rows.push({ driver_id: d.id, ...period });
    };
    const holiday = (d: DriverInfo, date: string) => override(d, { period_date: date, holiday: HOLIDAY.yes, start_at: '00:00', stop_at: '23:45' });
    // The demo driver is away two days next week, so the unavailability checks have a case to show.
    const demo = this.drivers[0];
    for (const offset of [9, 10]) holiday(demo, addDays(this.today, offset));
    for (const d of rng.sample(active.slice(1), 10)) {
      const start = rng.int(2, 14);
      for (let k = 0; k < rng.int(2, 5); k++) holiday(d, addDays(this.today, start + k));
    }
    for (const d of rng.sample(active.slice(1), 2)) {
      const start = rng.int(-12, -6);
      for (let k = 0; k < 3; k++) holiday(d, addDays(this.today, start + k));
    }
    for (const d of rng.sample(active.slice(1), 4)) {
      override(d, { period_date: addDays(this.today, rng.int(1, 13)), holiday: HOLIDAY.no, start_at: '12:00', stop_at: rng.pick(['18:00', '19:30', '21:00']) });
    }
    await insertRows(this.db, 'driver_working_time_overrides', rows);
  }

  /**
   * Shifts over the five weeks, staffed from the drivers of each restaurant's area under the rules the board and the
   * server apply (spec 3, section 5): a driver works for the restaurant, is available by working time, and has no
   * other shift touching that time, so a fresh install's unpublished weeks publish as planned.
   */
  private async schedule() {
    const rng = this.rng;
    const fuelRates = DEFAULT_FUEL_RATES;
    // Every booked shift counts as published: publishing the planned weeks must not double-book anyone.
    const booked = new Map<string, Booking[]>();
    const canTake = (d: DriverInfo, restaurant: RestaurantInfo, shift: Booking) => {
      if (!worksForRestaurant(d, { id: restaurant.id, area_id: restaurant.area.id })) return false;
      if (!availability(d, shift.period_date, shift.start_time, shift.finish_time).available) return false;
      const day = booked.get(`${d.id}|${shift.period_date}`) ?? [];
      return !overlappingShift(shift, day) && !day.some((other) => overlappingShift(other, [shift]));
    };
    const byArea = new Map<number, DriverInfo[]>();
    for (const d of this.drivers.filter((x) => x.status === DRIVER_STATUS.active)) {
      for (const a of d.areaIds) byArea.set(a, [...(byArea.get(a) ?? []), d]);
    }
    const thisMonday = mondayOf(this.today);
    const planned: Omit<ShiftInfo, 'id'>[] = [];

    for (let date = this.firstDay; date <= this.lastDay; date = addDays(date, 1)) {
      const daysAhead = daysBetween(this.today, date);
      const weeksAhead = Math.floor(daysBetween(thisMonday, date) / 7);
      for (const restaurant of this.restaurants) {
        // The inactive restaurants stopped trading after the first week shown.
        if (!restaurant.active && daysBetween(this.firstDay, date) >= 7) continue;
        for (const slot of daySlots(restaurant.seed.pattern, date, rng)) {
          const [start, finish] = restaurant.slots[slot];
          const state = shiftState(rng, daysAhead, weeksAhead);
          const free = (byArea.get(restaurant.area.id) ?? []).filter((d) =>
            canTake(d, restaurant, { driver_id: d.id, status: SHIFT_STATUS.published, period_date: date, start_time: start, finish_time: finish }),
          );
          const favourites = free.filter((d) => d.favourites.has(restaurant.id));
          const driver = favourites.length && rng.chance(0.7) ? rng.pick(favourites) : free.length ? rng.pick(free) : null;
          const staffing: Staffing = state.staffing !== 'open' && !driver ? 'open' : state.staffing;
          if (staffing === 'assigned') {
            const key = `${driver!.id}|${date}`;
            booked.set(key, [...(booked.get(key) ?? []), { driver_id: driver!.id, status: SHIFT_STATUS.published, period_date: date, start_time: start, finish_time: finish }]);
          }

          const rate = hourlyRate(date, { standard: restaurant.seed.standardPay ?? null, weekend: restaurant.seed.weekendPay ?? null }, restaurant.area.rates);
          const bonus = slot === 'late' || (rng.chance(0.08) && daysAhead < 7) ? rng.pick([5, 10]) : 0;
          const fuel = rng.chance(0.05) ? fuelCounts(rng, shiftHours(date, start, finish)) : { fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0 };
          const constFuel = fuelBonus(fuel, fuelRates);
          const creator = this.creatorFor(restaurant);
          const created = this.clock.at(addDays(date, -rng.int(5, 12)), '10:30');
          const extra = rng.chance(0.03);
          planned.push({
            restaurant,
            staffing,
            daysAhead,
            slot,
            row: {
              ...shiftColumns({ restaurant, driver, staffing, status: state.status, date, start, finish, rate, bonus, constFuel }),
              ...fuel,
              extra_request: extra ? 1 : 0,
              comment: extra ? SHIFT_COMMENTS[3] : rng.chance(0.05) ? rng.pick(SHIFT_COMMENTS) : null,
              comment_cancelled: staffing === 'stale' ? rng.pick(CANCEL_REASONS) : null,
              driver_id_canceled: staffing === 'stale' ? (driver?.id ?? null) : null,
              creator_id: creator,
              moderator_id: state.status === SHIFT_STATUS.published ? this.users.admin : null,
              created_at: created,
              updated_at: this.clock.after(created, 24 * rng.int(1, 4)),
            },
          });
        }
      }
    }
    planned.push(...this.restaurantRequests());
    const ids = await insertRows(this.db, 'shifts', planned.map((p) => p.row), { returning: true });
    this.shifts = planned.map((p, i) => ({ ...p, id: ids[i] }));
  }

  /** Who plans a restaurant's rota: its area manager where it has one, else an administrator. */
  private creatorFor(restaurant: RestaurantInfo): number {
    if (['Camden', 'Islington'].includes(restaurant.area.seed.name)) return this.users.manager;
    if (restaurant.area.seed.city === 'Manchester') return this.users.manager2;
    return this.rng.chance(0.7) ? this.users.admin : this.users.admin2;
  }

  /**
   * Shifts restaurant accounts made themselves: drafts still being planned and a few sent for
   * moderation. They carry no cost until the office prices them.
   */
  private restaurantRequests(): Omit<ShiftInfo, 'id'>[] {
    const rng = this.rng;
    const owners = this.restaurants.filter((r) => r.active && (r.seed.group === 'pizzaPalace' || r.seed.group === 'spiceRoute'));
    const out: Omit<ShiftInfo, 'id'>[] = [];
    const add = (restaurant: RestaurantInfo, daysAhead: number, status: number) => {
      const date = addDays(this.today, daysAhead);
      const slot: SlotKind = rng.chance(0.7) ? 'dinner' : 'lunch';
      const [start, finish] = restaurant.slots[slot];
      const created = this.clock.hoursAgo(rng.float(2, 72));
      out.push({
        restaurant,
        slot,
        daysAhead,
        staffing: 'open',
        row: {
          restaurant_id: restaurant.id,
          driver_id: null,
          status,
          status_assigned: SHIFT_ASSIGNED.free,
          period_date: date,
          start_time: start,
          finish_time: finish,
          cost_per_hour: 0,
          cost_total: 0,
          extra_request: 1,
          comment: status === SHIFT_STATUS.draft ? null : 'Extra driver needed, busy evening expected',
          restaurateur_creator_id: restaurant.restaurateurId,
          restaurateur_moderator_id: status === SHIFT_STATUS.new ? restaurant.restaurateurId : null,
          created_at: created,
          updated_at: created,
        },
      });
    };
    for (const r of owners) for (const d of rng.sample([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13], rng.int(2, 4))) add(r, d, SHIFT_STATUS.draft);
    for (const r of rng.sample(owners, 3)) add(r, rng.int(2, 6), SHIFT_STATUS.new);
    return out;
  }

  /** Timesheets of shifts already worked, or being worked today. */
  private async worked() {
    const rng = this.rng;
    const planned: Omit<TimesheetInfo, 'id'>[] = [];
    for (const shift of this.shifts) {
      if (shift.staffing !== 'assigned' || shift.daysAhead > 0) continue;
      const age = -shift.daysAhead;
      // Today: the lunch shifts that have started by the time the data is made, not the ones still to come.
      if (age === 0 && (shift.slot !== 'lunch' || londonMoment(shift.row.period_date, shift.row.start_time).getTime() > this.clock.anchorMs)) continue;
      if (age > 0 && rng.chance(0.07)) continue; // the app shows these as pending placeholders
      const s = shift.row;
      const row = buildTimesheet(
        rng,
        { id: shift.id, restaurant_id: s.restaurant_id, driver_id: s.driver_id!, period_date: s.period_date, start_time: s.start_time, finish_time: s.finish_time, cost_per_hour: Number(s.cost_per_hour) },
        age,
        { lat: shift.restaurant.lat, lng: shift.restaurant.lng },
        DEFAULT_FUEL_RATES,
      );
      const created = this.clock.at(shift.row.period_date, row.finish_time);
      row.created_at = created;
      row.updated_at = this.clock.after(created, row.status === TIMESHEET_STATUS.pending ? rng.float(0, 3) : 24 * rng.int(1, 4));
      planned.push({ row, shift });
    }
    const ids = await insertRows(this.db, 'timesheets', planned.map((p) => p.row), { returning: true });
    this.timesheets = planned.map((p, i) => ({ ...p, id: ids[i] }));
  }

  /**
   * Cancelled (stale) shifts: the cancelled drivers' fee timesheets and the records behind the reports. About one in
   * three draws a fee set on approval (event 40) instead: an approved worked timesheet of the same day, not yet
   * charged, carries the fee, and its record names it, as approving with a fee does.
   */
  private async cancellations() {
    const rng = this.rng;
    const approved = new Map<string, TimesheetInfo[]>();
    for (const t of this.timesheets) {
      if (t.row.status !== TIMESHEET_STATUS.approved) continue;
      approved.set(t.row.period_date, [...(approved.get(t.row.period_date) ?? []), t]);
    }
    const records: Insertable<ReportingTable>[] = [];
    const charged: { id: number; fee: number }[] = [];
    const withSheet: ReturnType<typeof cancellationRows>[] = [];
    for (const s of this.shifts.filter((s) => s.staffing === 'stale' && s.row.driver_id_canceled)) {
      const event = rng.chance(0.7) ? 10 : 40;
      const worked = event === 40 ? approved.get(s.row.period_date)?.shift() : undefined;
      if (event === 40 && !worked) continue;
      if (worked) {
        const fee = seedFee(s.id);
        const w = worked.row;
        worked.row.cost_extra_bonus = fee;
        charged.push({ id: worked.id, fee });
        const sheet = { id: worked.id, shift_id: worked.shift.id, restaurant_id: w.restaurant_id, driver_id: w.driver_id!, period_date: w.period_date, start_time: w.start_time, finish_time: w.finish_time };
        records.push(approvalFeeRecord(sheet, fee, APPROVAL_FEE_REASONS[worked.id % APPROVAL_FEE_REASONS.length], this.creatorFor(s.restaurant), w.updated_at as string));
        continue;
      }
      const rows = cancellationRows(
        { id: s.id, restaurant_id: s.restaurant.id, period_date: s.row.period_date, start_time: s.row.start_time, finish_time: s.row.finish_time, comment_cancelled: s.row.comment_cancelled ?? null },
        s.row.driver_id_canceled!,
        10,
        this.creatorFor(s.restaurant),
        s.row.updated_at as string,
      );
      withSheet.push(rows);
      records.push(rows.record);
    }
    for (const { id, fee } of charged) await this.db.updateTable('timesheets').set({ cost_extra_bonus: fee }).where('id', '=', id).execute();
    const ids = await insertRows(this.db, 'timesheets', withSheet.map((r) => r.timesheet!), { returning: true });
    withSheet.forEach((r, i) => (r.record.timesheet_id = ids[i]));
    await insertRows(this.db, 'reporting', records);
  }

  /** Invoices already raised for two past weeks, their lines frozen from the approved timesheets. */
  private async invoices() {
    const monday = mondayOf(this.today);
    const plans: [string, string, number][] = [
      ['001', 'Pizza Palace Camden', -3],
      ['002', 'Pizza Palace Islington', -2],
      ['003', 'Golden Dragon', -2],
    ];
    for (const [number, name, week] of plans) {
      const restaurant = this.restaurant(name);
      const from = addDays(monday, week * 7);
      const to = addDays(from, 6);
      const sheets = this.timesheets.filter(
        (t) => t.row.restaurant_id === restaurant.id && t.row.status === TIMESHEET_STATUS.approved && t.row.period_date >= from && t.row.period_date <= to,
      );
      const comission = restaurant.seed.comission ?? 1.5;
      const bookingFee = restaurant.seed.bookingFee ?? 0;
      const driverName = new Map(this.drivers.map((d) => [d.id, d.name]));
      const lines = sheets.map((t) => ({
        timesheet_id: t.id,
        period_date: t.row.period_date,
        driver_id: t.row.driver_id,
        driver_name: driverName.get(t.row.driver_id!) ?? '',
        start_time: t.row.start_time,
        finish_time: t.row.finish_time,
        hours: round2(shiftHours(t.row.period_date, t.row.start_time, t.row.finish_time)),
        cost_per_hour: t.row.cost_per_hour,
        cost_total: t.row.cost_total,
      }));
      const hours = lines.reduce((s, l) => s + l.hours, 0);
      const subtotal = round2(lines.reduce((s, l) => s + Number(l.cost_total), 0) + hours * comission + bookingFee);
      const vat = round2(subtotal * 0.2);
      const issued = addDays(to, 1);
      await this.db
        .insertInto('invoices')
        .values({
          invoice_number: number,
          period_date: issued,
          period_date_from: from,
          period_date_to: to,
          restaurant_id: restaurant.id,
          comission,
          booking_fee: bookingFee,
          subtotal,
          vat,
          total: round2(subtotal + vat),
          lines: JSON.stringify(lines),
          created_by: this.users.admin,
          created_at: this.clock.at(issued, '10:00'),
        })
        .execute();
    }
  }

  private async news() {
    const rng = this.rng;
    const active = this.drivers.filter((d) => d.status === DRIVER_STATUS.active);
    const demo = this.drivers[0];
    // Drivers who still owe a timesheet from the last days are the ones the reminder goes to.
    const owing = [...new Set(this.timesheets.filter((t) => t.row.status_progress === TIMESHEET_PROGRESS.notSubmitted).map((t) => t.row.driver_id!))];
    const reminderTargets = [demo.id, ...owing.filter((id) => id !== demo.id).slice(0, 5)];

    for (const post of NEWS) {
      const created = this.clock.hoursAgo(24 * post.daysAgo + rng.float(0, 8));
      const [postId] = await insertRows(
        this.db,
        'news_posts',
        [{
          post_title: post.title,
          post_content: post.html,
          status: post.status ?? POST_STATUS.show,
          pinned: post.pinned ?? POST_PINNED.no,
          important: post.important ?? POST_IMPORTANT.normal,
          addressee: post.addressee,
          author_id: this.users[post.author],
          created_at: created,
          updated_at: created,
        }],
        { returning: true },
      );

      let audience: DriverInfo[] = active;
      if (post.addressee === ADDRESSEE.areas) {
        const areaIds = this.byName(post.targets!).map((a) => a.id);
        await insertRows(this.db, 'news_post_areas', areaIds.map((area_id) => ({ post_id: postId, area_id })));
        audience = active.filter((d) => d.areaIds.some((a) => areaIds.includes(a)));
      } else if (post.addressee === ADDRESSEE.restaurants) {
        const targets = post.targets!.map((n) => this.restaurant(n));
        await insertRows(this.db, 'news_post_restaurants', targets.map((r) => ({ post_id: postId, restaurant_id: r.id })));
        audience = active.filter((d) => targets.some((r) => d.favourites.has(r.id) || d.areaIds.includes(r.area.id)));
      } else if (post.addressee === ADDRESSEE.drivers) {
        await insertRows(this.db, 'news_post_drivers', reminderTargets.map((driver_id) => ({ post_id: postId, driver_id })));
        audience = this.drivers.filter((d) => reminderTargets.includes(d.id));
      }

      // Older posts have been read by more drivers; the demo driver is behind on the last few days.
      const share = post.status === POST_STATUS.hide ? 0.1 : Math.min(0.85, 0.3 + post.daysAgo * 0.03);
      const readers = rng.sample(audience.filter((d) => d !== demo), Math.round(audience.length * share));
      if (audience.includes(demo) && post.daysAgo > 5) readers.push(demo);
      await insertRows(this.db, 'news_post_reads', readers.map((d) => ({ post_id: postId, driver_id: d.id, read_at: this.clock.after(created, rng.float(0.5, 24 * Math.min(post.daysAgo, 5))) })));

      const repliers = rng.sample(audience.filter((d) => d !== demo), post.replies?.length ?? 0);
      const replies = (post.replies ?? []).map((text, i) => ({
        post_id: postId,
        reply_content: text,
        author_driver_id: (repliers[i] ?? demo).id,
        created_at: this.clock.after(created, 2 + i * 5 + rng.float(0, 3)),
      }));
      const staffReply = post.staffReply ? [{ post_id: postId, reply_content: post.staffReply.text, author_user_id: this.users[post.staffReply.author], created_at: this.clock.after(created, 20) }] : [];
      await insertRows(this.db, 'news_replies', [...replies, ...staffReply]);
    }
  }

  private async alerts() {
    const rng = this.rng;
    const driverName = new Map(this.drivers.map((d) => [d.id, d.name]));
    const stale = this.shifts.filter((s) => s.staffing === 'stale' && s.row.driver_id_canceled && s.daysAhead >= 0 && s.daysAhead <= 7);
    const submitted = this.timesheets.filter((t) => t.row.status_progress === TIMESHEET_PROGRESS.submitted).sort(newestFirst);
    const discarded = this.timesheets.filter((t) => t.row.status === TIMESHEET_STATUS.discarded).sort(newestFirst);
    const invoiceWeek = addDays(mondayOf(this.today), -7);
    const pizza = this.restaurant('Pizza Palace Camden');
    const islington = this.restaurant('Pizza Palace Islington');
    const dragon = this.restaurant('Golden Dragon');
    const hours = (iso: string) => (this.clock.anchorMs - Date.parse(iso)) / 3_600_000;

    const list: { channel: AlertChannel; event: AlertEvent; message: string; restaurant: RestaurantInfo | null; hoursAgo: number }[] = [
      { channel: 'shift_channel', event: 'request', message: `${pizza.seed.name} requested 3 open shifts for ${ukDate(addDays(this.today, 3))}`, restaurant: pizza, hoursAgo: 0.8 },
      { channel: 'shift_channel', event: 'publish', message: `${islington.seed.name} sent 2 draft shifts for moderation`, restaurant: islington, hoursAgo: 5 },
      { channel: 'timesheet_channel', event: 'request', message: `${dragon.seed.name} requested an invoice for ${ukDate(invoiceWeek)} - ${ukDate(addDays(invoiceWeek, 6))}`, restaurant: dragon, hoursAgo: 26 },
      { channel: 'news_feed_channel', event: 'publish', message: `New reply on '${NEWS[1].title}'`, restaurant: null, hoursAgo: 24 * NEWS[1].daysAgo - 3 },
      { channel: 'news_feed_channel', event: 'publish', message: `Post published: '${NEWS[7].title}'`, restaurant: null, hoursAgo: 24 * NEWS[7].daysAgo },
    ];
    for (const [i, s] of stale.slice(0, 2).entries()) {
      list.push({ channel: 'shift_channel', event: 'reject', message: `${driverName.get(s.row.driver_id_canceled!)} rejected the shift at ${s.restaurant.seed.name} on ${ukDate(s.row.period_date)}`, restaurant: s.restaurant, hoursAgo: 10 + i * 30 });
    }
    for (const t of submitted.slice(0, 2)) {
      list.push({ channel: 'timesheet_channel', event: 'publish', message: `${driverName.get(t.row.driver_id!)} submitted a timesheet for ${t.shift.restaurant.seed.name} on ${ukDate(t.row.period_date)}`, restaurant: t.shift.restaurant, hoursAgo: hours(t.row.updated_at!) });
    }
    for (const t of discarded.slice(0, 1)) {
      list.push({ channel: 'timesheet_channel', event: 'reject', message: `${t.shift.restaurant.seed.name} rejected the timesheet of ${driverName.get(t.row.driver_id!)} for ${ukDate(t.row.period_date)}`, restaurant: t.shift.restaurant, hoursAgo: hours(t.row.updated_at!) });
    }

    list.sort((a, b) => b.hoursAgo - a.hoursAgo);
    const ids = await insertRows(
      this.db,
      'alerts',
      list.map((a) => ({ channel: a.channel, event: a.event, data: JSON.stringify({ message: a.message }), restaurant_id: a.restaurant?.id ?? null, created_at: this.clock.hoursAgo(a.hoursAgo) })),
      { returning: true },
    );
    // The administrator has caught up with everything older than two days; a colleague with one.
    const reads = list.flatMap((a, i) => (a.hoursAgo > 48 ? [{ alert_id: ids[i], user_id: this.users.admin, read_at: this.clock.hoursAgo(a.hoursAgo - rng.float(0.2, 2)) }] : []));
    reads.push({ alert_id: ids[0], user_id: this.users.admin2, read_at: this.clock.hoursAgo(list[0].hoursAgo - 1) });
    await insertRows(this.db, 'alert_reads', reads);
  }
}

function newestFirst(a: TimesheetInfo, b: TimesheetInfo): number {
  return (b.row.updated_at ?? '').localeCompare(a.row.updated_at ?? '');
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
