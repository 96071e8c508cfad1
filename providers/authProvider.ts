import type { AuthProvider } from 'react-admin';
import { MSG } from '../domain/messages';
import { canAccess } from '../domain/access';
import { asRecord, httpClient } from './httpClient';
import { afterLoginPath, isFreshToken, LOGIN_ERROR_URL, logIn, markFreshToken, type LoginParams } from './login';
import { accountToStoredUser, clearStoredUser, getStoredUser, setStoredUser, type ApiAccount, type StoredUser } from './session';
import { stopRealtime } from './realtime';

/**
 * Refreshes the stored profile from GET /api/auth/me (role, name and restaurants may have changed since the
 * user logged in). A revoked or expired token answers 401, which logs the user out through httpClient.
 */
export async function refreshStoredUser(): Promise<StoredUser | null> {
  const current = getStoredUser();
  if (!current || isFreshToken(current.access_token)) return current;
  const res = asRecord<ApiAccount>(await httpClient('/api/auth/me'));
  const latest = getStoredUser();
  // Logged out or in as someone else meanwhile: keep what is stored now.
  if (!latest || latest.access_token !== current.access_token || !res) return latest;
  const next = accountToStoredUser(res, current.access_token);
  markFreshToken(current.access_token);
  if (next && JSON.stringify(next) !== JSON.stringify(latest)) setStoredUser(next);
  return next ?? latest;
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const user = await logIn(params);
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
    markFreshToken(null);
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
