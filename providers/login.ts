import { MSG } from '../domain/messages';
import { canOpen, landingPath } from '../domain/navigation';
import { httpClient } from './httpClient';
import { accountToStoredUser, setStoredUser, type ApiAccount, type StoredUser } from './session';

/**
 * Logging in and registering, apart from the react-admin auth provider: the login and registration pages use this
 * alone, so the logged-out visitor downloads neither react-admin's screens nor the live feed (src/Root.tsx).
 */

export type LoginKind = 'staff' | 'restaurant';

export interface LoginParams {
  email: string;
  password: string;
  kind: LoginKind;
  /** Where the user was going when the guard sent them to /login. */
  next?: string | null;
}

export const LOGIN_ERROR_URL = `/login?loginError=${encodeURIComponent(MSG.pleaseLogIn)}`;

/** Where to go after logging in: back where the guard stopped the user if the role may open it, else the landing page. */
export function afterLoginPath(user: StoredUser, next?: string | null): string {
  const path = next?.split('?')[0];
  if (path && path !== '/' && path !== '/login' && path !== '/registration' && canOpen(user.role, path)) return next!;
  return landingPath(user.role);
}

/** What logging in or registering answers: the account (`user` for staff, `restaurant` for a restaurant) and its token. */
interface LoginResponse extends ApiAccount {
  access_token: string;
}

/** The stored user of a login answer; an answer that names no account is a failed login. */
function loggedInUser(res: LoginResponse): StoredUser {
  const user = accountToStoredUser(res, res.access_token);
  if (!user) throw new Error(MSG.pleaseLogIn);
  return user;
}

async function loginRequest({ email, password, kind }: LoginParams): Promise<StoredUser> {
  const path = kind === 'restaurant' ? '/api/auth/login/restaurant' : '/api/auth/login';
  const body = { email: email.trim(), password };
  return loggedInUser(await httpClient<LoginResponse>(path, { method: 'POST', body, auth: false, logoutOn401: false }));
}

export interface RegisterParams {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** POST /api/register; stores the new (role-less) staff user. */
export async function register(params: RegisterParams): Promise<StoredUser> {
  const res = await httpClient<LoginResponse>('/api/register', {
    method: 'POST',
    body: { ...params, email: params.email.trim() },
    auth: false,
    logoutOn401: false,
  });
  const user = loggedInUser(res);
  keepLoggedIn(user);
  return user;
}

/** Token whose profile was just fetched by login or register, so the shell need not fetch it again. */
let freshToken: string | null = null;

export const isFreshToken = (token: string) => token === freshToken;
export const markFreshToken = (token: string | null) => {
  freshToken = token;
};

function keepLoggedIn(user: StoredUser): void {
  setStoredUser(user);
  freshToken = user.access_token;
}

/** Logs in and keeps the account (the login page, and the auth provider's login). */
export async function logIn(params: LoginParams): Promise<StoredUser> {
  const user = await loginRequest(params);
  keepLoggedIn(user);
  return user;
}
