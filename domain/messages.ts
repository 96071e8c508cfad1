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
  serverError: 'Something went wrong on the server',
  noRoleYet: 'Your account is waiting for an administrator to give it a role',
  finishEqualsStart: 'Finish Time must differ from Start Time.',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_COUNTER = 12;
