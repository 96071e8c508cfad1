import { z } from 'zod';
import { LIMIT_MSG, MSG, OWN_MSG, PASSWORD_MAX, PASSWORD_MIN } from '../messages';
import { RESTAURANT_STATUS } from '../statuses';
import { EMAIL_PATTERN } from './auth';
import { escapeHtml } from './user';
import {
  flag, isBlank, optionalAmount, optionalCoordinate, optionalText, requiredId, requiredText, webLink,
} from './fields';
import { versioned } from './version';

/** A restaurant's own rates, place and notes: the restaurants table's columns, answered as they are stored. */
export interface RestaurantTerms {
  standard_pay: number | null;
  weekend_pay: number | null;
  invoice_comission: number | null;
  booking_fee: number | null;
  map_latitude: number | null;
  map_longitude: number | null;
  meal: string | null;
  uniform: string | null;
  cash_orders: string | null;
  waiting_location: string | null;
  other: string | null;
  bonus_target: string | null;
  logo_src: string | null;
}

/**
 * A restaurant as GET /api/restaurant answers it (spec 2, section 3 'Restaurant'): both spellings the spec
 * uses for the contact name and the area id, the area with its pay rates, and the restaurant account
 * (restaurateur) that logs in for it, whose e-mail is the restaurant's `email`.
 */
export interface RestaurantRecord extends RestaurantTerms {
  id: number;
  name: string;
  contactName: string;
  contact_name: string;
  address: string;
  postcode: string | null;
  telephone: string;
  email: string | null;
  business_email: string | null;
  area_id: number;
  areaId: number;
  area: { id: number; name: string; standardPayRate: number; weekendPayRate: number };
  status: number;
  send_invoice: number;
  restaurateur: { id: number; name: string; email: string } | null;
  restaurateur_id: number | null;
  /** The restaurant's version (domain/versions.ts), sent back with a save; restaurant accounts are not sent it. */
  updated_at?: string;
}

/**
 * Reads GET /api/restaurant?status= : 10 (active) or 20 (inactive); absent, blank or any other value means 10, as
 * the list is fetched by default (spec 2, section 4).
 */
export function readRestaurantStatus(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return n === RESTAURANT_STATUS.inactive ? n : RESTAURANT_STATUS.active;
}

/** Messages of the restaurant dialogs and calls: the spec's words (spec 2, section 5) first, then our own. */
export const RESTAURANT_MSG = {
  nameRequired: 'Restaurant name is required.',
  contactNameRequired: 'Contact Name is required.',
  addressRequired: 'Address is required',
  telephoneRequired: 'Telephone number is required',
  areaRequired: 'Area is required',
  emailRequired: 'E-mail is required',
  validEmail: MSG.validEmail,
  businessEmailRequired: 'Business E-mail is required',
  validBusinessEmail: 'Must be valid business e-mail',
  enterPassword: MSG.enterPassword,
  passwordSixSymbols: MSG.passwordSixSymbols,

  areaUnknown: 'Choose an area from the list',
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  statusInvalid: 'Status must be 10 (active) or 20 (inactive)',
  notFound: 'Restaurant not found',
  idMismatch: 'The id does not match the address',
  newLoginNeedsPassword: 'This login e-mail is new: switch on Change Password and choose its password',
  currentPasswordRequired: 'Enter your current password to change it',
  currentPasswordWrong: 'The current password is not correct',
  notRestaurantRecipient: 'Credentials can only be sent to a restaurant account',
  linkInvalid: 'The link must be a web address',
  mailFailed: OWN_MSG.mailFailed,
  restaurateurNotFound: 'Restaurant account not found',
  restaurateurEmailTaken: 'Another restaurant account already logs in with this e-mail',
} as const;

/** Why a restaurant cannot be removed: what would be lost with it. Null when nothing hangs on it. */
export function restaurantInUseMessage(
  name: string,
  counts: { shifts: number; timesheets: number; invoices: number; reports: number },
): string | null {
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`);
  };
  add(counts.shifts, 'shift', 'shifts');
  add(counts.timesheets, 'timesheet', 'timesheets');
  add(counts.invoices, 'invoice', 'invoices');
  if (!parts.length && counts.reports > 0) add(counts.reports, 'report record', 'report records');
  if (!parts.length) return null;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${name} has ${list}: mark it inactive instead, so they are kept`;
}

