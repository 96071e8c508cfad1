import type { ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  NotFound,
  localStorageStore,
  type AdminProps,
  type CatchAllComponent,
} from 'react-admin';

// react-admin's preferences (list columns, sidebar) kept in the browser, as <Admin> keeps them.
const store = localStorageStore();

type AppAdminProps = Pick<AdminProps, 'title' | 'authProvider' | 'dataProvider' | 'i18nProvider' | 'layout' | 'notification' | 'accessDenied' | 'theme'> & {
  children: ReactNode;
};

/**
 * react-admin's <Admin> without its login page. <Admin> brings its default login form (and with it the form
 * library and every input) into the app's first load even when `loginPage={false}`; the panel's login is the public
 * app's (src/PublicApp.tsx), so this is <Admin> as react-admin composes it (context, then the UI under CssBaseline
 * and the notification), with the same error, loading and not-found pages and no login page.
 */
export function AppAdmin({ title, authProvider, dataProvider, i18nProvider, layout, notification: Notification, accessDenied, theme, children }: AppAdminProps) {
  return (
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme} store={store}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title={title}
          layout={layout}
          loginPage={false}
          accessDenied={accessDenied}
          authenticationError={AuthenticationError}
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        {Notification && <Notification />}
      </CssBaseline>
    </AdminContext>
  );
}
