import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import { OWN_MSG } from '../../../domain/messages';
import {
  RESTAURANT_MSG, restaurantCredentialsEmail, restaurantCredentialsEmailSchema, type RestaurantCredentialsEmailInput,
} from '../../../domain/validation/restaurant';
import { USER_MSG, credentialsEmail, credentialsEmailSchema, type CredentialsEmailInput } from '../../../domain/validation/user';
import type { Database } from '../../db/schema';
import { HttpError, fieldError } from '../../plugins/errors';
import { isRestaurateurEmail } from '../../records/restaurantAccounts';
import { isStaffEmail } from '../../records/users';
import type { Mailer, MailMessage } from './mailer';

/** One kind of account's login e-mail: its input, its words, and who may receive it. */
interface LoginMail<Input extends { email: string }> {
  schema: ZodType<Input>;
  compose: (input: Input) => Omit<MailMessage, 'to'>;
  /** True when the address is an existing account of this kind: the call mails no one else. */
  isRecipient: (db: Kysely<Database>, email: string) => Promise<boolean>;
  notRecipient: string;
}

/** POST /api/sendEmailUser (spec 1, section 7): a new staff user's login. */
export const STAFF_LOGIN_MAIL: LoginMail<CredentialsEmailInput> = {
  schema: credentialsEmailSchema,
  compose: credentialsEmail,
  isRecipient: isStaffEmail,
  notRecipient: USER_MSG.notStaffRecipient,
};

/** POST /api/sendEmail (spec 2, section 7): a new restaurant account's login. */
export const RESTAURANT_LOGIN_MAIL: LoginMail<RestaurantCredentialsEmailInput> = {
  schema: restaurantCredentialsEmailSchema,
  compose: restaurantCredentialsEmail,
  isRecipient: isRestaurateurEmail,
  notRecipient: RESTAURANT_MSG.notRestaurantRecipient,
};

/**
 * Sends the login the screen sends back after creating an account (the returned restCredentials plus the login
 * page's address) to that account's own address: 400 on the e-mail field for any other address, so the call
 * cannot mail anyone else; 502 with the outbox row when the mail server refused it.
 */
export async function sendLoginMail<Input extends { email: string }>(
  app: { db: Kysely<Database>; mailer: Mailer },
  mail: LoginMail<Input>,
  body: unknown,
): Promise<{ success: true }> {
  const input = mail.schema.parse(body ?? {});
  const to = input.email.toLowerCase();
  if (!(await mail.isRecipient(app.db, to))) throw fieldError('email', mail.notRecipient);
  const result = await app.mailer.send({ to, ...mail.compose({ ...input, email: to }) });
  if (result.status === 'failed') throw new HttpError(502, { message: OWN_MSG.mailFailed, outbox_id: result.id });
  return { success: true };
}
