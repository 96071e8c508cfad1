import { z } from 'zod';
import { readId } from './ids';
import { versioned } from './version';
import { formatPounds } from '../money';
import { isBlank, requiredId, requiredPounds, type PoundsRule } from './fields';
import { WIRE, sent } from './wire';

/** Longest area name we store: long enough for 'Manchester City Centre North', short enough for a table cell. */
const AREA_NAME_MAX = 100;
/** An hourly rate above this is a typing slip (an extra zero), not a pay rate. */
const PAY_RATE_MAX = 999.99;

/** Area messages: the spec's words (spec 1, section 5) first, then our own for the cases it leaves open. */
export const AREA_MSG = {
  cityRequired: 'City is required',
  nameRequired: 'Area name is required.',
  payRateRequired: 'Pay rate is required',

  cityUnknown: 'Choose a city from the list',
  nameTooLong: `Area name must be at most ${AREA_NAME_MAX} characters long`,
  payRateNotNumber: 'Pay rate must be an amount in pounds, e.g. 11.50',
  payRatePositive: 'Pay rate must be a positive amount',
  payRatePence: 'Pay rate must be in pounds and pence (at most 2 decimals)',
  payRateTooHigh: `Pay rate must be at most ${formatPounds(PAY_RATE_MAX)} per hour`,
  restaurantsInvalid: 'Restaurants to move must be a list of restaurant ids',
  restaurantsUnknown: 'Some of the restaurants to move no longer exist',
  idMismatch: 'The area id does not match the address of the request',
  notFound: 'Area not found',
} as const;

/** 'Camden already exists in London' (400 on name when the city already has an area of that name). */
export function areaNameTakenMessage(name: string, cityName: string): string {
  return `${name} already exists in ${cityName}: choose another name`;
}

export interface AreaAttachments {
  restaurants: number;
  drivers: number;
  /** Shifts belong to restaurants, so they only ever come with restaurants; named so the cost of moving is clear. */
  shifts: number;
}

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * Why an area cannot be deleted yet, e.g. 'Area Camden still has 4 restaurants (with 350 shifts) and
 * 12 drivers: move them to another area first'. Null when nothing is attached.
 */
export function areaInUseMessage(name: string, attached: AreaAttachments): string | null {
  const parts: string[] = [];
  if (attached.restaurants > 0) {
    const shifts = attached.shifts > 0 ? ` (with ${counted(attached.shifts, 'shift', 'shifts')})` : '';
    parts.push(counted(attached.restaurants, 'restaurant', 'restaurants') + shifts);
  } else if (attached.shifts > 0) {
    parts.push(counted(attached.shifts, 'shift', 'shifts'));
  }
  if (attached.drivers > 0) parts.push(counted(attached.drivers, 'driver', 'drivers'));
  if (!parts.length) return null;
  // Shifts travel with their restaurant, so only restaurants and drivers are things to move.
  const them = attached.restaurants + attached.drivers === 1 ? 'it' : 'them';
  return `Area ${name} still has ${parts.join(' and ')}: move ${them} to another area first`;
}

/** An hourly rate in pounds, above 0 (forms hold text such as '11.5' or '£11.50', the API gets numbers or text). */
const PAY_RATE_RULE: PoundsRule = {
  max: PAY_RATE_MAX,
  positive: true,
  notNumber: AREA_MSG.payRateNotNumber,
  belowMinimum: AREA_MSG.payRatePositive,
  pence: AREA_MSG.payRatePence,
  tooHigh: AREA_MSG.payRateTooHigh,
};
const payRate = requiredPounds(PAY_RATE_RULE, AREA_MSG.payRateRequired, { exclusiveMinimum: 0, description: 'Pounds per hour, at most 2 decimals' });

const cityId = requiredId(AREA_MSG.cityRequired, AREA_MSG.cityUnknown);

const name = z
  .string({ error: AREA_MSG.nameRequired })
  .trim()
  .min(1, AREA_MSG.nameRequired)
  .max(AREA_NAME_MAX, AREA_MSG.nameTooLong);

/** POST /api/area and the Add/Edit Area dialogs (fields in the dialog's order, so the first message is the top one). */
export const areaSchema = z.object({
  city_id: cityId,
  name,
  standardPayRate: payRate,
  weekendPayRate: payRate,
});
export type AreaInput = z.output<typeof areaSchema>;

const restaurantIds = sent(z.unknown().transform((value, ctx): number[] | undefined => {
  if (value === undefined || value === null) return undefined;
  const ids = Array.isArray(value) ? value.map(readId) : [null];
  if (ids.some((id) => id === null)) {
    ctx.addIssue({ code: 'custom', message: AREA_MSG.restaurantsInvalid });
    return z.NEVER;
  }
  return [...new Set(ids as number[])];
}), WIRE.ids);

/** PUT /api/area/{id}: the same fields plus the id, the version loaded and, optionally, restaurants to move into this area. */
export const areaUpdateSchema = areaSchema.extend({
  id: sent(z.unknown().optional(), { ...WIRE.id, description: 'The id of the address, when given' }),
  ...versioned,
  restaurantsAssigned: restaurantIds.optional(),
});
export type AreaUpdate = z.output<typeof areaUpdateSchema>;

/** Reads a body's id for the mismatch check: null when absent, NaN when unreadable. */
export function bodyId(value: unknown): number | null {
  if (isBlank(value)) return null;
  return readId(value) ?? NaN;
}

/** A restaurant as GET /api/area lists it under its area (the Areas screen's rows). */
export interface AreaRestaurant {
  id: number;
  name: string;
  address: string;
  postcode: string | null;
  telephone: string;
  status: number;
  area_id: number;
  map_latitude: number | null;
  map_longitude: number | null;
}

/** An area as GET /api/area answers it (spec 1, sections 3 and 7; spec 2, section 3). */
export interface AreaRecord extends AreaName {
  restaurants: AreaRestaurant[];
}

/** An area as GET /api/area?restaurants=false answers it: the choice lists' fields, without its restaurants. */
export interface AreaName {
  id: number;
  name: string;
  city_id: number;
  city: { id: number; city_name: string };
  standardPayRate: number;
  weekendPayRate: number;
  /** The area's version (domain/versions.ts), sent back with a save. */
  updated_at?: string;
}

/** `?restaurants=false` on GET /api/area: the areas without their restaurants (filters and pickers need names only). */
export const areaListQuerySchema = z.object({ restaurants: z.enum(['true', 'false']).optional() });
