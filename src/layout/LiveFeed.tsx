import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { hasStaffTools } from '../../domain/navigation';
import { RESTAURANT_ROLE } from '../../domain/roles';
import { refreshStoredUser } from '../../providers/authProvider';
import { onFeedError, startRealtime } from '../../providers/realtime';
import { whenRequestsSettle } from '../../providers/requestsSettled';
import { useStoredUser } from '../components/useStoredUser';
import { useFirstScreenShown } from './firstScreen';

// The live feed starts once the first screen's API calls have come back and none followed for this long (the feed's
// code and connection are not part of drawing the screen), and at the latest this long after the shell appears.
const FEED_AFTER_QUIET_MS = 200;
const FEED_AT_MOST_AFTER_MS = 4000;

/**
 * Session upkeep while the shell is shown: refreshes the stored profile once per token, opens the live feed for
 * administrators, managers and restaurant accounts once the first screen is drawn (logout closes it), and turns feed
 * exceptions into the global error.
 */
export function LiveFeed() {
  const user = useStoredUser();
  const notify = useNotify();
  const token = user?.access_token;
  const role = user?.role;

  useEffect(() => onFeedError((message) => notify(message, { type: 'error' })), [notify]);

  // The profile's call follows the first screen's rows (firstScreen.ts): it changes nothing they show.
  const shellShown = useFirstScreenShown();
  useEffect(() => {
    if (!token || !shellShown) return;
    refreshStoredUser().catch((error: { status?: number }) => {
      if (error?.status !== 401) console.warn('Could not refresh the account profile', error);
    });
  }, [token, shellShown]);

  useEffect(() => {
    if (!token || !(hasStaffTools(role) || role === RESTAURANT_ROLE)) return;
    return whenRequestsSettle(() => void startRealtime(token), FEED_AFTER_QUIET_MS, FEED_AT_MOST_AFTER_MS);
  }, [token, role]);

  return null;
}
