import { z } from 'zod';
import { invalidRangeMessage, isDate, isValidRange } from '../ranges';
import { WIRE, requiredWire, sent } from './wire';

/**
 * The period of the invoice, report and export calls: `period_date_from` and `period_date_to`, real
 * 'YYYY-MM-DD' dates, in order, at most 31 days ('Invalid date range: {from} ~ {to}', spec 3, section 5).
 */
export const PERIOD_MSG = {
  fromRequired: 'Period start is required',
  toRequired: 'Period end is required',
  dateFormat: 'Dates must be written YYYY-MM-DD',
} as const;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function date(required: string) {
  const schema = z.unknown().transform((value, ctx): string => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const d = String(value).trim();
    if (!isDate(d)) {
      ctx.addIssue({ code: 'custom', message: PERIOD_MSG.dateFormat });
      return z.NEVER;
    }
    return d;
  });
  return sent(schema, requiredWire(WIRE.date));
}

export const periodFields = {
  period_date_from: date(PERIOD_MSG.fromRequired),
  period_date_to: date(PERIOD_MSG.toRequired),
};

export function checkPeriod(v: { period_date_from: string; period_date_to: string }, ctx: z.RefinementCtx): void {
  const range = { from: v.period_date_from, to: v.period_date_to };
  if (!isValidRange(range)) ctx.addIssue({ code: 'custom', path: ['period_date_from'], message: invalidRangeMessage(range) });
}

/** period_date_from and period_date_to alone: the invoice list and the reports. */
export const periodQuerySchema = z.object(periodFields).superRefine(checkPeriod);

export { readId } from './ids';
