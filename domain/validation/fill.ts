import { z } from 'zod';
import { checkPeriod, periodFields } from './period';
import { readId } from './ids';
import { WIRE, orNull, requiredWire, sent } from './wire';

/**
 * The planning assistant's calls: POST /api/shift/fill-proposals (the range and location the board shows) and
 * POST /api/shift/fill (the ticked lines of the review table).
 */
export const FILL_MSG = {
  idInvalid: 'Must be an id',
  linesRequired: 'Tick at least one line',
  linesInvalid: 'Lines must be a list of { shift_id, driver_id }',
  tooManyLines: 'At most 5000 lines in one call',
  shiftTaken: 'The shift has a driver already',
  shiftNotOpen: 'The shift can no longer be given a driver',
  duplicateShift: 'The shift is in the list twice',
} as const;

const FILL_LINES_MAX = 5000;

const optionalId = sent(z.unknown().optional().transform((value, ctx): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const id = readId(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: FILL_MSG.idInvalid });
    return z.NEVER;
  }
  return id;
}), orNull(WIRE.id));

/** The range (at most 31 days) and the board's location: one area, one restaurant, or everything in scope. */
export const fillProposalsSchema = z.object({ ...periodFields, area_id: optionalId, restaurant_id: optionalId }).superRefine(checkPeriod);
export type FillProposalsInput = z.output<typeof fillProposalsSchema>;

const line = z.object({ shift_id: sent(z.unknown(), requiredWire(WIRE.id)), driver_id: sent(z.unknown(), requiredWire(WIRE.id)) }).transform((v, ctx) => {
  const shift_id = readId(v.shift_id);
  const driver_id = readId(v.driver_id);
  if (shift_id === null || driver_id === null) {
    ctx.addIssue({ code: 'custom', message: FILL_MSG.linesInvalid });
    return z.NEVER;
  }
  return { shift_id, driver_id };
});

export const fillApplySchema = z.object({
  lines: z
    .array(line, { error: FILL_MSG.linesInvalid })
    .min(1, FILL_MSG.linesRequired)
    .max(FILL_LINES_MAX, FILL_MSG.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      for (const l of lines) {
        if (seen.has(l.shift_id)) ctx.addIssue({ code: 'custom', message: FILL_MSG.duplicateShift });
        seen.add(l.shift_id);
      }
    }),
});
