import { z } from 'zod';
import { EMAIL_MAX, LIMIT_MSG, MSG, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../messages';

/** "something@something", as the spec puts it: no spaces, one @ with text on both sides. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

const email = z
  .string({ error: MSG.enterEmail })
  .trim()
  .min(1, MSG.enterEmail)
  .regex(EMAIL_PATTERN, MSG.validEmail)
  .max(EMAIL_MAX, LIMIT_MSG.emailTooLong);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: MSG.enterPassword })
    .min(1, MSG.enterPassword)
    .min(PASSWORD_MIN, MSG.passwordSixSymbols)
    .max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The registration body the API takes (spec 1, section 7). */
export const registerSchema = z.object({
  firstName: z.string({ error: MSG.enterName }).trim().min(1, MSG.enterName).max(NAME_MAX, LIMIT_MSG.nameTooLong),
  lastName: z.string({ error: MSG.enterLastName }).trim().min(1, MSG.enterLastName).max(NAME_MAX, LIMIT_MSG.nameTooLong),
  email,
  password: z
    .string({ error: MSG.enterPasswordRegistration })
    .min(1, MSG.enterPasswordRegistration)
    .min(PASSWORD_MIN, MSG.min6)
    .max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form adds the confirmation, which never leaves the browser. */
export const registrationFormSchema = registerSchema
  .extend({
    confirmPassword: z.string({ error: MSG.confirmPassword }).min(1, MSG.confirmPassword),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegistrationFormInput = z.infer<typeof registrationFormSchema>;

/**
 * Turns a zod error into the API's error body: { field: [message] }, fields in form order. Only the first
 * failed rule of a field is kept ('Please enter your e-mail', not also 'Must be valid e-mail' for an empty one).
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'form';
    out[field] ??= [issue.message];
  }
  return out;
}
