import { memo, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorPage, Loading, Sidebar, SkipNavigationButton } from 'react-admin';
import { Box } from '@mui/material';
import { useStoredUser } from '../components/useStoredUser';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { useFirstScreenShown } from './firstScreen';
import { LiveFeed } from './LiveFeed';
import { ScrollToTop } from './ScrollToTop';
import { useAccessFollowsRole } from './useAccessFollowsRole';

// react-admin's class names, so its pages (lists, forms) and the theme's overrides find the frame they expect.
const FRAME = 'RaLayout-appFrame';
const WITH_SIDEBAR = 'RaLayout-contentWithSidebar';
const CONTENT = 'RaLayout-content';

// The frame of react-admin's layout, except that it keeps the screen's width: react-admin's grows to its widest
// content (min-width: fit-content), which on a phone scrolls the whole page sideways; here wide tables scroll inside
// their own boxes.
const SHELL = {
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  bgcolor: 'background.default',
  position: 'relative',
  width: '100%',
  minWidth: 0,
  [`& .${FRAME}`]: { display: 'flex', flexDirection: 'column', flexGrow: 1, mt: { xs: 7, sm: 6 }, minWidth: 0 },
  [`& .${WITH_SIDEBAR}`]: { display: 'flex', flexGrow: 1, minWidth: 0 },
  [`& .${CONTENT}`]: {
    bgcolor: 'background.default',
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    pt: { xs: 1, sm: 2 },
    px: { xs: 1, sm: 2 },
  },
  '& .RaList-main': { minWidth: 0 },
} as const;

/**
 * The top bar and the drawer take no props, so a change of address (the board's Next, a filter in the URL) does not
 * draw them again; the parts that follow the address (the menu's active entry) still do, on their own.
 */
const TopBar = memo(AppBar);

const SideMenu = memo(function SideMenu() {
  // The drawer keeps its width from the start, so the screen beside it is laid out once; its entries follow the
  // first screen's rows (firstScreen.ts).
  const shellShown = useFirstScreenShown();
  return <Sidebar appBarAlwaysOn>{shellShown && <AppMenu />}</Sidebar>;
});

/**
 * The shell of a logged-in user: top bar, drawer by role (temporary on a phone), live feed, scroll reset, and the
 * screen under an error boundary. react-admin's parts (Sidebar, Menu, AppBar, the error page) composed as its
 * <Layout> composes them, without the preferences inspector <Layout> mounts and this app never opens.
 * The route guard is src/Root.tsx's (synchronous: the user lives in localStorage), which unmounts the app when the
 * user goes; until that render, nothing is drawn for nobody.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  useAccessFollowsRole(user?.role);
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  if (!user) return null;
  return (
    <Box className="layout" sx={SHELL}>
      <SkipNavigationButton />
      <div className={FRAME}>
        <TopBar />
        <main className={WITH_SIDEBAR}>
          <SideMenu />
          <div id="main-content" className={CONTENT}>
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error, resetErrorBoundary }) => <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />}
            >
              <Suspense fallback={<Loading />}>
                <ScrollToTop />
                <LiveFeed />
                {children}
              </Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Box>
  );
}
