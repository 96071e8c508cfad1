import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useStoredUser } from '../components/useStoredUser';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { LiveFeed } from './LiveFeed';
import { ScrollToTop } from './ScrollToTop';
import { UndoSnackbar } from './UndoSnackbar';
import { useAccessFollowsRole } from './useAccessFollowsRole';

// react-admin's layout grows to its widest content (min-width: fit-content), which on a phone scrolls the whole page
// sideways; here the page keeps the screen's width and wide tables scroll inside their own boxes.
const NARROW_SCREENS = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaLayout-content': { pt: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } },
};

/**
 * The shell of a logged-in user: top bar, drawer by role (temporary on a phone), live feed, scroll reset.
 * The route guard is src/Root.tsx's (synchronous: the user lives in localStorage), which unmounts the app when the
 * user goes; until that render, nothing is drawn for nobody.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  useAccessFollowsRole(user?.role);
  if (!user) return null;
  return (
    <Layout appBar={AppBar} menu={AppMenu} appBarAlwaysOn sx={NARROW_SCREENS}>
      <ScrollToTop />
      <LiveFeed />
      <UndoSnackbar />
      {children}
    </Layout>
  );
}
