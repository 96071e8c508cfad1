import { EMAIL_MAX, LIMIT_MSG, MSG, PASSWORD_MAX, PASSWORD_MIN } from '../messages';
import type { TextRule } from './textRules';

/** "something@something", as the spec puts it: no spaces, one @ with text on both sides. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** The login's and the registration's e-mail (spec 1, section 5). */
export const EMAIL_RULE: TextRule = {
  missing: MSG.enterEmail,
  trim: true,
  checks: [
    { min: 1, message: MSG.enterEmail },
    { pattern: EMAIL_PATTERN, message: MSG.validEmail },
    { max: EMAIL_MAX, message: LIMIT_MSG.emailTooLong },
  ],
};

/** The login form's fields: the page checks them with textMessages, the server with auth.ts's loginSchema. */
export const LOGIN_RULES: Record<'email' | 'password', TextRule> = {
  email: EMAIL_RULE,
  password: {
    missing: MSG.enterPassword,
    checks: [
      { min: 1, message: MSG.enterPassword },
      { min: PASSWORD_MIN, message: MSG.passwordSixSymbols },
      { max: PASSWORD_MAX, message: LIMIT_MSG.passwordTooLong },
    ],
  },
};
