import { z } from 'zod';
import { EMAIL_MAX, LIMIT_MSG, MSG, NAME_MAX, OWN_MSG, PASSWORD_MAX, PASSWORD_MIN } from '../messages';
import { ROLE, type StaffRole } from '../roles';
import { EMAIL_PATTERN } from './auth';
import { webLink } from './fields';

/** Messages of the administrators screen and its calls (spec 1, section 5 'Panel user dialogs'). */
export const USER_MSG = {
  firstNameRequired: 'First name is required.',
  roleRequired: 'Role is required.',
  emailRequired: 'E-mail is required',
  validEmail: MSG.validEmail,
  enterPassword: MSG.enterPassword,
  passwordSixSymbols: MSG.passwordSixSymbols,
  // Our own, for the rules the spec leaves open.
  emailTaken: OWN_MSG.emailTaken,
  removeSelf: 'You cannot remove your own account',
  demoteSelf: 'You cannot change your own role',
  removeLastAdministrator: 'The last administrator cannot be removed',
  demoteLastAdministrator: 'The last administrator must stay an administrator',
  unknownArea: 'Choose areas from the list',
  restaurantOutsideAreas: 'Each restaurant must belong to one of the chosen areas',
  idMismatch: 'The id does not match the address',
  notFound: 'User not found',
  notStaffRecipient: 'Credentials can only be sent to a staff account',
  linkInvalid: 'The link must be a web address',
  credentialsSent: 'The login details were e-mailed to',
  mailFailed: OWN_MSG.mailFailed,
} as const;

/** The credentials e-mail (POST /api/sendEmailUser). */
export const CREDENTIALS_SUBJECT = 'Your back-office account';

/** The roles an administrator can give, in the order the dialog lists them. */
export const USER_ROLES = [ROLE.administrator, ROLE.manager] as const;

const email = z
  .string({ error: USER_MSG.emailRequired })
  .trim()
  .min(1, USER_MSG.emailRequired)
  .regex(EMAIL_PATTERN, USER_MSG.validEmail)
  .max(EMAIL_MAX, LIMIT_MSG.emailTooLong);

/** Present when the password changes (or is chosen on create): required and at least six symbols. */
const userPassword = z
  .string({ error: USER_MSG.enterPassword })
  .min(1, USER_MSG.enterPassword)
  .min(PASSWORD_MIN, USER_MSG.passwordSixSymbols)
  .max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong);

/**
 * A list of ids sent either as numbers or as the `{ area_id }` / `{ restaurant_id }` items GET /api/user
 * answers, so a client may send back what it read. Duplicates collapse.
 */
function idList(key: 'area_id' | 'restaurant_id', message: string) {
  return z
    .array(
      z.preprocess(
        (v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : v),
        z.coerce.number({ error: message }).int(message).positive(message),
      ),
      { error: message },
    )
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);
}

/** Role 10 or 20; '' and null (an unchosen select) read as missing. */
const role = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z.union([z.literal(ROLE.administrator), z.literal(ROLE.manager)], { error: USER_MSG.roleRequired }),
);

const userFields = {
  first_name: z.string({ error: USER_MSG.firstNameRequired }).trim().min(1, USER_MSG.firstNameRequired).max(NAME_MAX, LIMIT_MSG.nameTooLong),
  last_name: z
    .string()
    .max(NAME_MAX, LIMIT_MSG.nameTooLong)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  role,
  email,
  area_ids: idList('area_id', USER_MSG.unknownArea),
  restaurant_ids: idList('restaurant_id', USER_MSG.restaurantOutsideAreas),
};

/**
 * POST /api/user and PUT /api/user/{id}. `password` absent or null = unchanged (PUT) or generated (POST);
 * present = checked like the dialog's password field.
 */
export const userSchema = z.object({
  ...userFields,
  password: userPassword.nullish(),
});
export type UserInput = z.infer<typeof userSchema>;

/** The dialog: the password field is there only while the 'Change Password' switch is on. */
export function userFormSchema(changePassword: boolean) {
  return changePassword ? z.object({ ...userFields, password: userPassword }) : z.object(userFields);
}

/** POST /api/sendEmailUser: the restCredentials of POST /api/user plus the login page's address. */
export const credentialsEmailSchema = z.object({
  email,
  password: z.string({ error: USER_MSG.enterPassword }).min(1, USER_MSG.enterPassword).max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong),
  name: z
    .string()
    .max(NAME_MAX * 2, LIMIT_MSG.nameTooLong)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  link: webLink(USER_MSG.linkInvalid),
});
export type CredentialsEmailInput = z.infer<typeof credentialsEmailSchema>;

/** "First Last" without stray spaces, as the list shows and searches it. */
export function fullName(user: { first_name?: string | null; last_name?: string | null }): string {
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
}

/** The list's search (spec 1, section 2): full name or lower-cased e-mail contains the query. */
export function matchesUserSearch(user: { full_name: string; email: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return user.full_name.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
}

/** Text as HTML: what an administrator typed goes into e-mails unable to add markup. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The credentials e-mail's text and HTML; the HTML escapes what the administrator typed. */
export function credentialsEmail(input: CredentialsEmailInput): { subject: string; text: string; html: string } {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    'An account has been created for you on the back-office.',
    '',
    `Log in at: ${input.link}`,
    `E-mail: ${input.email}`,
    `Password: ${input.password}`,
    '',
    'Please keep these details private.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>An account has been created for you on the back-office.</p>',
    `<p>Log in at: <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a><br>`,
    `E-mail: ${escapeHtml(input.email)}<br>`,
    `Password: <code>${escapeHtml(input.password)}</code></p>`,
    '<p>Please keep these details private.</p>',
  ].join('\n');
  return { subject: CREDENTIALS_SUBJECT, text, html };
}

/** A staff user as GET /api/user answers it (spec 1, section 3 'Panel user'); never the password hash. */
export interface PanelUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  /** Null for a self-registered user not given a role yet. */
  role: StaffRole | null;
  area_ids: { area_id: number }[];
  restaurant_ids: { restaurant_id: number }[];
}