/** Why a restaurant account cannot be removed yet. */
export function restaurateurInUseMessage(email: string, restaurants: number): string {
  return `${email} still logs in for ${restaurants} restaurant${restaurants === 1 ? '' : 's'}: give ${restaurants === 1 ? 'it' : 'them'} another login e-mail first`;
}

const email = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : isBlank(v) ? '' : v),
    z.string({ error: required }).min(1, required).regex(EMAIL_PATTERN, invalid).max(254, invalid),
  );

const restaurantPassword = z
  .string({ error: RESTAURANT_MSG.enterPassword })
  .min(1, RESTAURANT_MSG.enterPassword)
  .min(PASSWORD_MIN, RESTAURANT_MSG.passwordSixSymbols)
  .max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong);

/** On the API a blank password is no password: the form leaves it out while its switch is off. */
const optionalPassword = z.preprocess((v) => (isBlank(v) ? undefined : v), restaurantPassword.optional());

/** The Additional tab, shared by the administrators' dialogs and the restaurant's own profile. */
const additionalFields = {
  meal: optionalText(),
  uniform: optionalText(),
  cash_orders: optionalText(),
  waiting_location: optionalText(),
  other: optionalText(),
  bonus_target: optionalText(),
};

/** The contact part of the Main tab, shared likewise. */
const contactFields = {
  name: requiredText(RESTAURANT_MSG.nameRequired, 200),
  contactName: requiredText(RESTAURANT_MSG.contactNameRequired, 200),
  address: requiredText(RESTAURANT_MSG.addressRequired, 500),
  postcode: optionalText(20),
};

const restaurantFields = {
  ...contactFields,
  map_latitude: optionalCoordinate(-90, 90, RESTAURANT_MSG.latitude),
  map_longitude: optionalCoordinate(-180, 180, RESTAURANT_MSG.longitude),
  email: email(RESTAURANT_MSG.emailRequired, RESTAURANT_MSG.validEmail),
  business_email: email(RESTAURANT_MSG.businessEmailRequired, RESTAURANT_MSG.validBusinessEmail),
  telephone: requiredText(RESTAURANT_MSG.telephoneRequired, 50),
  area_id: requiredId(RESTAURANT_MSG.areaRequired, RESTAURANT_MSG.areaUnknown),
  standard_pay: optionalAmount(),
  weekend_pay: optionalAmount(),
  invoice_comission: optionalAmount(),
  booking_fee: optionalAmount(),
  send_invoice: flag(true),
  ...additionalFields,
  logo_src: optionalText(200),
};

/** Both spellings the spec uses (contactName / contact_name, area_id / areaId) are read the same. */
function aliases(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = { ...(body as Record<string, unknown>) };
  if (b.contactName === undefined && b.contact_name !== undefined) b.contactName = b.contact_name;
  if (b.area_id === undefined && b.areaId !== undefined) b.area_id = b.areaId;
  return b;
}

/**
 * POST /api/restaurant and POST /api/restaurant/{id} (spec 2, sections 5 and 7), fields in the dialog's order so
 * the first message is the top one. `password` absent = unchanged (edit) or generated (add).
 */
export const restaurantSchema = z.preprocess(aliases, z.object({ ...restaurantFields, password: optionalPassword, ...versioned }));
export type RestaurantInput = z.output<typeof restaurantSchema>;

/** The Add / Edit dialogs: the password field is there only while its switch is on. */
export function restaurantFormSchema(withPassword: boolean) {
  return z.object(withPassword ? { ...restaurantFields, password: restaurantPassword } : restaurantFields);
}

/**
 * POST /api/restaurant/profile/{id}: what a restaurant account may change of its own restaurant. The e-mail is
 * shown but not editable, so it is not read; a new password needs the current one.
 */
