import {
  AVAILABILITY_MSG, availabilityMessage, availabilityOn, dayAvailability, worksForRestaurant, type DayAvailability, type DriverPlaces,
  type DriverWorkingTime,
} from './availability';
import { breachMessage, DriverPlan, hoursText, shiftAt, type PlannedShift, type ShiftAt, type WorkingTimeLimits } from './workingTime';
import { SHIFT_MSG } from './validation/shift';
import { toMinutes } from './dates';

/**
 * The planning assistant: a driver for every open shift that one can take. A driver can take a shift when they
 * work for the restaurant (its driver list), are available that day and time, have no shift at that time
 * (published or not, proposals included) and would break no working-time rule. Among those it prefers, in this
 * order: fewer hours planned that week (fair shares), has worked at the restaurant before, nearer. Shifts are
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
  /** 'driverId|restaurantId' of drivers who worked at a restaurant before. */
  workedAt: ReadonlySet<string>;
  limits: WorkingTimeLimits;
}

export interface Candidate {
  driver_id: number;
  driver_name: string;
  /** Why this driver, in the order of preference: hours that week, worked here before, distance. */
  reason: string;
}

export interface Proposal extends Candidate {
  shift_id: number;
  /** The next candidates, best first, for the review table's picker. */
  candidates: Candidate[];
}

export interface Unfilled {
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
export const NEXT_CANDIDATES = 5;

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

export const unfilledReason = {
  nobodyWorksThere: (restaurant: string) => `no driver works for ${restaurant}`,
  nobodyFree: (area: string, s: PlannerShift) => `no driver of ${area} is free ${timeRange(s)}`,
  everyoneAtLimit: (area: string, s: PlannerShift) => `every driver of ${area} free ${timeRange(s)} would break a working-time rule`,
};

interface Ranked {
  driver: PlannerDriver;
  weekMinutes: number;
  workedHere: boolean;
  km: number | null;
}

function compare(a: Ranked, b: Ranked): number {
  if (a.weekMinutes !== b.weekMinutes) return a.weekMinutes - b.weekMinutes;
  if (a.workedHere !== b.workedHere) return a.workedHere ? -1 : 1;
  if (a.km !== null && b.km !== null && a.km !== b.km) return a.km - b.km;
  return a.driver.id - b.driver.id;
}

function candidateOf(r: Ranked): Candidate {
  const parts = [`${hoursText(r.weekMinutes)} planned that week`, r.workedHere ? 'has worked here before' : 'new to this restaurant'];
  if (r.km !== null) parts.push(`${r.km.toFixed(1)} km away`);
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

/** Why a driver of the restaurant's list cannot take the shift: 'busy' (unavailable or another shift) or 'rule'; null when they can. */
function refusal(clock: [number, number], at: ShiftAt, day: DayFit, plan: DriverPlan, limits: WorkingTimeLimits): 'busy' | 'rule' | null {
  if (day === null) return 'busy';
  if (day !== 'allDay' && !day.some(([ws, we]) => clock[0] >= ws && clock[1] <= we)) return 'busy';
  if (plan.overlaps(at.span)) return 'busy';
  return plan.breaks(limits, at) ? 'rule' : null;
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

export function proposeFills(input: PlannerInput): PlannerResult {
  // Drivers by area; drivers without areas work everywhere. Each restaurant's list is made once.
  const byArea = new Map<number, PlannerDriver[]>();
  const everywhere: PlannerDriver[] = [];
  for (const d of input.drivers) {
    if (!d.area_ids.length) everywhere.push(d);
    for (const a of d.area_ids) {
      const list = byArea.get(a.area_id);
      if (list) list.push(d);
      else byArea.set(a.area_id, [d]);
    }
  }
  // Each restaurant's drivers with what ranks them there (worked here before, distance), made once per restaurant.
  const lists = new Map<number, { driver: PlannerDriver; workedHere: boolean; km: number | null }[]>();
  const listOf = (r: PlannerRestaurant) => {
    let list = lists.get(r.id);
    if (!list) {
      list = [...(byArea.get(r.area_id) ?? []), ...everywhere]
        .filter((d) => worksForRestaurant(d, r))
        .map((driver) => ({
          driver,
          workedHere: input.workedAt.has(`${driver.id}|${r.id}`),
          km: hasPoint(driver) && hasPoint(r) ? distanceKm(driver, r) : null,
        }));
      lists.set(r.id, list);
    }
    return list;
  };
  const plans = new Map<number, DriverPlan>();
  const planOf = (d: PlannerDriver) => {
    let plan = plans.get(d.id);
    if (!plan) plans.set(d.id, (plan = new DriverPlan(input.planned.get(d.id) ?? [], d.opted_out)));
    return plan;
  };
  // A driver's day is read once per date, however many shifts that day asks about it.
  const days = new Map<string, Map<number, DayFit>>();
  const dayOf = (d: PlannerDriver, date: string) => {
    let onDate = days.get(date);
    if (!onDate) days.set(date, (onDate = new Map()));
    let day = onDate.get(d.id);
    if (day === undefined) onDate.set(d.id, (day = dayFit(dayAvailability(d, date))));
    return day;
  };

  const proposals: Proposal[] = [];
  const unfilled: Unfilled[] = [];
  const order = [...input.open].sort(
    (a, b) => a.period_date.localeCompare(b.period_date) || a.start_time.localeCompare(b.start_time) || a.restaurant_id - b.restaurant_id || a.id - b.id,
  );
  for (const shift of order) {
    const restaurant = input.restaurants.get(shift.restaurant_id);
    if (!restaurant) continue;
    const at = shiftAt(shift);
    const clock = clockSpan(shift.start_time, shift.finish_time);
    const pool = listOf(restaurant);
    // The best few only, kept in order as the pool is read: sorting every free driver of every shift costs more.
    const ranked: Ranked[] = [];
    const keep = NEXT_CANDIDATES + 1;
    let free = 0;
    for (const { driver, workedHere, km } of pool) {
      const plan = planOf(driver);
      const why = refusal(clock, at, dayOf(driver, shift.period_date), plan, input.limits);
      if (why === 'rule') free++;
      if (why) continue;
      const candidate = { driver, weekMinutes: plan.weekMinutes(at.monday), workedHere, km };
      if (ranked.length === keep && compare(candidate, ranked[keep - 1]) >= 0) continue;
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
    planOf(best.driver).add({ ...shift, restaurant_name: restaurant.name }, at);
  }
  return { proposals, unfilled };
}
