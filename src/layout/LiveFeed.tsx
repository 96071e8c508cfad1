import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { hasStaffTools } from '../../domain/navigation';
import { RESTAURANT_ROLE } from '../../domain/roles';
import { refreshStoredUser } from '../../providers/authProvider';
import { onFeedError, startRealtime } from '../../providers/realtime';
import { useStoredUser } from '../components/useStoredUser';

/**
 * Session upkeep while the shell is shown: refreshes the stored profile once per token, opens the live feed for
 * administrators, managers and restaurant accounts (logout closes it), and turns feed exceptions into the global error.
 */
export function LiveFeed() {
  const user = useStoredUser();
  const notify = useNotify();
  const token = user?.access_token;
  const role = user?.role;

  useEffect(() => onFeedError((message) => notify(message, { type: 'error' })), [notify]);

  useEffect(() => {
    if (!token) return;
    refreshStoredUser().catch((error: { status?: number }) => {
      if (error?.status !== 401) console.warn('Could not refresh the account profile', error);
    });
  }, [token]);

  useEffect(() => {
    if (token && (hasStaffTools(role) || role === RESTAURANT_ROLE)) void startRealtime(token);
  }, [token, role]);

  return null;
}
