import { isStaffRole, RESTAURANT_ROLE, type PanelRole } from '../domain/roles';

/**
 * The logged-in account as the panel keeps it in localStorage under 'user' (spec 1, section 3).
 * Staff accounts carry role 10 or 20 (null while a self-registered account waits for one);
 * restaurant accounts carry the string 'restaurant' and their restaurants.
 */
export interface StoredUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  access_token: string;
  role: PanelRole | null;
  restaurantsWorksFor: number[];
  restaurants: StoredRestaurant[];
}

export interface StoredRestaurant {
  id: number;
  name: string;
  address?: string | null;
  postcode?: string | null;
  [key: string]: unknown;
}

const USER_KEY = 'user';
const CHANGE_EVENT = 'backoffice:user-changed';

let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

function parse(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!value || typeof value !== 'object' || typeof value.access_token !== 'string' || !value.access_token) return null;
    const role = isStaffRole(value.role) || value.role === RESTAURANT_ROLE ? value.role : null;
    return {
      id: Number(value.id),
      firstName: String(value.firstName ?? ''),
      lastName: String(value.lastName ?? ''),
      email: String(value.email ?? ''),
      access_token: value.access_token,
      role,
      restaurantsWorksFor: Array.isArray(value.restaurantsWorksFor) ? value.restaurantsWorksFor : [],
      restaurants: Array.isArray(value.restaurants) ? value.restaurants : [],
    };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
}

/** The stored user, or null when logged out. The same object is answered until the storage changes. */
export function getStoredUser(): StoredUser | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parse(raw);
  }
  return cachedUser;
}

/** Whether the stored user went away through Log Out (the login page then needs no 'please log in'). */
let loggedOut = false;
export function wasLoggedOut(): boolean {
  return loggedOut;
}

export function setStoredUser(user: StoredUser): void {
  loggedOut = false;
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearStoredUser(options: { loggedOut?: boolean } = {}): void {
  loggedOut = options.loggedOut ?? false;
  window.localStorage.removeItem(USER_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls back when the stored user changes in this tab or another one (for useSyncExternalStore). */
export function subscribeStoredUser(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_KEY) callback();
  };
  window.addEventListener(CHANGE_EVENT, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, callback);
    window.removeEventListener('storage', onStorage);
  };
}

/** API account shapes (spec 1, section 7) mapped to the stored user. */
interface ApiStaffUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role?: number | null;
  restaurant_ids?: { restaurant_id: number }[];
}

interface ApiRestaurantAccount {
  id: number;
  name: string;
  email: string;
  restaurants?: StoredRestaurant[];
}

/** An account answer of the API: a staff user, or a restaurant account (login, register, /api/auth/me). */
export interface ApiAccount {
  user?: ApiStaffUser;
  restaurant?: ApiRestaurantAccount;
}

/** The stored user of an account answer, with the token it goes with; null when the answer names no account. */
export function accountToStoredUser(account: ApiAccount, accessToken: string): StoredUser | null {
  if (account.restaurant) return restaurantToStoredUser(account.restaurant, accessToken);
  return account.user ? staffToStoredUser(account.user, accessToken) : null;
}

function staffToStoredUser(user: ApiStaffUser, accessToken: string): StoredUser {
  return {
    id: user.id,
    firstName: user.first_name ?? '',
    lastName: user.last_name ?? '',
    email: user.email,
    access_token: accessToken,
    role: isStaffRole(user.role) ? user.role : null,
    restaurantsWorksFor: (user.restaurant_ids ?? []).map((r) => r.restaurant_id),
    restaurants: [],
  };
}

function restaurantToStoredUser(account: ApiRestaurantAccount, accessToken: string): StoredUser {
  const restaurants = account.restaurants ?? [];
  return {
    id: account.id,
    firstName: account.name,
    lastName: '',
    email: account.email,
    access_token: accessToken,
    role: RESTAURANT_ROLE,
    restaurantsWorksFor: restaurants.map((r) => r.id),
    restaurants,
  };
}
