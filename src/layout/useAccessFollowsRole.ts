import { useEffect, useRef } from 'react';
import { useRefresh } from 'react-admin';
import type { PanelRole } from '../../domain/roles';

/**
 * react-admin caches `canAccess` answers by resource and action, not by account: when the stored role changes
 * (an administrator gave this account a role, or another account logged in without a full log-out), every cached
 * answer is refetched so the menu, routes and buttons follow the new role.
 */
export function useAccessFollowsRole(role: PanelRole | null | undefined) {
  const refresh = useRefresh();
  const seen = useRef(role);
  useEffect(() => {
    if (seen.current === role) return;
    seen.current = role;
    refresh();
  }, [role, refresh]);
}
