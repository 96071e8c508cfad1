import { z } from 'zod';
import { LIMIT_MSG, MSG, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../messages';
import { EMAIL_RULE, LOGIN_RULES } from './loginRules';
import type { TextRule } from './textRules';

export { EMAIL_PATTERN } from './loginRules';

/** A text field's zod schema from its rules (textRules.ts), checked in the same order with the same messages. */
function textSchema(rule: TextRule) {
  let schema = z.string({ error: rule.missing });
  if (rule.trim) schema = schema.trim();
  for (const check of rule.checks) {
    if ('min' in check) schema = schema.min(check.min, check.message);
    else if ('max' in check) schema = schema.max(check.max, check.message);
    else schema = schema.regex(check.pattern, check.message);
  }
  return schema;
}

const email = textSchema(EMAIL_RULE);

export const loginSchema = z.object({ email, password: textSchema(LOGIN_RULES.password) });

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

/** The registration form adds the confirmation, which never leaves the browser. */
export const registrationFormSchema = registerSchema
  .extend({
    confirmPassword: z.string({ error: MSG.confirmPassword }).min(1, MSG.confirmPassword),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

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
