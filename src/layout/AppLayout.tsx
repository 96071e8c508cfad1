import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { LiveFeed } from './LiveFeed';
import { ScrollToTop } from './ScrollToTop';

/** The shell of a logged-in user: top bar, drawer by role (temporary on a phone), live feed, scroll reset. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppBar} menu={AppMenu} appBarAlwaysOn sx={{ '& .RaLayout-content': { pt: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } } }}>
      <ScrollToTop />
      <LiveFeed />
      {children}
    </Layout>
  );
}
