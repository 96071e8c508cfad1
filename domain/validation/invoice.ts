import { z } from 'zod';
import { formatPounds } from '../money';
import { isBlank, refuse, requiredId, requiredPounds, type PoundsRule } from './fields';
import { checkPeriod, periodFields, readId } from './period';
import { WIRE, oneOf, sent } from './wire';

/**
 * Invoice calls and the Request Invoice dialog (spec 2, sections 5 and 7; spec 3, section 5). The two messages of
 * the spec come first, word for word: 'Сommission' starts with a Cyrillic С, as the spec writes it.
 */
export const INVOICE_MSG = {
  numberRequired: 'Invoice number is required',
  comissionRequired: '\u0421ommission is required',

  // Our own, for the cases the spec leaves open.
  numberFormat: 'Invoice number may use only letters, digits, - and _',
  numberTooLong: 'Invoice number must be at most 30 characters long',
  comissionNotNumber: 'Commission must be an amount in pounds per hour, e.g. 1.50',
  comissionNegative: 'Commission cannot be negative',
  comissionPence: 'Commission must be in pounds and pence (at most 2 decimals)',
  comissionTooHigh: `Commission must be at most ${formatPounds(999.99)} per hour`,
  restaurantRequired: 'Restaurant is required',
  restaurantUnknown: 'Restaurant not found',
  driverUnknown: 'Driver not found',
  noTimesheets: 'There are no approved timesheets for this restaurant in this period, so there is nothing to invoice',
  notFound: 'Invoice not found',
  requestSent: 'Your request has been sent: the office will issue the invoice',
} as const;

/**
 * The refusal of an invoice whose approved timesheets another invoice already bills (a timesheet is billed once):
 * 'The approved timesheets of this period are already on invoice 004'.
 */
export function timesheetsInvoicedMessage(invoiceNumber: string): string {
  return `The approved timesheets of this period are already on invoice ${invoiceNumber}`;
}

/** 'Invoice number 004 is already taken' (400 on invoice_number). */
export function invoiceNumberTakenMessage(invoiceNumber: string): string {
  return `Invoice number ${invoiceNumber} is already taken`;
}

const INVOICE_NUMBER_MAX = 30;
/** Numbers go into file names ('Invoice 004.pdf'), so they keep to characters every file system takes. */
const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const COMISSION_MAX = 999.99;

const invoiceNumber = sent(z.unknown().transform((value, ctx): string => {
  const fail = (message: string) => refuse(ctx, message);
  if (isBlank(value)) return fail(INVOICE_MSG.numberRequired);
  const number = String(value).trim();
  if (number.length > INVOICE_NUMBER_MAX) return fail(INVOICE_MSG.numberTooLong);
  if (!INVOICE_NUMBER_PATTERN.test(number)) return fail(INVOICE_MSG.numberFormat);
  return number;
}), { ...WIRE.text, required: true, maxLength: INVOICE_NUMBER_MAX, pattern: INVOICE_NUMBER_PATTERN.source });

/** £ per hour, typed ('1.5', '£1.50') or sent as a number. */
const COMISSION_RULE: PoundsRule = {
  max: COMISSION_MAX,
  notNumber: INVOICE_MSG.comissionNotNumber,
  belowMinimum: INVOICE_MSG.comissionNegative,
  pence: INVOICE_MSG.comissionPence,
  tooHigh: INVOICE_MSG.comissionTooHigh,
};
const comission = requiredPounds(COMISSION_RULE, INVOICE_MSG.comissionRequired, { minimum: 0 });

/** An optional id: blank, 0 and 'null' mean none (the Open shift driver has id 0). */
function optionalId(invalid: string) {
  const schema = z.unknown().transform((value, ctx): number | null => {
    if (isBlank(value) || value === 0 || value === '0' || value === 'null') return null;
    return readId(value) ?? refuse(ctx, invalid);
  });
  return sent(schema, WIRE.id);
}

/** GET /api/invoice-check?period_date_from&period_date_to&restaurant_id */
export const invoiceCheckSchema = z
  .object({ ...periodFields, restaurant_id: requiredId(INVOICE_MSG.restaurantRequired, INVOICE_MSG.restaurantUnknown) })
  .superRefine(checkPeriod);

const flag = sent(z.unknown().transform((v) => v === '1' || v === 1 || v === true || v === 'true'), oneOf([0, 1], '1 = issue it'));

/**
 * GET /api/invoice-generate?comission&invoice_number&period_date_from&period_date_to&restaurant_id&driver_id?&create_invoice?
 * Fields in the dialog's order, so the first message is the top field's.
 */
export const invoiceGenerateSchema = z
  .object({
    invoice_number: invoiceNumber,
    comission,
    ...periodFields,
    restaurant_id: requiredId(INVOICE_MSG.restaurantRequired, INVOICE_MSG.restaurantUnknown),
    driver_id: optionalId(INVOICE_MSG.driverUnknown).optional(),
    create_invoice: flag.optional(),
  })
  .superRefine(checkPeriod);
export type InvoiceGenerateQuery = z.output<typeof invoiceGenerateSchema>;

/** The Request Invoice dialog's own fields. */
export const requestInvoiceFormSchema = z.object({ invoice_number: invoiceNumber, comission });

/** GET /api/xls?period_date_from&period_date_to&restaurant_id? */
export const paymentsQuerySchema = z
  .object({ ...periodFields, restaurant_id: optionalId(INVOICE_MSG.restaurantUnknown).optional() })
  .superRefine(checkPeriod);
