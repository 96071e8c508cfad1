import type { z } from 'zod';
import { HHMM_PATTERN } from '../timeList';
import { ID_MAX } from './ids';

/**
 * What a client should send for a field whose reader takes several forms ('12.5', 12.5, '£12.50', '' ...) and so
 * has no one type of its own: a JSON Schema fragment kept as the field's metadata, which the API document shows
 * (server/openapi/document.ts). `required` marks a reader that refuses a missing value, which its optional input
 * (it reads blanks to give the spec's message) would otherwise hide.
 */
export interface Wire {
  type: string | string[];
  format?: string;
  pattern?: string;
  enum?: readonly unknown[];
  items?: Wire;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxLength?: number;
  description?: string;
  required?: true;
}

/** The metadata key that carries `required` to the document, which moves it to the object's `required` list. */
export const WIRE_REQUIRED = 'x-wire-required';

const id: Wire = { type: 'integer', minimum: 1, maximum: ID_MAX };

export const WIRE = {
  id,
  ids: { type: 'array', items: id },
  date: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' },
  time: { type: 'string', pattern: HHMM_PATTERN.source, description: 'HH:mm' },
  money: { type: 'number', description: 'Pounds, at most 2 decimals' },
  count: { type: 'integer', minimum: 0 },
  text: { type: 'string' },
  flag: { type: 'boolean' },
  number: { type: 'number' },
  /** An ISO-8601 timestamp as the API writes it. */
  timestamp: { type: 'string', format: 'date-time' },
} satisfies Record<string, Wire>;

/** One of these codes (statuses, choices). */
export const oneOf = (codes: readonly number[], description?: string): Wire => ({ type: 'integer', enum: codes, ...(description ? { description } : {}) });

/** The same, null (or blank) accepted as "none". */
export function orNull(wire: Wire): Wire {
  const types = Array.isArray(wire.type) ? wire.type : [wire.type];
  return { ...wire, type: [...types, 'null'], ...(wire.enum ? { enum: [...wire.enum, null] } : {}) };
}

/** A field's schema documented as `wire`: what the client sends, whatever more the reader forgives. */
export function sent<T extends z.ZodType>(schema: T, wire: Wire): T {
  const { required, ...json } = wire;
  return schema.meta({ ...json, ...(required ? { [WIRE_REQUIRED]: true } : {}) }) as T;
}

/** The same wire, marked required. */
export const requiredWire = (wire: Wire): Wire => ({ ...wire, required: true });
