import { z } from 'zod';
import { readDate } from '../dates';
import { toPence } from '../money';
import { listFromText, readId, readKeyedId } from './ids';
import { WIRE, orNull, sent, type Wire } from './wire';

/**
 * Readers for the fields of the restaurant and driver forms, which reach the server as JSON or as multipart
 * text: the same reader turns '12.5', 12.5 and '' into the same value on both sides, so the dialog and the
 * API give the same message for the same input.
 */

export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Free text fields (notes, addresses) are capped so one cell cannot hold a book. */
const TEXT_MAX = 1000;
const textTooLong = (max: number) => `Must be at most ${max} characters long`;

/** Optional text: blank reads as null, anything else trimmed. */
export function optionalText(max = TEXT_MAX) {
  return z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: textTooLong(max) }).max(max, textTooLong(max)).nullable(),
  );
}

/** Required text with the spec's message for a missing value. */
export function requiredText(message: string, max = TEXT_MAX) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : isBlank(v) ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).min(1, message).max(max, textTooLong(max)),
  );
}


/** A required id: blank gives `required`, anything unreadable `unknown`. */
export function requiredId(required: string, unknown: string) {
  const schema = z.unknown().optional().transform((value, ctx): number => {
    if (isBlank(value) || value === 0 || value === '0') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const id = readId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: unknown });
      return z.NEVER;
    }
    return id;
  });
  return sent(schema, { ...WIRE.id, required: true });
}

/**
 * A list of ids sent as an array, a JSON text (multipart) or the `{ key: id }` items the lists answer, so a
 * client may send back what it read. Absent or blank = none; duplicates collapse.
 */
export function idList(key: string, message: string) {
  const schema = z.unknown().optional().transform((value, ctx): number[] => {
    if (isBlank(value)) return [];
    const list = listFromText(value);
    const ids = (Array.isArray(list) ? list : [list]).map((v) => readKeyedId(v, key));
    if (ids.some((id) => id === null)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  });
  return sent(schema, { ...WIRE.ids, description: 'Ids (multipart: a JSON array or comma-separated)' });
}

const AMOUNT_MAX = 999.99;
export const AMOUNT_MSG = {
  notNumber: 'Must be an amount in pounds, e.g. 12.50',
  negative: 'Must not be negative',
  pence: 'Must be in pounds and pence (at most 2 decimals)',
  tooHigh: `Must be at most £${AMOUNT_MAX.toFixed(2)}`,
} as const;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** What an amount in pounds may be, and the message for each way it is not. */
export interface PoundsRule {
  max: number;
  /** 0 refused as well as negative amounts (a pay rate); otherwise 0 is an amount. */
  positive?: boolean;
  notNumber: string;
  /** Below the minimum: negative, or also 0 when `positive`. */
  belowMinimum: string;
  pence: string;
  tooHigh: string;
}

/** Adds `message` as the field's issue; the transform returns what this returns. */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * An amount in pounds, typed ('1.5', '£1.50') or sent as a number, that is there (blank is the caller's to judge):
 * the amount to the penny, or the rule's message through `ctx`. Forms and the API read it the same way, so the
 * dialog and the server show the same message for the same input.
 */
function readPounds(value: unknown, rule: PoundsRule, ctx: z.RefinementCtx): number {
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const text = value.trim().replace(/^£\s*/, '');
    if (!DECIMAL.test(text)) return refuse(ctx, rule.positive && text.startsWith('-') ? rule.belowMinimum : rule.notNumber);
    amount = Number(text);
  } else return refuse(ctx, rule.notNumber);
  if (!Number.isFinite(amount)) return refuse(ctx, rule.notNumber);
  if (rule.positive ? amount <= 0 : amount < 0) return refuse(ctx, rule.belowMinimum);
  if (Math.abs(toPence(amount) - amount * 100) > 1e-6) return refuse(ctx, rule.pence);
  if (amount > rule.max) return refuse(ctx, rule.tooHigh);
  return toPence(amount) / 100;
}

/**
 * A required amount in pounds under `rule`, blank refused with `required`; `wire` adds what the API document says
 * of its minimum and meaning.
 */
export function requiredPounds(rule: PoundsRule, required: string, wire: Omit<Wire, 'type'>) {
  const schema = z.unknown().transform((value, ctx): number => (isBlank(value) ? refuse(ctx, required) : readPounds(value, rule, ctx)));
  return sent(schema, { ...WIRE.money, required: true, ...wire, maximum: rule.max });
}

const AMOUNT_RULE: PoundsRule = { max: AMOUNT_MAX, ...AMOUNT_MSG, belowMinimum: AMOUNT_MSG.negative };

/** An optional amount in pounds (pay per hour, commission, booking fee): blank reads as null. */
export function optionalAmount() {
  const schema = z.unknown().optional().transform((value, ctx): number | null => (isBlank(value) ? null : readPounds(value, AMOUNT_RULE, ctx)));
  return sent(schema, orNull({ ...WIRE.money, minimum: 0, maximum: AMOUNT_MAX }));
}

/** A web address (http or https), with one message for whatever is wrong with it. */
export function webLink(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), message);
}

/** An optional coordinate within [min, max]: blank reads as null. */
export function optionalCoordinate(min: number, max: number, message: string) {
  const schema = z.unknown().optional().transform((value, ctx): number | null => {
    if (isBlank(value)) return null;
    const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
  return sent(schema, orNull({ ...WIRE.number, minimum: min, maximum: max }));
}

/** A yes/no flag sent as a boolean, 1/0, '1'/'0' or 'true'/'false'; blank gives the default. */
export function flag(defaultValue: boolean) {
  const schema = z.unknown().optional().transform((v): boolean => {
    if (isBlank(v)) return defaultValue;
    if (typeof v === 'boolean') return v;
    return ['1', 'true', 'yes', 'on'].includes(String(v).trim().toLowerCase());
  });
  return sent(schema, { ...WIRE.flag, description: `Default ${defaultValue}` });
}

/** An optional date (spec 2, section 5: 'Date invalid format.' otherwise). */
export function optionalDate(message: string) {
  const schema = z.unknown().optional().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const date = typeof value === 'string' ? readDate(value) : null;
    if (!date) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return date;
  });
  return sent(schema, orNull(WIRE.date));
}
