import { z } from 'zod';

/**
 * Importing drivers and restaurants from a spreadsheet (CSV or .xlsx): the fields a column can fill, how a column is
 * recognised from its header, the call's options and its answer. Each row is then checked by the very schema of the
 * Add dialogs (driverSchema, restaurantSchema), so a row's messages are the forms' messages.
 */
export type ImportKind = 'driver' | 'restaurant';

export interface ImportField {
  key: string;
  label: string;
  /** Other headers that mean this field, compared without case, spaces or punctuation. */
  aliases: readonly string[];
  required?: boolean;
}

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  driver: [
    { key: 'first_name', label: 'First name', aliases: ['forename', 'given name', 'firstname'], required: true },
    { key: 'last_name', label: 'Last name', aliases: ['surname', 'family name', 'lastname'] },
    { key: 'email', label: 'E-mail', aliases: ['email address', 'e-mail address', 'mail'], required: true },
    { key: 'phone', label: 'Phone', aliases: ['mobile', 'phone number', 'telephone', 'mobile number', 'tel'] },
    { key: 'date_of_birth', label: 'Date of birth', aliases: ['dob', 'birth date', 'birthday'] },
    { key: 'address_1', label: 'Address line 1', aliases: ['address', 'address 1', 'street'] },
    { key: 'address_2', label: 'Address line 2', aliases: ['address 2'] },
    { key: 'city', label: 'City', aliases: ['town'] },
    { key: 'postcode', label: 'Postcode', aliases: ['post code', 'zip', 'postal code'] },
    { key: 'areas', label: 'Areas', aliases: ['area', 'area names', 'zones'] },
    { key: 'restaurants', label: 'Restaurants', aliases: ['restaurant', 'restaurant names', 'clients'] },
    { key: 'emergency_contact_name', label: 'Emergency contact name', aliases: ['emergency contact', 'next of kin'] },
    { key: 'emergency_contact_phone', label: 'Emergency contact phone', aliases: ['emergency phone', 'next of kin phone'] },
    { key: 'car_make', label: 'Car make', aliases: ['make'] },
    { key: 'car_model', label: 'Car model', aliases: ['model'] },
    { key: 'car_registration', label: 'Car registration', aliases: ['registration', 'reg', 'vehicle registration'] },
    { key: 'car_insurance_renewal_date', label: 'Insurance renewal date', aliases: ['insurance renewal', 'car insurance renewal date'] },
    { key: 'car_insurer', label: 'Car insurer', aliases: ['insurer'] },
    { key: 'bank_name_of_account_holder', label: 'Bank account holder', aliases: ['account holder', 'account name', 'name of account holder'] },
    { key: 'bank_sort_code', label: 'Sort code', aliases: ['bank sort code'] },
    { key: 'bank_account_number', label: 'Account number', aliases: ['bank account number', 'bank account'] },
  ],
  restaurant: [
    { key: 'name', label: 'Name', aliases: ['restaurant', 'restaurant name', 'business name'], required: true },
    { key: 'contactName', label: 'Contact name', aliases: ['contact', 'contact person', 'manager'], required: true },
    { key: 'address', label: 'Address', aliases: ['street address', 'address 1'], required: true },
    { key: 'postcode', label: 'Postcode', aliases: ['post code', 'zip', 'postal code'] },
    { key: 'email', label: 'E-mail', aliases: ['email address', 'login email', 'e-mail address'], required: true },
    { key: 'business_email', label: 'Business e-mail', aliases: ['business email', 'accounts email', 'invoice email', 'billing email'], required: true },
    { key: 'telephone', label: 'Telephone', aliases: ['phone', 'phone number', 'tel'], required: true },
    { key: 'area', label: 'Area', aliases: ['area name', 'zone'], required: true },
    { key: 'map_latitude', label: 'Latitude', aliases: ['lat', 'map latitude'] },
    { key: 'map_longitude', label: 'Longitude', aliases: ['lng', 'lon', 'long', 'map longitude'] },
    { key: 'standard_pay', label: 'Standard pay', aliases: ['standard pay rate', 'pay rate'] },
    { key: 'weekend_pay', label: 'Weekend pay', aliases: ['weekend pay rate'] },
    { key: 'invoice_comission', label: 'Commission', aliases: ['invoice commission', 'commission', 'comission'] },
    { key: 'booking_fee', label: 'Booking fee', aliases: ['fee'] },
    { key: 'send_invoice', label: 'Send invoice', aliases: ['send invoices'] },
    { key: 'meal', label: 'Meal', aliases: ['staff meal'] },
    { key: 'uniform', label: 'Uniform', aliases: [] },
    { key: 'cash_orders', label: 'Cash orders', aliases: ['cash'] },
    { key: 'waiting_location', label: 'Waiting location', aliases: ['where to wait'] },
    { key: 'other', label: 'Other', aliases: ['notes', 'other information'] },
    { key: 'bonus_target', label: 'Bonus target', aliases: ['bonus'] },
  ],
};

