import type { Insertable, Kysely } from 'kysely';
import type { Database, ReportingTable, ShiftsTable, TimesheetsTable } from '../schema';
import { hashPassword } from '../../auth/passwords';
import { ROLE } from '../../../domain/roles';
import { DRIVER_ACTIVITY, DRIVER_PROGRESSING, DRIVER_STATUS, HOLIDAY, RESTAURANT_STATUS, SHIFT_STATUS } from '../../../domain/statuses';
import { Random } from './random';
import { insertRows, nextId, syncSequence } from './bulk';
import {
  AREA_DISTRICTS, CITIES, MORE_CITIES, NAME_CUISINES, NAME_PREFIXES, SLOT_TIMES, type CitySeed, type ShiftPattern, type SlotKind,
} from './data';
import { CANCEL_REASONS } from './content';
import { DEMO_PASSWORD } from './demo';
import { driverProfile, personName, postcodeIn, pushToken, type ProfileLevel } from './people';
import { buildTimesheet, cancellationRows, daySlots, daysOff, shiftColumns, shiftState, weeklyPeriods, WEEK_TEMPLATE_COUNT } from './rules';
import { Clock, DEFAULT_FUEL_RATES, addDays, assertDate, daysBetween, hourlyRate, londonToday, mondayOf, round2, ukDate, weekDay, type FuelRates } from './time';

/**
 * The benchmark dataset: hundreds of restaurants, thousands of drivers and a year of shifts and
 * timesheets, added next to the demo dataset so the demo logins keep working. Rows are numbered here
 * (ids from the current maximum) so foreign keys are known without reading anything back, and are
 * sent in large JSON batches (see bulk.ts). Everything runs in one transaction: all or nothing.
 */

export interface ScaleOptions {
  restaurants: number;
  drivers: number;
  /** Days of shifts, ending two weeks after `today` (less for short spans). */
  days: number;
  today?: string;
  log?: (msg: string) => void;
}

export const SCALE_PRESETS = {
  large: { restaurants: 300, drivers: 3000, days: 365 },
  small: { restaurants: 30, drivers: 300, days: 60 },
  /** The schedule board past the large agency: 1,000 restaurants (two months of shifts keep the build short). */
  xlarge: { restaurants: 1000, drivers: 10000, days: 60 },
  // The lists' scale: ten times the people of large; two weeks of shifts keep it quick to build.
  lists: { restaurants: 3000, drivers: 30000, days: 14 },
} as const satisfies Record<string, Pick<ScaleOptions, 'restaurants' | 'drivers' | 'days'>>;

export type ScaleSummary = Record<'areas' | 'restaurants' | 'drivers' | 'shifts' | 'timesheets' | 'reporting' | 'alerts', number>;

/** Shifts and timesheets are written every this many rows, to bound memory on a year of data. */
const FLUSH_ROWS = 20_000;

