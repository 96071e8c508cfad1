import { z } from 'zod';
import { ID_MAX, readId } from './ids';
import { readDate, ukDate } from '../dates';
import { formatPounds, toPence } from '../money';
import { CANCELLATION_TIMESHEET, TIMESHEET_PROGRESS, TIMESHEET_STATUS, codes } from '../statuses';
import { isTime } from '../timeList';
import { invalidRangeMessage, isValidRange } from '../ranges';
import { refuseEqualTimes } from './shiftTimes';
import { versioned } from './version';
import { WIRE, oneOf, orNull, requiredWire, sent } from './wire';
import { COMMENT_MAX, FUEL_COUNT_MAX, MONEY_LIMIT, TIMESHEET_MSG } from './timesheetMessages';

export { TIMESHEET_MSG };

/**
 * The timesheet form, the Add Time Sheet dialog and the timesheet calls (spec 3, sections 5, 7 and 8).
 * One schema for the screens and the server, so both show the same message for the same input.
 */


export const APPROVE_LIST_MAX = 5000;

/** 'Date can't be later than 19/11/2026' */
export function dateTooLateMessage(latest: string): string {
  return `Date can't be later than ${ukDate(latest)}`;
}

/** "Can't go from Discarded to Pending (Time approved)" */
export function transitionMessage(from: string, to: string): string {
  return `A timesheet can't go from ${from} to ${to}`;
}

/** The server's figure when a sent total disagrees with the rules; nothing is stored. */
export function costMismatchMessage(expected: number): string {
  return `Cost total should be ${formatPounds(expected)} (rate × hours + bonus + fuel bonus): reload the timesheet and try again`;
}

/** The same driver cannot be paid twice for the same time. */
export function overlapMessage(other: { restaurant: string; date: string; start: string; finish: string }): string {
  return `Driver already has a timesheet at ${other.restaurant} on ${ukDate(other.date)} from ${other.start} to ${other.finish}`;
}

// --- readers shared by the fields ----------------------------------------------------------------------

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

/** A positive whole id as a number or text; null when blank or 0 (the spec's 'none'). */
function optionalId(value: unknown, ctx: z.RefinementCtx, message: string = TIMESHEET_MSG.idInvalid): number | null {
  if (isBlank(value) || value === 0 || value === '0') return null;
  return readId(value) ?? fail(ctx, message);
}

/** Pounds with at most 2 decimals, from a number or text ('10', '-10.50', '£5'). */
function readMoney(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^[+-]?£?\s*\d+(\.\d+)?$/.test(value.trim())) n = Number(value.trim().replace(/£\s*/, ''));
  else return null;
  if (!Number.isFinite(n) || Math.abs(toPence(n) - n * 100) > 1e-6) return null;
  return toPence(n) / 100;
}

const money = (message: string = TIMESHEET_MSG.money) =>
  sent(
    z.unknown().optional().transform((value, ctx): number => {
      if (isBlank(value)) return 0;
      const n = readMoney(value);
      if (n === null || Math.abs(n) > MONEY_LIMIT) return fail(ctx, message);
      return n;
    }),
    { ...WIRE.money, minimum: -MONEY_LIMIT, maximum: MONEY_LIMIT },
  );

function readCount(value: unknown, ctx: z.RefinementCtx): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > FUEL_COUNT_MAX) return fail(ctx, TIMESHEET_MSG.fuelCount);
  return n;
}

/** Deliveries in a fuel band: a whole number, 0 when blank. */
const fuelCount = sent(
  z.unknown().optional().transform((value, ctx): number => (isBlank(value) ? 0 : readCount(value, ctx))),
  { ...WIRE.count, maximum: FUEL_COUNT_MAX },
);
/** The same, null when left out (the driver app then keeps what the timesheet has). */
const reportedCount = sent(
  z.unknown().optional().transform((value, ctx): number | null => (isBlank(value) ? null : readCount(value, ctx))),
  orNull({ ...WIRE.count, maximum: FUEL_COUNT_MAX }),
);

const comment = sent(
  z.unknown().optional().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return fail(ctx, TIMESHEET_MSG.commentTooLong);
    const text = value.trim();
    if (text.length > COMMENT_MAX) return fail(ctx, TIMESHEET_MSG.commentTooLong);
    return text;
  }),
  orNull({ ...WIRE.text, maxLength: COMMENT_MAX }),
);

const code = (allowed: number[], message: string) =>
  sent(
    z.unknown().optional().transform((value, ctx): number | undefined => {
      if (isBlank(value)) return undefined;
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
      if (!allowed.includes(n)) return fail(ctx, message);
      return n;
    }),
    oneOf(allowed),
  );

