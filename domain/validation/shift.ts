import { z } from 'zod';
import { toPence } from '../money';
import { isDate, isValidRange, invalidRangeMessage } from '../ranges';
import { PUSH_DRIVERS, SHIFT_STATUS } from '../statuses';
import { isTime } from '../timeList';
import { FREE_SHIFT_BONUSES } from '../shifts';
import { refuseEqualTimes } from './shiftTimes';
import { readId } from './ids';
import { versioned } from './version';
import { WIRE, oneOf, orNull, requiredWire, sent } from './wire';
import { SHIFT_MSG } from './shiftMessages';

// Every field is z.unknown().optional() before its transform: in zod 4 an absent key must be declared optional to
// reach the transform, which then answers the spec's 'is required' message itself.

// Shift payloads of the dialogs and of the calls (spec 3, sections 5 and 7). Dialogs hold text, the API numbers;
// both are read the same way so the same input gives the same message on either side.

const MAX_BULK_SHIFTS = 5000;
const COMMENT_MAX = 1000;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');


const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** The id in a body, which must match the address when given. */
const bodyId = { ...WIRE.id, description: 'The id of the address, when given' };

function requiredId(required: string, invalid: string) {
  const schema = z.unknown().optional().transform((value, ctx): number => {
    if (isBlank(value) || value === 0 || value === '0') return fail(ctx, required);
    return readId(value) ?? fail(ctx, invalid);
  });
  return sent(schema, requiredWire(WIRE.id));
}

/** The driver field: blank = not chosen yet ('Driver is required'); 0 or null = the 'Open shift' option. */
const driverId = sent(
  z.unknown().optional().transform((value, ctx): number | null => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return fail(ctx, SHIFT_MSG.driverRequired);
    if (value === null || value === 0 || value === '0') return null;
    return readId(value) ?? fail(ctx, SHIFT_MSG.driverUnknown);
  }),
  requiredWire({ ...orNull(WIRE.id), description: 'null for an open shift' }),
);

const date = sent(
  z.unknown().optional().transform((value, ctx): string => {
    if (isBlank(value)) return fail(ctx, SHIFT_MSG.dateRequired);
    return isDate(value) ? value : fail(ctx, SHIFT_MSG.dateInvalid);
  }),
  requiredWire(WIRE.date),
);

/** HH:mm; the server may hold HH:mm:ss, so longer values are cut to 5 characters (spec 3, section 3). */
function time(invalid: string) {
  const schema = z.unknown().optional().transform((value, ctx): string => {
    if (isBlank(value)) return fail(ctx, SHIFT_MSG.startRequired);
    const text = String(value).trim().slice(0, 5);
    return isTime(text) ? text : fail(ctx, invalid);
  });
  return sent(schema, requiredWire(WIRE.time));
}

function amount({ min }: { min?: { value: number; message: string } } = {}) {
  const schema = z.unknown().optional().transform((value, ctx): number => {
    if (isBlank(value)) return 0;
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/^([+-]?)£/, '$1') : '';
    if (!/^[+-]?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) return fail(ctx, SHIFT_MSG.amountInvalid);
    const n = toPence(Number(text)) / 100;
    if (Math.abs(n) > 9999.99) return fail(ctx, SHIFT_MSG.amountInvalid);
    if (min && n < min.value) return fail(ctx, min.message);
    return n;
  });
  return sent(schema, { ...WIRE.money, ...(min ? { minimum: min.value } : {}) });
}

const count = sent(
  z.unknown().optional().transform((value, ctx): number => {
    if (isBlank(value)) return 0;
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n >= 0 && n <= 1000 ? n : fail(ctx, SHIFT_MSG.countInvalid);
  }),
  { ...WIRE.count, maximum: 1000 },
);

const comment = sent(
  z.unknown().optional().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return fail(ctx, SHIFT_MSG.commentTooLong);
    const text = value.trim();
    return text.length <= COMMENT_MAX ? text : fail(ctx, SHIFT_MSG.commentTooLong);
  }),
  orNull({ ...WIRE.text, maxLength: COMMENT_MAX }),
);

