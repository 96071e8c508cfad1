import {
  AVAILABILITY_MSG, availabilityMessage, availabilityOn, dayAvailability, worksForRestaurant, type DayAvailability, type DriverPlaces,
  type DriverWorkingTime,
} from './availability';
import { breachMessage, DriverPlan, hoursText, shiftAt, type PlannedShift, type WorkingTimeLimits } from './workingTime';
import { SHIFT_MSG } from './validation/shiftMessages';
import { toMinutes } from './dates';

/**
 * The planning assistant: a driver for every open shift that one can take. A driver can take a shift when they
 * work for the restaurant (its driver list), are available that day and time, have no shift at that time
 * (published or not, proposals included) and would break no working-time rule. Among those it prefers, in this
 * order: no no-show in the last 90 days (a driver with one is proposed only when no driver without one can take the
 * shift, and is listed after them), fewer hours planned that week (fair shares), has worked at the restaurant
 * before, nearer. Shifts are
 * filled in date and time order, and each proposal counts as planned for the ones after, so one driver never gets
 * two overlapping proposals and the weekly hours stay true.
 */

export interface PlannerShift {
  id: number;
  restaurant_id: number;
  period_date: string;
  start_time: string;
  finish_time: string;
}

export interface PlannerRestaurant {
  id: number;
  name: string;
  area_id: number;
  area_name: string;
  lat: number | null;
  lng: number | null;
}

export interface PlannerDriver extends DriverPlaces, DriverWorkingTime {
  id: number;
  full_name: string;
  opted_out: boolean;
  lat: number | null;
  lng: number | null;
}

export interface PlannerInput {
  open: readonly PlannerShift[];
  restaurants: ReadonlyMap<number, PlannerRestaurant>;
  /** Active drivers the caller may plan with. */
  drivers: readonly PlannerDriver[];
  /** Every shift with a driver around the range (published or not), by driver. */
  planned: ReadonlyMap<number, readonly PlannedShift[]>;
  /** The drivers who worked at a restaurant before, by restaurant id. */
  workedAt: ReadonlyMap<number, ReadonlySet<number>>;
  limits: WorkingTimeLimits;
  /** No-shows in the last 90 days, by driver: those with any rank after every driver without. */
  noShows?: ReadonlyMap<number, number>;
}

interface Candidate {
  driver_id: number;
  driver_name: string;
  /** Why this driver, in the order of preference: hours that week, worked here before, distance. */
  reason: string;
}

interface Proposal extends Candidate {
  shift_id: number;
  /** The next candidates, best first, for the review table's picker. */
  candidates: Candidate[];
}

interface Unfilled {
  shift_id: number;
  reason: string;
}

export interface PlannerResult {
  proposals: Proposal[];
  unfilled: Unfilled[];
}

/** An open shift as the review table names it. */
export interface ShiftLine {
  shift_id: number;
  restaurant_id: number;
  restaurant_name: string;
  period_date: string;
  start_time: string;
  finish_time: string;
}

/** POST /api/shift/fill-proposals answers each line with its shift. */
export interface FillProposalsAnswer {
  proposals: (Proposal & ShiftLine)[];
  unfilled: (Unfilled & ShiftLine)[];
}

/** A ticked line POST /api/shift/fill could not assign, and why. */
export interface FillFailure {
  shift_id: number;
  driver_id: number;
  message: string;
}

/** How many candidates beside the proposed driver the review table offers. */
const NEXT_CANDIDATES = 5;

