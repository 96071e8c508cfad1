import { z } from 'zod';

/**
 * The Request Invoice dialog (spec 2, sections 2 and 5; spec 3, section 5), reached from the timesheet and
 * invoice screens. The commission message starts with a Cyrillic 'С', as the spec writes it.
 */
export const INVOICE_REQUEST_MSG = {
  numberRequired: 'Invoice number is required',
  comissionRequired: 'Сommission is required',
  comissionFormat: 'Commission must be an amount of 0 or more with at most 2 decimals',
} as const;

/** The commission stated when neither the restaurant nor the option gives one (£ per hour). */
export const DEFAULT_INVOICE_COMISSION = 1.5;

/** The invoice number offered: the last invoice id, padded with zeros to 3 digits. */
export function invoiceNumberFrom(lastId: number | null | undefined): string {
  return String(Math.max(0, Math.trunc(Number(lastId) || 0))).padStart(3, '0');
}

export const invoiceRequestSchema = z.object({
  invoice_number: z.string({ error: INVOICE_REQUEST_MSG.numberRequired }).trim().min(1, INVOICE_REQUEST_MSG.numberRequired),
  comission: z
    .string({ error: INVOICE_REQUEST_MSG.comissionRequired })
    .trim()
    .min(1, INVOICE_REQUEST_MSG.comissionRequired)
    .regex(/^\d+(\.\d{1,2})?$/, INVOICE_REQUEST_MSG.comissionFormat),
});