const flag = sent(
  z.unknown().optional().transform((value): 0 | 1 => (value === 1 || value === '1' || value === true || value === 'true' ? 1 : 0)),
  oneOf([0, 1], '1 = yes'),
);

const pushDrivers = sent(
  z.unknown().optional().transform((value, ctx): number => {
    if (isBlank(value)) return PUSH_DRIVERS.noPush;
    const n = Number(value);
    return n === PUSH_DRIVERS.send || n === PUSH_DRIVERS.noPush ? n : fail(ctx, SHIFT_MSG.pushInvalid);
  }),
  oneOf([PUSH_DRIVERS.send, PUSH_DRIVERS.noPush], '10 = notify the drivers, 20 = no push (the default)'),
);

const adminStatus = sent(
  z.unknown().optional().transform((value, ctx): number | undefined => {
    if (isBlank(value)) return undefined;
    const n = Number(value);
    return n === SHIFT_STATUS.new || n === SHIFT_STATUS.published ? n : fail(ctx, SHIFT_MSG.statusInvalid);
  }),
  oneOf([SHIFT_STATUS.new, SHIFT_STATUS.published], '10 = unpublished, 20 = published'),
);

/** Always 0 (spec 3, section 3): whatever is sent is not stored. */
const alwaysZero = sent(
  z.unknown().optional().transform((): 0 => 0),
  { ...WIRE.number, description: 'Not stored: always 0' },
);

/**
 * POST /api/shift, PUT /api/shift/{id} and the New / Edit Shift dialogs. Costs (cost_per_hour, const_fuel_bonus,
 * cost_total) are not read: the server prices every shift itself from the rates and the fuel counts.
 */
export const shiftSchema = refuseEqualTimes(z.object({
  restaurant_id: requiredId(SHIFT_MSG.restaurantRequired, SHIFT_MSG.restaurantUnknown),
  period_date: date,
  driver_id: driverId,
  start_time: time(SHIFT_MSG.startInvalid),
  finish_time: time(SHIFT_MSG.finishInvalid),
  status: adminStatus,
  cost_bonus: amount(),
  cost_extra_bonus: amount({ min: { value: 0, message: SHIFT_MSG.feeNegative } }),
  fuel_bonus_0: count,
  fuel_bonus_3: count,
  fuel_bonus_6: count,
  extra_request: flag,
  comment,
  push_drivers: pushDrivers,
  meal_time: alwaysZero,
  rest_time: alwaysZero,
}));
export type ShiftInput = z.output<typeof shiftSchema>;

/** PUT /api/shift/{id}: the same plus the id, which must match the address when given, and the version loaded. */
export const shiftUpdateSchema = shiftSchema.extend({ id: sent(z.unknown().optional(), bodyId), ...versioned });

const freeBonus = sent(
  z.unknown().optional().transform((value, ctx): number => {
    if (isBlank(value)) return 0;
    const n = Number(value);
    return (FREE_SHIFT_BONUSES as readonly number[]).includes(n) ? n : fail(ctx, SHIFT_MSG.freeBonus);
  }),
  oneOf(FREE_SHIFT_BONUSES, 'Pounds'),
);