/** Which schema field each import field's messages come under, where the names differ. */
export const IMPORT_ERROR_FIELD: Record<string, string> = { area_ids: 'areas', restaurant_ids: 'restaurants', area_id: 'area' };

export const IMPORT_MSG = {
  fileRequired: 'Choose a CSV or Excel (.xlsx) file',
  fileType: 'The file must be CSV or Excel (.xlsx)',
  fileUnreadable: 'The file could not be read as CSV or Excel (.xlsx)',
  fileEmpty: 'The file has no rows under its header',
  tooManyRows: (max: number) => `At most ${max.toLocaleString('en-GB')} rows can be imported at once`,
  mappingInvalid: 'The column mapping is invalid',
  unknownArea: (name: string) => `No area is called ${name}`,
  unknownRestaurant: (name: string) => `No restaurant is called ${name}`,
  repeatedInFile: (row: number) => `The same e-mail is on row ${row} of this file`,
} as const;

export const IMPORT_ROWS_MAX = 10_000;

/** Separators of a list of names in one cell: "Camden; Islington" or "Camden, Islington" or one per line. */
export const splitNames = (cell: string): string[] =>
  cell
    .split(/[;,\n|]/)
    .map((s) => s.trim())
    .filter(Boolean);

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Column index per field, guessed from the headers: a header equal to the field's key, label or an alias. */
export function guessMapping(kind: ImportKind, headers: readonly string[]): Record<string, number | null> {
  const squashed = headers.map(squash);
  const taken = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const names = [field.key, field.label, ...field.aliases].map(squash);
    const index = squashed.findIndex((h, i) => !taken.has(i) && names.includes(h));
    mapping[field.key] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

/** What to do with rows whose e-mail is already here: leave them (skip) or overwrite them with the file (update). */
const IMPORT_DUPLICATES = ['skip', 'update'] as const;
const IMPORT_MODES = ['preview', 'commit', 'rejected'] as const;

export const importQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'Mode must be preview, commit or rejected' }).default('preview'),
  duplicates: z.enum(IMPORT_DUPLICATES, { error: 'Duplicates must be skip or update' }).default('skip'),
});
export type ImportQuery = z.output<typeof importQuerySchema>;

/** A column mapping sent back by the dialog: `{ field: column index or null }`, fields of the kind only. */
export function mappingSchema(kind: ImportKind, columns: number) {
  const keys = IMPORT_FIELDS[kind].map((f) => f.key);
  return z
    .record(z.string(), z.number().int().min(0).max(columns - 1).nullable(), { error: IMPORT_MSG.mappingInvalid })
    .refine((m) => Object.keys(m).every((k) => keys.includes(k)), IMPORT_MSG.mappingInvalid);
}

/** One row's fate: created, updated (a duplicate with duplicates=update), skipped (a duplicate left) or rejected. */

const importRowSchema = z.object({
  /** The row's line in the file, the header being line 1. */
  line: z.number().int(),
  action: z.enum(['create', 'update', 'skip', 'reject']),
  /** The row's cells by field, as read. */
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importResultSchema = z
  .object({
    kind: z.enum(['driver', 'restaurant']),
    headers: z.array(z.string()),
    mapping: z.record(z.string(), z.number().int().nullable()),
    rows: z.array(importRowSchema),
    counts: z.object({ total: z.number(), create: z.number(), update: z.number(), skip: z.number(), reject: z.number() }),
    /** True when the rows to create and update were written (mode=commit). */
    committed: z.boolean(),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.output<typeof importResultSchema>;

/** The heading of the error column added to the rejected rows' file. */
export const REJECTED_ERROR_COLUMN = 'Import errors';

/** A row's messages as one cell: "E-mail: The email must be a valid email address. Areas: No area is called X". */
export function errorText(kind: ImportKind, errors: Record<string, string[]>): string {
  const label = (key: string) => IMPORT_FIELDS[kind].find((f) => f.key === key)?.label ?? key;
  return Object.entries(errors)
    .map(([key, messages]) => `${label(key)}: ${messages.join(' ')}`)
    .join('. ');
}