const profileFields = {
  ...contactFields,
  telephone: requiredText(RESTAURANT_MSG.telephoneRequired, 50),
  ...additionalFields,
  logo_src: optionalText(200),
};
export const restaurantProfileSchema = z.preprocess(
  aliases,
  z.object({ ...profileFields, password: optionalPassword, current_password: z.string().max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong).optional() }),
);
export type RestaurantProfileInput = z.output<typeof restaurantProfileSchema>;

export function restaurantProfileFormSchema(withPassword: boolean) {
  return withPassword
    ? z
        .object({ ...profileFields, password: restaurantPassword, current_password: z.string({ error: RESTAURANT_MSG.currentPasswordRequired }).min(1, RESTAURANT_MSG.currentPasswordRequired) })
    : z.object(profileFields);
}

/** PUT /api/restaurant/{id}?inactive=true: the new status. */
export const restaurantStatusSchema = z.object({
  status: z.preprocess(
    (v) => (isBlank(v) ? undefined : Number(v)),
    z.union([z.literal(RESTAURANT_STATUS.active), z.literal(RESTAURANT_STATUS.inactive)], { error: RESTAURANT_MSG.statusInvalid }),
  ),
});

/** POST /api/restaurateur and PUT /api/restaurateur/{id}: a restaurant account on its own. */
export const restaurateurSchema = z.object({
  name: optionalText(200).transform((v) => v ?? ''),
  email: email(RESTAURANT_MSG.emailRequired, RESTAURANT_MSG.validEmail),
  password: optionalPassword,
});

/** The credentials a new restaurant login answers with ('restCredentials'), sent back to POST /api/sendEmail. */
export interface RestaurantCredentials {
  email: string;
  /** Present when a password was chosen or generated; absent when an existing account kept its own. */
  password?: string;
  name: string;
  restaurant?: string;
}

/** POST /api/sendEmail: restCredentials plus the login page's address. */
export const restaurantCredentialsEmailSchema = z.object({
  email: email(RESTAURANT_MSG.emailRequired, RESTAURANT_MSG.validEmail),
  password: z.string().min(1).max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong).optional(),
  name: optionalText(200).transform((v) => v ?? ''),
  restaurant: optionalText(200),
  link: webLink(RESTAURANT_MSG.linkInvalid),
});
export type RestaurantCredentialsEmailInput = z.output<typeof restaurantCredentialsEmailSchema>;

export const RESTAURANT_CREDENTIALS_SUBJECT = 'Your restaurant login for the back-office';

/**
 * The e-mail of 'Send Verification': the login details of a new restaurant account, or, for an account that
 * already existed and kept its password, the news that a restaurant was added to it.
 */
export function restaurantCredentialsEmail(input: RestaurantCredentialsEmailInput): { subject: string; text: string; html: string } {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const what = input.restaurant
    ? `${input.restaurant} is now on the back-office, under this login.`
    : 'A restaurant login has been created for you on the back-office.';
  const lines = [greeting, '', what, '', `Log in on the Business tab at: ${input.link}`, `E-mail: ${input.email}`];
  if (input.password) lines.push(`Password: ${input.password}`, '', 'Please keep these details private.');
  else lines.push('Your password is unchanged.');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>Log in on the Business tab at: <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a><br>`,
    `E-mail: ${escapeHtml(input.email)}` + (input.password ? `<br>\nPassword: <code>${escapeHtml(input.password)}</code></p>` : '</p>'),
    input.password ? '<p>Please keep these details private.</p>' : '<p>Your password is unchanged.</p>',
  ].join('\n');
  return { subject: RESTAURANT_CREDENTIALS_SUBJECT, text: lines.join('\n'), html };
}

/**
 * 'Drivers Working Here' (spec 2, section 2): the drivers with a shift at the restaurant from four weeks back
 * to two weeks ahead, and those who chose it as one of their restaurants.
 */
export const WORKING_HERE_DAYS_BACK = 28;
export const WORKING_HERE_DAYS_AHEAD = 14;

/** A row of the Drivers Working Here dialog. */
export interface WorkingHereDriver {
  id: number;
  full_name: string;
  email: string;
  phone: string | null;
  address: string;
  status: number;
}