/** POST /api/shift/createFree, PUT /api/shift/updateFree/{id} and the restaurant's shift dialogs. */
export const freeShiftSchema = refuseEqualTimes(z.object({
  restaurant_id: requiredId(SHIFT_MSG.restaurantRequired, SHIFT_MSG.restaurantUnknown),
  period_date: date,
  start_time: time(SHIFT_MSG.startInvalid),
  finish_time: time(SHIFT_MSG.finishInvalid),
  cost_bonus: freeBonus,
  comment,
  /** updateFree only: 10 sends a draft to moderation (Publish), 30 takes it back (Unpublish). */
  status: sent(
    z.unknown().optional().transform((value, ctx): number | undefined => {
      if (isBlank(value)) return undefined;
      const n = Number(value);
      return n === SHIFT_STATUS.new || n === SHIFT_STATUS.draft ? n : fail(ctx, SHIFT_MSG.freeStatusInvalid);
    }),
    oneOf([SHIFT_STATUS.new, SHIFT_STATUS.draft], '10 = send for moderation, 30 = back to draft'),
  ),
  id: sent(z.unknown().optional(), bodyId),
}));
export type FreeShiftInput = z.output<typeof freeShiftSchema>;

function idList(emptyMessage: string) {
  const schema = z.unknown().optional().transform((value, ctx): number[] => {
    if (value === undefined || value === null) return fail(ctx, emptyMessage);
    if (!Array.isArray(value)) return fail(ctx, SHIFT_MSG.shiftIdsInvalid);
    const ids = value.map(readId);
    if (ids.some((id) => id === null)) return fail(ctx, SHIFT_MSG.shiftIdsInvalid);
    const unique = [...new Set(ids as number[])];
    if (!unique.length) return fail(ctx, emptyMessage);
    if (unique.length > MAX_BULK_SHIFTS) return fail(ctx, SHIFT_MSG.tooManyShifts);
    return unique;
  });
  return sent(schema, requiredWire({ ...WIRE.ids, maxItems: MAX_BULK_SHIFTS }));
}

/** POST /api/shift/publish: shift_ids and push_drivers (10 send, 20 not). */
export const publishSchema = z.object({ shift_ids: idList(SHIFT_MSG.noMoreToPublish), push_drivers: pushDrivers });
/** POST /api/shift/unpublish and /api/shift/remove. */
export const bulkShiftSchema = z.object({ shift_ids: idList(SHIFT_MSG.shiftIdsRequired), push_drivers: pushDrivers });
/** POST /api/shift/moderateFree: the restaurant's drafts sent to moderation. */
export const moderateSchema = z.object({ shift_ids: idList(SHIFT_MSG.noMoreToPublish) });

/**
 * POST /api/shift/copyshifts and copyShiftsFree: shift_ids and to_date, the first day of the target range.
 * period_date_from (the first day of the range copied from) is optional; without it the source range is read
 * from the shifts and the target date.
 */
export const copySchema = z.object({
  shift_ids: idList(SHIFT_MSG.shiftIdsRequired),
  to_date: date,
  period_date_from: sent(
    z.unknown().optional().transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      return isDate(value) ? value : fail(ctx, SHIFT_MSG.dateInvalid);
    }),
    orNull(WIRE.date),
  ),
});

/** GET /api/shift query: a range of at most 31 days, and the optional flags. */
export const shiftQuerySchema = z
  .object({
    period_date_from: sent(z.unknown().optional(), requiredWire(WIRE.date)),
    period_date_to: sent(z.unknown().optional(), requiredWire(WIRE.date)),
    with_timesheet: flag,
    with_driver: flag,
    filter_draft: flag,
    compact: sent(flag, oneOf([0, 1], '1 = the shifts written as blocks: each field name once, each person named once, each shift as its values in order')),
  })
  .transform((q, ctx) => {
    if (isBlank(q.period_date_from) || isBlank(q.period_date_to)) {
      ctx.addIssue({ code: 'custom', message: SHIFT_MSG.rangeRequired, path: ['period_date_from'] });
      return z.NEVER;
    }
    const range = { from: String(q.period_date_from), to: String(q.period_date_to) };
    if (!isValidRange(range)) {
      ctx.addIssue({ code: 'custom', message: invalidRangeMessage(range), path: ['period_date_from'] });
      return z.NEVER;
    }
    return { range, withTimesheet: q.with_timesheet === 1, withDriver: q.with_driver === 1, filterDraft: q.filter_draft === 1, compact: q.compact === 1 };
  });
