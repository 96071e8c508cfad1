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
  type CatchAllComponent,
} from 'react-admin';
import { authProvider } from '../../providers/authProvider';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { APP_NAME } from '../components/brand';
import { AccessDenied } from '../components/RoleGate';
import { AppLayout } from './AppLayout';
import { AppNotification } from './AppNotification';
import { theme } from './theme';

// react-admin's preferences (list columns, sidebar) kept in the browser, as <Admin> keeps them.
const store = localStorageStore();

/**
 * react-admin's <Admin> without its login page. <Admin> brings its default login form (and with it the form
 * library and every input) into the app's first load even when `loginPage={false}`; the panel's login is the public
 * app's (src/PublicApp.tsx), so this is <Admin> as react-admin composes it (context, then the UI under CssBaseline
 * and the notification), with the same error, loading and not-found pages and no login page. It wires the panel's
 * one set of providers, layout, notification and theme, so the app declares only its routes and resources.
 */
export function AppAdmin({ children }: { children: ReactNode }) {
  return (
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme} store={store}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title={APP_NAME}
          layout={AppLayout}
          loginPage={false}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          catchAll={NotFound as CatchAllComponent}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        <AppNotification />
      </CssBaseline>
    </AdminContext>
  );
}
