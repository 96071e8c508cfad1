import type { AuthProvider } from 'react-admin';
import { MSG } from '../domain/messages';
import { canAccess } from '../domain/access';
import { canOpen, landingPath } from '../domain/navigation';
import { asRecord, httpClient } from './httpClient';
import {
  clearStoredUser,
  getStoredUser,
  restaurantToStoredUser,
  setStoredUser,
  staffToStoredUser,
  type ApiRestaurantAccount,
  type ApiStaffUser,
  type StoredUser,
} from './session';
import { stopRealtime } from './realtime';

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

interface StaffLoginResponse {
  user: ApiStaffUser;
  access_token: string;
}
interface RestaurantLoginResponse {
  restaurant: ApiRestaurantAccount;
  access_token: string;
}

export async function loginRequest({ email, password, kind }: LoginParams): Promise<StoredUser> {
  const path = kind === 'restaurant' ? '/api/auth/login/restaurant' : '/api/auth/login';
  const body = { email: email.trim(), password };
  if (kind === 'restaurant') {
    const res = await httpClient<RestaurantLoginResponse>(path, { method: 'POST', body, auth: false, logoutOn401: false });
    return restaurantToStoredUser(res.restaurant, res.access_token);
  }
  const res = await httpClient<StaffLoginResponse>(path, { method: 'POST', body, auth: false, logoutOn401: false });
  return staffToStoredUser(res.user, res.access_token);
}

export interface RegisterParams {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** POST /api/register; stores the new (role-less) staff user. */
export async function register(params: RegisterParams): Promise<StoredUser> {
  const res = await httpClient<StaffLoginResponse>('/api/register', {
    method: 'POST',
    body: { ...params, email: params.email.trim() },
    auth: false,
    logoutOn401: false,
  });
  const user = staffToStoredUser(res.user, res.access_token);
  setStoredUser(user);
  freshToken = user.access_token;
  return user;
}

/** Token whose profile was just fetched by login or register, so the shell need not fetch it again. */
let freshToken: string | null = null;

/**
 * Refreshes the stored profile from GET /api/auth/me (role, name and restaurants may have changed since the
 * user logged in). A revoked or expired token answers 401, which logs the user out through httpClient.
 */
export async function refreshStoredUser(): Promise<StoredUser | null> {
  const current = getStoredUser();
  if (!current || current.access_token === freshToken) return current;
  const res = asRecord<{ user?: ApiStaffUser; restaurant?: ApiRestaurantAccount }>(await httpClient('/api/auth/me'));
  const latest = getStoredUser();
  // Logged out or in as someone else meanwhile: keep what is stored now.
  if (!latest || latest.access_token !== current.access_token || !res) return latest;
  const next = res.restaurant
    ? restaurantToStoredUser(res.restaurant, current.access_token)
    : res.user
      ? staffToStoredUser(res.user, current.access_token)
      : null;
  freshToken = current.access_token;
  if (next && JSON.stringify(next) !== JSON.stringify(latest)) setStoredUser(next);
  return next ?? latest;
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const user = await loginRequest(params);
    setStoredUser(user);
    freshToken = user.access_token;
    return { redirectTo: afterLoginPath(user, params.next) };
  },

  async logout() {
    const user = getStoredUser();
    stopRealtime();
    if (!user) {
      // Nobody was logged in: the route guard sent us here, so the login page says why.
      return LOGIN_ERROR_URL;
    }
    try {
      await httpClient('/api/auth/logout', { method: 'POST', logoutOn401: false });
    } catch {
      // The token may already be revoked or expired: logging out locally is what matters.
    }
    clearStoredUser({ loggedOut: true });
    freshToken = null;
    return '/login';
  },

  async checkAuth() {
    if (!getStoredUser()) {
      // message: false keeps react-admin from adding its own notification; the login page shows the reason.
      throw { redirectTo: LOGIN_ERROR_URL, message: false };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      throw { redirectTo: LOGIN_ERROR_URL, message: false };
    }
  },

  /** What the menu, routes, buttons and resources show: the rule table the server enforces (domain/access.ts). */
  async canAccess({ resource, action }: { resource: string; action: string }) {
    return canAccess(getStoredUser()?.role, resource, action);
  },

  async getPermissions() {
    return getStoredUser()?.role ?? null;
  },

  async getIdentity() {
    const user = getStoredUser();
    if (!user) throw new Error(MSG.pleaseLogIn);
    return {
      id: user.id,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
    };
  },
};
