import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Layout } from 'react-admin';
import { LOGIN_ERROR_URL } from '../../providers/authProvider';
import { wasLoggedOut } from '../../providers/session';
import { useStoredUser } from '../components/useStoredUser';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { LiveFeed } from './LiveFeed';
import { ScrollToTop } from './ScrollToTop';
import { UndoSnackbar } from './UndoSnackbar';
import { useAccessFollowsRole } from './useAccessFollowsRole';

/**
 * The shell of a logged-in user: top bar, drawer by role (temporary on a phone), live feed, scroll reset.
 * It is also the route guard: every route with a layout needs a stored user. The check is synchronous
 * (the user lives in localStorage), so the visitor is sent to /login exactly once; react-admin's own
 * asynchronous requireAuth logged out again on every navigation and piled up history entries.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  const location = useLocation();
  useAccessFollowsRole(user?.role);
  if (!user) {
    if (wasLoggedOut()) return <Navigate to="/login" replace />;
    return <Navigate to={LOGIN_ERROR_URL} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  return (
    <Layout appBar={AppBar} menu={AppMenu} appBarAlwaysOn sx={{ '& .RaLayout-content': { pt: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } } }}>
      <ScrollToTop />
      <LiveFeed />
      <UndoSnackbar />
      {children}
    </Layout>
  );
}
