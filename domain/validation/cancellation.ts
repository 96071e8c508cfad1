import { z } from 'zod';
import { readId } from './ids';
import { toPence } from '../money';
import { isDate } from '../ranges';
import { REPORTING_MODEL_TYPE } from '../statuses';
import { REPORT_EVENT } from '../reports';
import { WIRE, oneOf, orNull, requiredWire, sent } from './wire';

/** The Cancel Shift dialog and POST /api/reporting/create (spec 3, sections 5 'Cancel Shift' and 7). */
export const CANCEL_MSG = {
  costNegative: 'Cost must be negative',
  costInvalid: 'Cost must be an amount in pounds, e.g. -10 or -7.50',
  shiftRequired: 'Shift is required',
  restaurantRequired: 'Restaurant is required',
  driverRequired: 'Driver is required',
  dateRequired: 'Date is required.',
  dateInvalid: 'Date invalid format.',
  modelTypeInvalid: 'model_type must be 10 (shift)',
  eventInvalid: 'event must be 10 (shift cancelled) or 40 (fee set on approval)',
  commentTooLong: 'At most 1000 characters',
  feeInvalid: 'Enter the fee in pounds, without a minus sign, e.g. 15 or 7.50',
  shiftMismatch: 'The restaurant, driver or date does not match the shift',
  notCancellable: 'Only a published shift with a driver and without a timesheet can be cancelled',
  noTimesheet: 'A fee or bonus is set on the timesheet of a worked shift: this shift has none',
} as const;

/**
 * The Cancel Shift dialog's fee as typed, a positive amount in pounds (the call's cost is its negative): '' is no
 * fee, '15', '£7.5' and '7.50' are fees; anything else (a minus sign, letters, a third decimal, over £9,999.99) is
 * null, which the dialog refuses with CANCEL_MSG.feeInvalid rather than change what was typed.
 */
export function readCancellationFee(typed: string): number | null {
  const text = typed.trim().replace(/^£\s*/, '');
  if (!text) return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const pence = toPence(Number(text));
  return pence <= 999_999 ? pence / 100 : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function id(message: string) {
  const schema = z.unknown().optional().transform((value, ctx): number => {
    const n = readId(value);
    if (n !== null) return n;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
  return sent(schema, requiredWire(WIRE.id));
}

export const cancellationSchema = z
  .object({
    shift_id: id(CANCEL_MSG.shiftRequired),
    restaurant_id: id(CANCEL_MSG.restaurantRequired),
    driver_id: id(CANCEL_MSG.driverRequired),
    period_date: sent(z.unknown().optional().transform((value, ctx): string => {
      if (isBlank(value) || !isDate(value)) {
        ctx.addIssue({ code: 'custom', message: isBlank(value) ? CANCEL_MSG.dateRequired : CANCEL_MSG.dateInvalid });
        return z.NEVER;
      }
      return value;
    }), requiredWire(WIRE.date)),
    cost: sent(z.unknown().optional().transform((value, ctx): number => {
      if (isBlank(value)) return 0;
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 9999.99 || Math.abs(toPence(n) - n * 100) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: CANCEL_MSG.costInvalid });
        return z.NEVER;
      }
      return toPence(n) / 100;
    }), { ...WIRE.money, minimum: -9999.99, maximum: 9999.99, description: 'Pounds: a fee is negative, a bonus positive' }),
    comment_cancelled: sent(z.unknown().optional().transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      const text = String(value).trim();
      if (text.length > 1000) {
        ctx.addIssue({ code: 'custom', message: CANCEL_MSG.commentTooLong });
        return z.NEVER;
      }
      return text;
    }), orNull({ ...WIRE.text, maxLength: 1000 })),
    model_type: sent(z.unknown().optional().transform((value, ctx): number => {
      if (isBlank(value) || Number(value) === REPORTING_MODEL_TYPE.shift) return REPORTING_MODEL_TYPE.shift;
      ctx.addIssue({ code: 'custom', message: CANCEL_MSG.modelTypeInvalid });
      return z.NEVER;
    }), oneOf([REPORTING_MODEL_TYPE.shift], '10 = a shift (the default)')),
    event: sent(z.unknown().optional().transform((value, ctx): number => {
      const n = Number(value);
      if (n === REPORT_EVENT.shiftCancelled || n === REPORT_EVENT.bonusAdded) return n;
      ctx.addIssue({ code: 'custom', message: CANCEL_MSG.eventInvalid });
      return z.NEVER;
    }), requiredWire(oneOf([REPORT_EVENT.shiftCancelled, REPORT_EVENT.bonusAdded], '10 = shift cancelled (a fee), 40 = bonus added'))),
    model_id: sent(z.unknown().optional().transform((value): number | null => readId(value)), orNull(WIRE.id)),
  })
  .superRefine((input, ctx) => {
    // A cancellation charges the driver: the cost is negative or nothing.
    if (input.event === REPORT_EVENT.shiftCancelled && input.cost > 0) {
      ctx.addIssue({ code: 'custom', message: CANCEL_MSG.costNegative, path: ['cost'] });
    }
  });
export type CancellationInput = z.output<typeof cancellationSchema>;