/** Straight-line distance in km between two points (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

const hasPoint = (p: { lat: number | null; lng: number | null }): p is { lat: number; lng: number } => p.lat !== null && p.lng !== null;

export const timeRange = (s: { start_time: string; finish_time: string }) => `${s.start_time.slice(0, 5)}–${s.finish_time.slice(0, 5)}`;

const unfilledReason = {
  nobodyWorksThere: (restaurant: string) => `no driver works for ${restaurant}`,
  nobodyFree: (area: string, s: PlannerShift) => `no driver of ${area} is free ${timeRange(s)}`,
  everyoneAtLimit: (area: string, s: PlannerShift) => `every driver of ${area} free ${timeRange(s)} would break a working-time rule`,
};

interface Ranked {
  slot: Slot;
  driver: PlannerDriver;
  noShows: number;
  weekMinutes: number;
  workedHere: boolean;
  km: number | null;
}

/** A driver's rank against a ranked one, from the parts alone: most drivers read lose to the last kept one. */
function compareTo(noShows: number, weekMinutes: number, workedHere: boolean, km: number | null, driverId: number, b: Ranked): number {
  if ((noShows > 0) !== (b.noShows > 0)) return noShows > 0 ? 1 : -1;
  if (weekMinutes !== b.weekMinutes) return weekMinutes - b.weekMinutes;
  if (workedHere !== b.workedHere) return workedHere ? -1 : 1;
  if (km !== null && b.km !== null && km !== b.km) return km - b.km;
  return driverId - b.driver.id;
}

const compare = (a: Ranked, b: Ranked) => compareTo(a.noShows, a.weekMinutes, a.workedHere, a.km, a.driver.id, b);

function candidateOf(r: Ranked): Candidate {
  const parts = [`${hoursText(r.weekMinutes)} planned that week`, r.workedHere ? 'has worked here before' : 'new to this restaurant'];
  if (r.km !== null) parts.push(`${r.km.toFixed(1)} km away`);
  if (r.noShows) parts.push(`${r.noShows} no-show${r.noShows === 1 ? '' : 's'} in the last 90 days`);
  return { driver_id: r.driver.id, driver_name: r.driver.full_name, reason: parts.join(', ') };
}

/** Minutes of the day a time range covers; a finish at or before the start runs past midnight (as availabilityOn reads it). */
function clockSpan(start: string, finish: string): [number, number] {
  const s = toMinutes(start);
  const e = toMinutes(finish);
  return [s, e <= s ? e + 1440 : e];
}

/** A driver's day as the assistant tests it: away (null), free all day, or the working windows in minutes. */
type DayFit = null | 'allDay' | [number, number][];

function dayFit(day: DayAvailability): DayFit {
  if (day.kind === 'holiday') return null;
  return day.kind === 'allDay' ? 'allDay' : day.windows.map((w) => clockSpan(w.start_at, w.stop_at));
}

/** Whether the shift's clock time falls within the driver's day. */
function fitsDay(clock: [number, number], day: DayFit): boolean {
  if (day === null) return false;
  if (day === 'allDay') return true;
  for (const [ws, we] of day) if (clock[0] >= ws && clock[1] <= we) return true;
  return false;
}

/**
 * Why a driver cannot be given an open shift, in words, or null: the rules the proposals follow, said as the
 * dialogs and the working-time warnings say them. Applying proposals checks each line with it again.
 */
export function assignmentProblem(
  shift: PlannerShift,
  restaurant: { id: number; area_id: number },
  driver: PlannerDriver,
  plan: DriverPlan,
  limits: WorkingTimeLimits,
): string | null {
  if (!worksForRestaurant(driver, restaurant)) return SHIFT_MSG.driverNotForRestaurant;
  const unavailable = availabilityMessage(availabilityOn(dayAvailability(driver, shift.period_date), shift.start_time, shift.finish_time));
  if (unavailable) return unavailable;
  const at = shiftAt(shift);
  if (plan.overlaps(at.span)) return AVAILABILITY_MSG.overlap;
  const breaches = plan.breaches(shift, limits, at);
  return breaches.length ? breaches.map((b) => breachMessage(driver.full_name, b, limits)).join('; ') : null;
}

/** A driver as one call of the assistant holds them: their plan and their days, made when first asked for. */
interface Slot {
  driver: PlannerDriver;
  plan: DriverPlan | null;
  /** The driver's days, by days after the first open shift's date; undefined until first read. */
  days: (DayFit | undefined)[];
}