export async function seedScale(db: Kysely<Database>, opts: ScaleOptions): Promise<ScaleSummary> {
  const today = assertDate(opts.today ?? londonToday());
  for (const key of ['restaurants', 'drivers', 'days'] as const) {
    if (!Number.isInteger(opts[key]) || opts[key] < 1) throw new Error(`seedScale: ${key} must be a positive integer`);
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute((tx) => new ScaleBuilder(tx, today, opts, passwordHash).build());
}

interface AreaRef {
  id: number;
  city: CitySeed;
  district: string;
  standard: number;
  weekend: number;
  neighbours: AreaRef[];
}

interface RestaurantRef {
  id: number;
  name: string;
  area: AreaRef;
  active: boolean;
  pattern: ShiftPattern;
  standard: number | null;
  weekend: number | null;
  lat: number;
  lng: number;
  slots: Record<SlotKind, readonly [string, string]>;
}

interface DriverRef {
  id: number;
  name: string;
  daysOff: Set<number>;
}

class ScaleBuilder {
  private rng: Random;
  private clock: Clock;
  private log: (msg: string) => void;
  private startedAt = Date.now();
  private summary: ScaleSummary = { areas: 0, restaurants: 0, drivers: 0, shifts: 0, timesheets: 0, reporting: 0, alerts: 0 };
  private areas: AreaRef[] = [];
  private restaurants: RestaurantRef[] = [];
  private poolByArea = new Map<number, DriverRef[]>();
  private fuelRates: FuelRates = DEFAULT_FUEL_RATES;
  private adminId: number | null = null;

  constructor(
    private db: Kysely<Database>,
    private today: string,
    private opts: ScaleOptions,
    private passwordHash: string,
  ) {
    this.rng = new Random(opts.restaurants * 7919 + opts.drivers * 31 + opts.days);
    this.clock = new Clock(today);
    this.log = opts.log ?? (() => {});
  }

  private step(message: string) {
    this.log(`[${((Date.now() - this.startedAt) / 1000).toFixed(1)} s] ${message}`);
  }

  async build(): Promise<ScaleSummary> {
    await this.settings();
    await this.places();
    await this.restaurantAccounts();
    await this.driverAccounts();
    await this.schedule();
    await this.alerts();
    for (const table of ['cities', 'areas', 'restaurateurs', 'restaurants', 'drivers', 'driver_working_times', 'driver_working_time_overrides', 'shifts', 'timesheets', 'reporting', 'alerts'] as const) {
      await syncSequence(this.db, table);
    }
    this.step('sequences updated');
    return this.summary;
  }

  /** Fuel rates and the administrator who "created" the shifts, from whatever the database has. */
  private async settings() {
    const options = await this.db.selectFrom('options').select(['okey', 'ovalue']).where('okey', 'like', 'fuel_bonus_%').execute();
    const rate = (key: string, fallback: number) => {
      const value = Number(options.find((o) => o.okey === key)?.ovalue);
      return Number.isFinite(value) ? value : fallback;
    };
    this.fuelRates = { band0: rate('fuel_bonus_0', DEFAULT_FUEL_RATES.band0), band3: rate('fuel_bonus_3', DEFAULT_FUEL_RATES.band3), band6: rate('fuel_bonus_6', DEFAULT_FUEL_RATES.band6) };
    const admin = await this.db.selectFrom('users').select('id').where('role', '=', ROLE.administrator).orderBy('id').limit(1).executeTakeFirst();
    this.adminId = admin?.id ?? null;
  }

  /** About ten restaurants per area, areas spread over fifteen cities. */
  private async places() {
    const rng = this.rng;
    const cities = [...CITIES, ...MORE_CITIES];
    const existing = new Map((await this.db.selectFrom('cities').select(['id', 'city_name']).execute()).map((c) => [c.city_name, c.id]));
    let cityId = await nextId(this.db, 'cities');
    const newCities = cities.filter((c) => !existing.has(c.name)).map((c) => ({ id: cityId++, city_name: c.name }));
    await insertRows(this.db, 'cities', newCities);
    for (const c of newCities) existing.set(c.city_name, c.id);

    const count = Math.max(1, Math.ceil(this.opts.restaurants / 10));
    // Area names are unique within a city (as the Areas screen requires): the demo's own areas come first.
    const taken = new Set((await this.db.selectFrom('areas').select(['city_id', 'name']).execute()).map((a) => `${a.city_id} ${a.name.toLowerCase()}`));
    let areaId = await nextId(this.db, 'areas');
    const since = this.clock.at(addDays(this.today, -this.opts.days - 30), '09:00');
    const rows = [];
    for (let i = 0; i < count; i++) {
      const city = cities[i % cities.length];
      const round = Math.floor(i / cities.length);
      const district = AREA_DISTRICTS[round % AREA_DISTRICTS.length] + (round >= AREA_DISTRICTS.length ? ` ${Math.floor(round / AREA_DISTRICTS.length) + 1}` : '');
      const standard = round2((city.name === 'London' ? 11.5 : 10.5) + rng.int(0, 6) * 0.25);
      const weekend = round2(standard + rng.pick([1, 1.25, 1.5, 2]));
      const ref: AreaRef = { id: areaId++, city, district, standard, weekend, neighbours: [] };
      this.areas.push(ref);
      const cityRef = existing.get(city.name)!;
      let name = `${city.name} ${district}`;
      for (let n = 2; taken.has(`${cityRef} ${name.toLowerCase()}`); n++) name = `${city.name} ${district} ${n}`;
      taken.add(`${cityRef} ${name.toLowerCase()}`);
      rows.push({ id: ref.id, name, city_id: cityRef, standard_pay_rate: standard, weekend_pay_rate: weekend, created_at: since, updated_at: since });
    }
    for (const a of this.areas) a.neighbours = this.areas.filter((b) => b !== a && b.city === a.city);
    await insertRows(this.db, 'areas', rows);
    this.summary.areas = rows.length;
    this.step(`${rows.length} areas`);
  }

  /** Restaurants in pairs under one restaurant account, a few of them no longer trading. */
  private async restaurantAccounts() {
    const rng = this.rng;
    const total = this.opts.restaurants;
    const since = this.clock.at(addDays(this.today, -this.opts.days - 20), '10:00');
    let ownerId = await nextId(this.db, 'restaurateurs');
    let restaurantId = await nextId(this.db, 'restaurants');
    const owners = [];
    const rows = [];
    for (let i = 0; i < total; i++) {
      if (i % 2 === 0) {
        const owner = personName(rng);
        owners.push({ id: ownerId, name: `${owner.first} ${owner.last}`, email: `owner${ownerId}@scale.test`, password_hash: this.passwordHash, created_at: since, updated_at: since });
        ownerId++;
      }
      const area = this.areas[i % this.areas.length];
      const name = `${rng.pick(NAME_PREFIXES)} ${rng.pick(NAME_CUISINES)} ${area.district}`;
      const ownRates = rng.chance(0.15);
      const standard = ownRates ? round2(area.standard + rng.pick([0.25, 0.5, 1])) : null;
      const ref: RestaurantRef = {
        id: restaurantId++,
        name,
        area,
        active: !rng.chance(0.05),
        pattern: rng.weighted<ShiftPattern>([['dinner', 40], ['lunchDinner', 25], ['dinnerLate', 15], ['lunch', 10], ['busy', 10]]),
        standard,
        weekend: standard === null ? null : round2(standard + 1.5),
        lat: round6(area.city.lat + rng.float(-0.04, 0.04)),
        lng: round6(area.city.lng + rng.float(-0.06, 0.06)),
        slots: { lunch: rng.pick(SLOT_TIMES.lunch), dinner: rng.pick(SLOT_TIMES.dinner), late: rng.pick(SLOT_TIMES.late) },
      };
      this.restaurants.push(ref);
      const contact = personName(rng);
      rows.push({
        id: ref.id,
        name,
        contact_name: `${contact.first} ${contact.last}`,
        address: `${rng.int(1, 300)} High Street, ${area.city.name}`,
        postcode: postcodeIn(rng, rng.pick(area.city.postcodes)),
        telephone: `${area.city.phone}${rng.digits(3)}`,
        business_email: `accounts${ref.id}@scale.test`,
        area_id: area.id,
        restaurateur_id: ownerId - 1,
        status: ref.active ? RESTAURANT_STATUS.active : RESTAURANT_STATUS.inactive,
        standard_pay: ref.standard,
        weekend_pay: ref.weekend,
        invoice_comission: rng.chance(0.1) ? rng.pick([1.25, 1.75, 2]) : null,
        booking_fee: rng.chance(0.05) ? rng.pick([10, 15, 25]) : null,
        send_invoice: 1,
        map_latitude: ref.lat,
        map_longitude: ref.lng,
        created_at: since,
        updated_at: since,
      });
    }
    await insertRows(this.db, 'restaurateurs', owners);
    await insertRows(this.db, 'restaurants', rows);
    this.summary.restaurants = rows.length;
    this.step(`${owners.length} restaurant accounts, ${rows.length} restaurants`);
  }

  private async driverAccounts() {
    const rng = this.rng;
    let driverId = await nextId(this.db, 'drivers');
    const drivers = [];
    const driverAreas = [];
    const favourites = [];
    const periods = [];
    const overrides = [];
    for (let i = 0; i < this.opts.drivers; i++) {
      const id = driverId++;
      const kind = rng.weighted([['active', 75], ['inactive', 10], ['registered', 15]] as const);
      const name = personName(rng);
      const home = this.areas[i % this.areas.length];
      const halfBoard = kind === 'registered' && rng.chance(0.1);
      const joined = rng.int(20, this.opts.days + 200);
      const created = this.clock.at(addDays(this.today, -joined), '14:00');
      if (halfBoard) {
        drivers.push({ id, first_name: name.first, last_name: name.last, email: `driver${id}@scale.test`, half_board: true, status: DRIVER_STATUS.registered, created_at: created, updated_at: created });
        continue;
      }
      const level: ProfileLevel = kind === 'registered' ? rng.pick(['full', 'partial', 'minimal'] as const) : 'full';
      const online = kind === 'active' && rng.chance(0.15);
      drivers.push({
        id,
        first_name: name.first,
        last_name: name.last,
        email: `driver${id}@scale.test`,
        password_hash: this.passwordHash,
        ...driverProfile(rng, level, name, { city: home.city.name, postcodeDistrict: rng.pick(home.city.postcodes) }, this.today),
        status: kind === 'active' ? DRIVER_STATUS.active : kind === 'inactive' ? DRIVER_STATUS.inactive : DRIVER_STATUS.registered,
        not_progressing: kind === 'registered' && rng.chance(0.3) ? DRIVER_PROGRESSING.notProgressing : DRIVER_PROGRESSING.progressing,
        activity_status: online ? DRIVER_ACTIVITY.online : DRIVER_ACTIVITY.disconnected,
        activity_time: kind === 'registered' ? null : this.clock.hoursAgo(online ? rng.float(0, 1) : rng.float(2, 24 * 60)),
        activated_at: kind === 'registered' ? null : this.clock.at(addDays(this.today, -joined + 3), '11:00'),
        push_token: kind === 'active' && rng.chance(0.6) ? pushToken(rng) : null,
        half_board: false,
        created_at: created,
        updated_at: created,
      });
      const areas = [home, ...(home.neighbours.length && rng.chance(0.3) ? [rng.pick(home.neighbours)] : [])];
      for (const a of areas) driverAreas.push({ driver_id: id, area_id: a.id });
      if (rng.chance(0.2)) {
        const local = this.restaurants.filter((r) => r.area === home);
        for (const r of rng.sample(local, rng.int(1, 2))) favourites.push({ driver_id: id, restaurant_id: r.id });
      }
      const template = kind === 'registered' && rng.chance(0.5) ? null : rng.int(0, WEEK_TEMPLATE_COUNT - 1);
      if (template !== null) for (const p of weeklyPeriods(template)) periods.push({ driver_id: id, ...p });
      if (kind === 'active') {
        const ref: DriverRef = { id, name: `${name.first} ${name.last}`, daysOff: template === null ? new Set() : daysOff(template) };
        for (const a of areas) this.poolByArea.set(a.id, [...(this.poolByArea.get(a.id) ?? []), ref]);
        if (rng.chance(0.05)) {
          const start = rng.int(1, 12);
          for (let k = 0; k < 3; k++) overrides.push({ driver_id: id, period_date: addDays(this.today, start + k), holiday: HOLIDAY.yes, start_at: '00:00', stop_at: '23:45' });
        }
      }
    }
    await insertRows(this.db, 'drivers', drivers);
    await insertRows(this.db, 'driver_areas', driverAreas);
    await insertRows(this.db, 'driver_restaurants', favourites);
    await insertRows(this.db, 'driver_working_times', periods);
    await insertRows(this.db, 'driver_working_time_overrides', overrides);
    this.summary.drivers = drivers.length;
    this.step(`${drivers.length} drivers, ${periods.length} working periods, ${overrides.length} leave days`);
  }

  /**
   * Day by day, each restaurant's shifts are staffed round-robin from its area's active drivers (no
   * driver twice in the same part of a day), then worked shifts get their timesheets.
   */
  private async schedule() {
    const rng = this.rng;
    const future = Math.min(14, Math.floor(this.opts.days / 4));
    const first = addDays(this.today, -(this.opts.days - future));
    const last = addDays(this.today, future - 1);
    const thisMonday = mondayOf(this.today);
    let shiftId = await nextId(this.db, 'shifts');
    let timesheetId = await nextId(this.db, 'timesheets');
    let shifts: Insertable<ShiftsTable>[] = [];
    let timesheets: Insertable<TimesheetsTable>[] = [];
    let reporting: Insertable<ReportingTable>[] = [];

    const flush = async (upTo: string) => {
      await insertRows(this.db, 'shifts', shifts);
      await insertRows(this.db, 'timesheets', timesheets);
      await insertRows(this.db, 'reporting', reporting);
      this.summary.shifts += shifts.length;
      this.summary.timesheets += timesheets.length;
      this.summary.reporting += reporting.length;
      shifts = [];
      timesheets = [];
      reporting = [];
      this.step(`shifts up to ${upTo}: ${this.summary.shifts.toLocaleString('en-GB')} shifts, ${this.summary.timesheets.toLocaleString('en-GB')} timesheets`);
    };

    for (let date = first; date <= last; date = addDays(date, 1)) {
      const daysAhead = daysBetween(this.today, date);
      const weeksAhead = Math.floor(daysBetween(thisMonday, date) / 7);
      const day = weekDay(date);
      const busy = new Set<string>();
      const cursor = new Map<string, number>();
      for (const restaurant of this.restaurants) {
        if (!restaurant.active && daysBetween(first, date) >= 30) continue;
        const pool = this.poolByArea.get(restaurant.area.id) ?? [];
        for (const slot of daySlots(restaurant.pattern, date, rng)) {
          const [start, finish] = restaurant.slots[slot];
          const state = shiftState(rng, daysAhead, weeksAhead);
          const group = slot === 'lunch' ? 'L' : 'E';
          let driver: DriverRef | null = null;
          if (state.staffing !== 'open' && pool.length) {
            const key = `${restaurant.area.id}|${group}`;
            let at = cursor.get(key) ?? rng.int(0, pool.length - 1);
            for (let tries = 0; tries < pool.length && !driver; tries++, at++) {
              const candidate = pool[at % pool.length];
              if (!candidate.daysOff.has(day) && !busy.has(`${candidate.id}|${group}`)) driver = candidate;
            }
            cursor.set(key, at);
          }
          const staffing = driver ? state.staffing : 'open';
          if (staffing === 'assigned') busy.add(`${driver!.id}|${group}`);
          const rate = hourlyRate(date, restaurant, restaurant.area);
          const bonus = slot === 'late' ? 5 : 0;
          const created = this.clock.at(addDays(date, -7), '10:30');
          const id = shiftId++;
          const shift = {
            id,
            ...shiftColumns({ restaurant, driver, staffing, status: state.status, date, start, finish, rate, bonus, constFuel: 0 }),
            comment_cancelled: staffing === 'stale' ? rng.pick(CANCEL_REASONS) : null,
            driver_id_canceled: staffing === 'stale' ? driver!.id : null,
            creator_id: this.adminId,
            moderator_id: state.status === SHIFT_STATUS.published ? this.adminId : null,
            created_at: created,
            updated_at: created,
          };
          shifts.push(shift);
          if (staffing === 'stale') {
            const cancelled = { id, restaurant_id: restaurant.id, period_date: date, start_time: start, finish_time: finish, comment_cancelled: shift.comment_cancelled ?? null };
            const { timesheet, record } = cancellationRows(cancelled, driver!.id, rng.chance(0.7) ? 10 : 40, this.adminId, created);
            if (timesheet) {
              timesheets.push({ id: timesheetId, ...timesheet });
              record.timesheet_id = timesheetId++;
            }
            reporting.push(record);
          }
          if (staffing === 'assigned' && daysAhead <= 0 && (daysAhead < 0 ? !rng.chance(0.07) : slot === 'lunch')) {
            const sheet = buildTimesheet(rng, { ...shift, driver_id: driver!.id }, -daysAhead, restaurant, this.fuelRates);
            const at = this.clock.at(date, sheet.finish_time);
            timesheets.push({ id: timesheetId++, ...sheet, created_at: at, updated_at: at });
          }
        }
      }
      if (shifts.length + timesheets.length >= FLUSH_ROWS) await flush(date);
    }
    if (shifts.length) await flush(last);
  }

  /** Five alerts per restaurant over the last three months; the administrator has read the older ones. */
  private async alerts() {
    const rng = this.rng;
    let alertId = await nextId(this.db, 'alerts');
    const alerts = [];
    const reads = [];
    const active = this.restaurants.filter((r) => r.active);
    if (!active.length) return;
    for (let i = 0; i < this.opts.restaurants * 5; i++) {
      const restaurant = rng.pick(active);
      const hoursAgo = rng.float(0.1, 24 * 90);
      const date = addDays(this.today, -Math.floor(hoursAgo / 24) + rng.int(1, 5));
      const kind = rng.weighted([['request', 40], ['publish', 30], ['reject', 30]] as const);
      const message =
        kind === 'request' ? `${restaurant.name} requested ${rng.int(1, 4)} open shifts for ${ukDate(date)}`
        : kind === 'publish' ? `${restaurant.name} sent ${rng.int(1, 5)} draft shifts for moderation`
        : `${rng.pick(this.poolByArea.get(restaurant.area.id) ?? [])?.name ?? 'A driver'} rejected the shift at ${restaurant.name} on ${ukDate(date)}`;
      const id = alertId++;
      const created = this.clock.hoursAgo(hoursAgo);
      alerts.push({ id, channel: kind === 'reject' && rng.chance(0.5) ? 'timesheet_channel' : 'shift_channel', event: kind, data: JSON.stringify({ message }), restaurant_id: restaurant.id, created_at: created });
      if (this.adminId !== null && hoursAgo > 24 * 7) reads.push({ alert_id: id, user_id: this.adminId, read_at: this.clock.after(created, rng.float(0.5, 48)) });
    }
    await insertRows(this.db, 'alerts', alerts);
    await insertRows(this.db, 'alert_reads', reads);
    this.summary.alerts = alerts.length;
    this.step(`${alerts.length} alerts`);
  }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
