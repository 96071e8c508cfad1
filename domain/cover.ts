import { z } from 'zod';
import { isLateOrNoShow, type Attendance } from './attendance';
import { assignmentProblem, distanceKm, type PlannerDriver, type PlannerShift } from './planner';
import { CANCEL_MSG, readCancellationFee } from './validation/cancellation';
import type { DriverPlan, WorkingTimeLimits } from './workingTime';
import { WIRE, orNull, requiredWire, sent } from './validation/wire';

/**
 * Cover in one step: the drivers who could take a late or no-show shift now, best first, and the words of the cover
 * call. A driver can take it when the planning assistant would give it to them (assignmentProblem: works for the
 * restaurant, available then, no other shift at that time, no working-time rule broken). Among those: nearest by
 * their last known position first (drivers with no position after those with one), then the most shifts worked at
 * the restaurant, then fewer recent no-shows, then by name.
 */

export const COVER_MSG = {
  notCoverable: 'Only a late or no-show shift of today can be covered',
  driverRequired: CANCEL_MSG.driverRequired,
  sameDriver: 'Choose a driver other than the one who has not started',
  // A cover cancels the no-show driver's assignment: its fee and reason are Cancel Shift's.
  feeInvalid: CANCEL_MSG.feeInvalid,
  commentTooLong: CANCEL_MSG.commentTooLong,
} as const;

/** The reason a cover records against the driver taken off the shift (the cancellation's comment). */
export const NO_SHOW_REASON = 'no-show';

/** How many drivers the Find cover dialog lists. */
export const COVER_LIST_SIZE = 10;

export interface CoverCandidate {
  driver_id: number;
  driver_name: string;
  /** Straight-line km from the driver's last known position, or null when not known. */
  km: number | null;
  /** Worked shifts at this restaurant before today. */
  shifts_worked: number;
  /** No-shows in the last 90 days. */
  recent_no_shows: number;
  /** Why, in the office's words: '2.4 km away, 12 shifts worked at Balti Palace'. */
  reason: string;
}

export interface CoverFacts {
  shift: PlannerShift & { driver_id: number | null };
  restaurant: { id: number; name: string; area_id: number; lat: number | null; lng: number | null };
  drivers: readonly PlannerDriver[];
  planOf: (driverId: number) => DriverPlan;
  limits: WorkingTimeLimits;
  /** Worked shifts at the restaurant, by driver. */
  worked: ReadonlyMap<number, number>;
  /** No-shows in the last 90 days, by driver. */
  noShows: ReadonlyMap<number, number>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function coverReason(c: Omit<CoverCandidate, 'reason'>, restaurantName: string): string {
  const parts = [
    c.km === null ? 'position not known' : `${c.km.toFixed(1)} km away`,
    c.shifts_worked ? `${plural(c.shifts_worked, 'shift')} worked at ${restaurantName}` : `new to ${restaurantName}`,
  ];
  if (c.recent_no_shows) parts.push(`${plural(c.recent_no_shows, 'no-show')} in the last 90 days`);
  return parts.join(', ');
}

const byBest = (a: CoverCandidate, b: CoverCandidate) => {
  if ((a.km === null) !== (b.km === null)) return a.km === null ? 1 : -1;
  if (a.km !== null && b.km !== null && Math.abs(a.km - b.km) >= 0.05) return a.km - b.km;
  return b.shifts_worked - a.shifts_worked || a.recent_no_shows - b.recent_no_shows || a.driver_name.localeCompare(b.driver_name, 'en-GB') || a.driver_id - b.driver_id;
};

/** The drivers who could take the shift, best first (every one that can: the dialog shows the first few). */
export function coverCandidates(f: CoverFacts): CoverCandidate[] {
  const out: CoverCandidate[] = [];
  const point = f.restaurant.lat !== null && f.restaurant.lng !== null ? { lat: f.restaurant.lat, lng: f.restaurant.lng } : null;
  for (const driver of f.drivers) {
    if (driver.id === f.shift.driver_id) continue;
    if (assignmentProblem(f.shift, f.restaurant, driver, f.planOf(driver.id), f.limits)) continue;
    const km = point && driver.lat !== null && driver.lng !== null ? distanceKm({ lat: driver.lat, lng: driver.lng }, point) : null;
    const base = { driver_id: driver.id, driver_name: driver.full_name, km, shifts_worked: f.worked.get(driver.id) ?? 0, recent_no_shows: f.noShows.get(driver.id) ?? 0 };
    out.push({ ...base, reason: coverReason(base, f.restaurant.name) });
  }
  return out.sort(byBest);
}

/** Whether a shift's attendance lets it be covered. */
export const isCoverable = (a: Attendance | null): boolean => isLateOrNoShow(a);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * POST /api/shift/:id/cover: the driver chosen, the cancellation fee charged to the driver taken off (a positive
 * amount in pounds, as the Cancel Shift dialog takes it; nothing is no fee) and a comment for the record.
 */
export const coverSchema = z.object({
  driver_id: sent(z.unknown().optional().transform((value, ctx): number => {
    const n = Number(value);
    if (!blank(value) && Number.isSafeInteger(n) && n > 0) return n;
    ctx.addIssue({ code: 'custom', message: COVER_MSG.driverRequired });
    return z.NEVER;
  }), requiredWire(WIRE.id)),
  fee: sent(z.unknown().optional().transform((value, ctx): number => {
    if (blank(value)) return 0;
    const fee = readCancellationFee(String(value));
    if (fee !== null) return fee;
    ctx.addIssue({ code: 'custom', message: COVER_MSG.feeInvalid });
    return z.NEVER;
  }), { ...WIRE.money, minimum: 0, maximum: 9999.99, description: 'Pounds charged to the driver taken off, a positive amount; nothing is no fee' }),
  comment: sent(z.unknown().optional().transform((value, ctx): string | null => {
    if (blank(value)) return null;
    const text = String(value).trim();
    if (text.length <= 1000) return text;
    ctx.addIssue({ code: 'custom', message: COVER_MSG.commentTooLong });
    return z.NEVER;
  }), orNull({ ...WIRE.text, maxLength: 1000 })),
});