export function proposeFills(input: PlannerInput): PlannerResult {
  // Drivers by area; drivers without areas work everywhere. Each restaurant's list is made once.
  const byArea = new Map<number, Slot[]>();
  const everywhere: Slot[] = [];
  for (const driver of input.drivers) {
    const slot: Slot = { driver, plan: null, days: [] };
    if (!driver.area_ids.length) everywhere.push(slot);
    for (const a of driver.area_ids) {
      const list = byArea.get(a.area_id);
      if (list) list.push(slot);
      else byArea.set(a.area_id, [slot]);
    }
  }
  // Each restaurant's drivers with what ranks them there (worked here before, distance), made once per restaurant.
  const lists = new Map<number, { slot: Slot; workedHere: boolean; km: number | null }[]>();
  const listOf = (r: PlannerRestaurant) => {
    let list = lists.get(r.id);
    if (!list) {
      const worked = input.workedAt.get(r.id);
      list = [...(byArea.get(r.area_id) ?? []), ...everywhere]
        .filter((slot) => worksForRestaurant(slot.driver, r))
        .map((slot) => ({
          slot,
          workedHere: worked?.has(slot.driver.id) ?? false,
          km: hasPoint(slot.driver) && hasPoint(r) ? distanceKm(slot.driver, r) : null,
        }));
      lists.set(r.id, list);
    }
    return list;
  };
  const planOf = (slot: Slot) => (slot.plan ??= new DriverPlan(input.planned.get(slot.driver.id) ?? [], slot.driver.opted_out));

  const proposals: Proposal[] = [];
  const unfilled: Unfilled[] = [];
  const order = [...input.open].sort(
    (a, b) => a.period_date.localeCompare(b.period_date) || a.start_time.localeCompare(b.start_time) || a.restaurant_id - b.restaurant_id || a.id - b.id,
  );
  const firstDay = order.length ? shiftAt(order[0]).day : 0;
  for (const shift of order) {
    const restaurant = input.restaurants.get(shift.restaurant_id);
    if (!restaurant) continue;
    const at = shiftAt(shift);
    const dayIndex = at.day - firstDay;
    const clock = clockSpan(shift.start_time, shift.finish_time);
    const pool = listOf(restaurant);
    // The best few only, kept in order as the pool is read: sorting every free driver of every shift costs more.
    const ranked: Ranked[] = [];
    const keep = NEXT_CANDIDATES + 1;
    let free = 0;
    for (const { slot, workedHere, km } of pool) {
      // A driver's day is read once per date, however many shifts that day ask about it.
      let day = slot.days[dayIndex];
      if (day === undefined) slot.days[dayIndex] = day = dayFit(dayAvailability(slot.driver, shift.period_date));
      if (!fitsDay(clock, day)) continue;
      const plan = planOf(slot);
      if (plan.overlaps(at.span)) continue;
      if (plan.breaks(input.limits, at)) {
        free++;
        continue;
      }
      const weekMinutes = plan.weekMinutes(at.monday);
      const noShows = input.noShows?.get(slot.driver.id) ?? 0;
      if (ranked.length === keep && compareTo(noShows, weekMinutes, workedHere, km, slot.driver.id, ranked[keep - 1]) >= 0) continue;
      const candidate = { slot, driver: slot.driver, noShows, weekMinutes, workedHere, km };
      let i = ranked.length === keep ? keep - 1 : ranked.length;
      while (i > 0 && compare(candidate, ranked[i - 1]) < 0) {
        ranked[i] = ranked[i - 1];
        i--;
      }
      ranked[i] = candidate;
    }
    if (!ranked.length) {
      const reason = !pool.length
        ? unfilledReason.nobodyWorksThere(restaurant.name)
        : free
          ? unfilledReason.everyoneAtLimit(restaurant.area_name, shift)
          : unfilledReason.nobodyFree(restaurant.area_name, shift);
      unfilled.push({ shift_id: shift.id, reason });
      continue;
    }
    const [best, ...next] = ranked;
    proposals.push({ shift_id: shift.id, ...candidateOf(best), candidates: next.slice(0, NEXT_CANDIDATES).map(candidateOf) });
    planOf(best.slot).add({ ...shift, restaurant_name: restaurant.name }, at);
  }
  return { proposals, unfilled };
}
