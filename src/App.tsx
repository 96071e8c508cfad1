import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { authProvider } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { theme } from './layout/theme';
import { APP_NAME } from './components/brand';
import { LoginPage } from './pages/LoginPage';
import { RegistrationPage } from './pages/RegistrationPage';
import { HomePage } from './pages/HomePage';
import { SchedulePage } from './pages/schedule/SchedulePage';
import { RestaurantSchedulePage } from './pages/schedule/RestaurantScheduleBoard';
import { lazyPage } from './components/lazyPage';
import { useStoredUser } from './components/useStoredUser';
import { rootPath } from '../domain/navigation';
import { drivers } from '../resources/drivers';
import { restaurants } from '../resources/restaurants';

// The schedule boards are where users land, so they come with the app; every other screen is its own chunk,
// loaded when first opened (the news feed's rich-text editor and the spreadsheet library are most of the weight).
const NewsFeedPage = lazyPage(() => import('../resources/newsFeed/NewsFeedPage'), 'NewsFeedPage');
const AreasPage = lazyPage(() => import('../resources/areas'), 'AreasPage');
const OptionsPage = lazyPage(() => import('../resources/options'), 'OptionsPage');
const UsersPage = lazyPage(() => import('../resources/users'), 'UsersPage');
const InvoicesPage = lazyPage(() => import('../resources/invoices'), 'InvoicesPage');
const RestaurantInvoicesPage = lazyPage(() => import('../resources/invoices'), 'RestaurantInvoicesPage');
const ReportingPage = lazyPage(() => import('./pages/reporting'), 'ReportingPage');
const TimesheetPage = lazyPage(() => import('./pages/timesheets/TimesheetsPage'), 'TimesheetPage');
const HistoryPage = lazyPage(() => import('../resources/history'), 'HistoryPage');
const TimesheetRestaurantPage = lazyPage(() => import('./pages/timesheets/TimesheetsPage'), 'TimesheetRestaurantPage');

/** / leads to the news feed, or to a screen the account may open when it may not open that one. */
function RootRedirect() {
  return <Navigate to={rootPath(useStoredUser()?.role)} replace />;
}

/**
 * Every screen of the panel on one page. /login (loginPage) and /registration are public; every other route
 * needs a stored user, else the guard in AppLayout sends the user to /login?loginError=... .
 * BrowserRouter: the spec's routes are real paths (/login, /schedule), not react-admin's default hash routes;
 * the server answers index.html for them (history fallback).
 */
export function App() {
  return (
    <BrowserRouter>
      <Admin
        title={APP_NAME}
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        loginPage={LoginPage}
        layout={AppLayout}
        notification={AppNotification}
        theme={theme}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/registration" element={<RegistrationPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<RootRedirect />} />
          <Route path="/home" element={<HomePage />} />
          <Route path="/newsfeed" element={<NewsFeedPage />} />
          <Route path="/schedule" element={<SchedulePage />} />
          <Route path="/schedulerestaurant" element={<RestaurantSchedulePage />} />
          <Route path="/timesheet" element={<TimesheetPage />} />
          <Route path="/timesheetrestaurant" element={<TimesheetRestaurantPage />} />
          <Route path="/areas" element={<AreasPage />} />
          <Route path="/options" element={<OptionsPage />} />
          <Route path="/invoices" element={<InvoicesPage />} />
          <Route path="/invoicesrestaurant" element={<RestaurantInvoicesPage />} />
          <Route path="/users" element={<UsersPage />} />
          <Route path="/reporting" element={<ReportingPage />} />
          <Route path="/history" element={<HistoryPage />} />
        </CustomRoutes>
        <Resource {...drivers} />
        <Resource {...restaurants} />
      </Admin>
    </BrowserRouter>
  );
}
