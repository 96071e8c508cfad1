import { useSyncExternalStore } from 'react';
import { getStoredUser, subscribeStoredUser, type StoredUser } from '../../providers/session';

/** The logged-in user as stored in localStorage, kept current when it changes (login, logout, refresh). */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeStoredUser, getStoredUser, () => null);
}
