import { z } from 'zod';
import { VERSION_MSG } from '../versions';
import { isBlank } from './fields';
import { WIRE } from './wire';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * `updated_at` of a save (domain/versions.ts): the version the form was loaded with, read as the API writes it
 * ('2026-11-22T20:56:08.123Z'). Optional: a call without it saves as before, whatever changed meanwhile.
 */
export const versionField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | undefined => {
    if (isBlank(value)) return undefined;
    const ms = typeof value === 'string' && ISO_TIME.test(value.trim()) ? Date.parse(value.trim()) : NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: VERSION_MSG.invalid });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  })
  .meta({
    ...WIRE.timestamp,
    description:
      'The record’s updated_at as it was loaded (UTC ISO-8601). When the record changed since, nothing is written and the ' +
      'answer is 409 with `conflict` (who changed it and when). Left out, the save is made whatever changed meanwhile.',
  });

/** The versioned fields of a save's schema. */
export const versioned = { updated_at: versionField };