/** 'HH:mm:ss' → 'HH:mm'; anything else as it is (so '17:007pm' stays wrong). */
const withoutSeconds = (text: string) => (/^\d\d:\d\d:\d\d$/.test(text) ? text.slice(0, 5) : text);

/** HH:mm; `required` is the spec's message for an empty field (the start message serves both). */
const time = (formatMessage: string) =>
  sent(z.unknown().optional().transform((value, ctx): string => {
    if (isBlank(value)) return fail(ctx, TIMESHEET_MSG.startRequired);
    // Server values may carry seconds (HH:mm:ss): the spec cuts them to the first 5 characters.
    const text = typeof value === 'string' ? withoutSeconds(value.trim()) : '';
    if (!isTime(text)) return fail(ctx, formatMessage);
    return text;
  }), requiredWire(WIRE.time));

export interface TimesheetSchemaOptions {
  /** 'admin' asks 'Area is required' for the restaurant, 'restaurant' 'Restaurant is required' (spec 3, section 5). */
  variant?: 'admin' | 'restaurant';
  /** The Add Time Sheet dialog requires a driver; the summary form edits a timesheet that has one. */
  requireDriver?: boolean;
  /** Latest allowed date (YYYY-MM-DD): tomorrow on the summary form, today in Add Time Sheet. */
  latestDate?: string;
}

/**
 * A timesheet as the form holds it and the API takes it (POST, PUT, each item of approve). Fields are in the
 * form's order so the first message of the first field is the top one. Figures the server computes itself
 * (cost_per_hour, const_fuel_bonus) are read by the server from its own rates, never from here; cost_total is
 * kept only to be checked against the server's figure.
 */
export function timesheetSchema(options: TimesheetSchemaOptions = {}) {
  const restaurantRequired = options.variant === 'restaurant' ? TIMESHEET_MSG.restaurantRequired : TIMESHEET_MSG.restaurantRequiredAdmin;
  return refuseEqualTimes(z.object({
    id: sent(z.unknown().optional(), orNull({ ...WIRE.id, description: 'The id of the address, when given' })),
    shift_id: sent(z.unknown().optional().transform((v, ctx) => optionalId(v, ctx)), orNull(WIRE.id)),
    modified_shift_id: sent(z.unknown().optional().transform((v, ctx) => optionalId(v, ctx)), orNull(WIRE.id)),
    restaurant_id: sent(
      z.unknown().optional().transform((v, ctx): number => optionalId(v, ctx, restaurantRequired) ?? fail(ctx, restaurantRequired)),
      requiredWire(WIRE.id),
    ),
    driver_id: sent(
      z.unknown().optional().transform((v, ctx): number | null => {
        const id = optionalId(v, ctx, TIMESHEET_MSG.driverRequired);
        if (id === null && options.requireDriver) return fail(ctx, TIMESHEET_MSG.driverRequired);
        return id;
      }),
      options.requireDriver ? requiredWire(WIRE.id) : orNull(WIRE.id),
    ),
    period_date: sent(
      z.unknown().optional().transform((value, ctx): string => {
        if (isBlank(value)) return fail(ctx, TIMESHEET_MSG.dateRequired);
        const date = typeof value === 'string' ? readDate(value) : null;
        if (!date) return fail(ctx, TIMESHEET_MSG.dateFormat);
        if (options.latestDate && date > options.latestDate) return fail(ctx, dateTooLateMessage(options.latestDate));
        return date;
      }),
      requiredWire(WIRE.date),
    ),
    start_time: time(TIMESHEET_MSG.startFormat),
    finish_time: time(TIMESHEET_MSG.finishFormat),
    cost_bonus: money(),
    cost_extra_bonus: money(),
    fuel_bonus_0: fuelCount,
    fuel_bonus_3: fuelCount,
    fuel_bonus_6: fuelCount,
    comment,
    driver_comment: comment,
    // A cancellation timesheet's codes read (a stored row sent back as it is), for the rules to refuse by name.
    status: code([...codes(TIMESHEET_STATUS), CANCELLATION_TIMESHEET.status], TIMESHEET_MSG.statusInvalid),
    status_progress: code([...codes(TIMESHEET_PROGRESS), CANCELLATION_TIMESHEET.progress], TIMESHEET_MSG.progressInvalid),
    cost_total: sent(
      z.unknown().optional().transform((value, ctx): number | null => {
        if (isBlank(value)) return null;
        const n = readMoney(value);
        if (n === null) return fail(ctx, TIMESHEET_MSG.costTotalFormat);
        return n;
      }),
      orNull({ ...WIRE.money, description: 'Checked against the server’s own figure; nothing is stored from it' }),
    ),
    // The version a saved timesheet was loaded with (PUT, and an approve item sent from the form).
    ...versioned,
  }));
}
export type TimesheetInput = z.output<ReturnType<typeof timesheetSchema>>;

