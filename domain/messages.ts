/** Messages shown to users, word for word as the spec writes them (typos included). */
export const MSG = {
  // Registration (spec 1, section 5)
  enterName: 'Please enter your name',
  enterLastName: 'Please enter your last name',
  enterEmail: 'Please enter your e-mail',
  validEmail: 'Must be valid e-mail',
  enterPasswordRegistration: 'Please enter password',
  min6: 'Min 6 symbols',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  // Login
  enterPassword: 'Please enter your password',
  passwordSixSymbols: 'Password should be at least six symbols long',
  incorrectLogins: 'Incorrect logins - please try again!',
  // Route guard
  pleaseLogIn: 'Please log in to access this page',
} as const;

/** Messages of our own, for cases the spec leaves open. */
export const OWN_MSG = {
  emailTaken: 'This e-mail is already registered',
  tooManyLogins: 'Too many login attempts - please wait a few minutes and try again',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You do not have access to this',
  notFound: 'Not found',
  addressTooLong: 'A part of this address (an id or a name) is too long: no record has it',
  serverError: 'Something went wrong on the server',
  // The database cannot be reached or did not answer in time (server/db/unavailable.ts): nothing was saved.
  databaseUnavailable: 'The database is not answering. Try again in a moment.',
  // The embedded database's disk is full: the write was refused whole.
  diskFull: 'The server has run out of disk space, so nothing was saved. Try again once space has been freed.',
  // SIGTERM: this instance finishes what it has and takes nothing new (server/plugins/lifecycle.ts).
  shuttingDown: 'The server is restarting. Try again in a moment.',
  noRoleYet: 'Your account is waiting for an administrator to give it a role',
  finishEqualsStart: 'Finish Time must differ from Start Time.',
  // Input no record can hold (server/plugins/inputGuard.ts).
  nulCharacter: 'Text must not contain NUL characters',
  invalidText: 'Text must be valid Unicode',
  idOutOfRange: 'Ids are whole numbers from 1 to 2147483647',
  // A login e-mail (staff user or restaurant account) the mail server refused: the outbox keeps it.
  mailFailed: 'The e-mail could not be sent; it is kept in the outbox',
} as const;

/** No text field of any form holds more than this; each field has its own, lower limit besides. */
export const TEXT_HARD_MAX = 100_000;
export const textHardMaxMessage = `Text must be at most ${TEXT_HARD_MAX} characters long`;

export const PASSWORD_MIN = 6;
/** Longer than any passphrase, short enough that hashing it costs nothing. */
export const PASSWORD_MAX = 200;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const LIMIT_MSG = {
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  nameTooLong: `Must be at most ${NAME_MAX} characters long`,
  emailTooLong: `E-mail must be at most ${EMAIL_MAX} characters long`,
} as const;
export const PASSWORD_COUNTER = 12;