/** Reads a body's id for the mismatch check: null when absent or a placeholder (≤ 0), NaN when unreadable. */
export function bodyTimesheetId(value: unknown): number | null {
  if (isBlank(value)) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n > ID_MAX) return NaN;
  return n > 0 ? n : null;
}

const rangeDate = sent(
  z.unknown().optional().transform((value, ctx): string => {
    if (isBlank(value)) return fail(ctx, TIMESHEET_MSG.dateRequired);
    const date = typeof value === 'string' ? readDate(value) : null;
    return date ?? fail(ctx, TIMESHEET_MSG.dateFormat);
  }),
  requiredWire(WIRE.date),
);

/** GET /api/timesheet?period_date_from&period_date_to[&for_reports=1] */
export const timesheetRangeSchema = z
  .object({
    period_date_from: rangeDate,
    period_date_to: rangeDate,
    for_reports: sent(
      z.unknown().optional().transform((v) => v === '1' || v === 1 || v === 'true' || v === true),
      oneOf([0, 1], '1 = the reports’ view'),
    ),
  })
  .superRefine((q, ctx) => {
    // Dates in order and at most 31 days apart (a month view), as every list call of the spec.
    const range = { from: q.period_date_from, to: q.period_date_to };
    if (!isValidRange(range)) ctx.addIssue({ code: 'custom', path: ['period_date_to'], message: invalidRangeMessage(range) });
  });

// --- the driver app ------------------------------------------------------------------------------------

export const DRIVER_TIMESHEET_MSG = {
  shiftRequired: 'Shift is required',
  shiftNotFound: 'Shift not found',
  notPublished: 'This shift is not published',
  notYet: "This shift hasn't started yet",
  startTooLate: 'This shift is over: submit its timesheet instead',
  notStarted: 'Start the timesheet first',
  submitted: 'This timesheet has already been submitted',
  closed: 'This timesheet has already been approved or discarded',
  latitude: 'Latitude must be a number between -90 and 90',
  longitude: 'Longitude must be a number between -180 and 180',
} as const;

const coordinate = (limit: number, message: string) =>
  sent(
    z.unknown().optional().transform((value, ctx): number | null => {
      if (isBlank(value)) return null;
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > limit) return fail(ctx, message);
      return n;
    }),
    orNull({ ...WIRE.number, minimum: -limit, maximum: limit }),
  );

const optionalTime = (formatMessage: string) =>
  sent(
    z.unknown().optional().transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      const text = typeof value === 'string' ? withoutSeconds(value.trim()) : '';
      return isTime(text) ? text : fail(ctx, formatMessage);
    }),
    { ...orNull(WIRE.time), description: 'HH:mm; now when left out' },
  );

/**
 * The driver app's timesheet calls (start, finish, submit, discard): the shift, the driver's own times (now
 * when left out), comment, delivery counts and map positions.
 */
export const driverTimesheetSchema = z.object({
  shift_id: sent(
    z.unknown().optional().transform((v, ctx): number => optionalId(v, ctx, DRIVER_TIMESHEET_MSG.shiftRequired) ?? fail(ctx, DRIVER_TIMESHEET_MSG.shiftRequired)),
    requiredWire(WIRE.id),
  ),
  driver_start_time: optionalTime(TIMESHEET_MSG.startFormat),
  driver_finish_time: optionalTime(TIMESHEET_MSG.finishFormat),
  driver_comment: comment,
  // Left out = keep what the timesheet has (the shift's planned counts until the driver reports theirs).
  fuel_bonus_0: reportedCount,
  fuel_bonus_3: reportedCount,
  fuel_bonus_6: reportedCount,
  map_start_lat: coordinate(90, DRIVER_TIMESHEET_MSG.latitude),
  map_start_lng: coordinate(180, DRIVER_TIMESHEET_MSG.longitude),
  map_finish_lat: coordinate(90, DRIVER_TIMESHEET_MSG.latitude),
  map_finish_lng: coordinate(180, DRIVER_TIMESHEET_MSG.longitude),
});
export type DriverTimesheetInput = z.output<typeof driverTimesheetSchema>;
