import { CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { AppAdmin } from './layout/AppAdmin';
import { SchedulePage } from './pages/schedule/SchedulePage';
import { lazyPage } from './components/lazyPage';
import { TimesheetPage, TimesheetRestaurantPage } from './pages/timesheets/lazy';
import { useStoredUser } from './components/useStoredUser';
import { rootPath } from '../domain/navigation';
import { drivers } from '../resources/drivers';
import { restaurants } from '../resources/restaurants';
import { users } from '../resources/users';
import { options } from '../resources/options';
import { invoices, RestaurantInvoicesPage } from '../resources/invoices';
import { areas } from '../resources/areas';
import { newsFeed } from '../resources/newsFeed';

// The staff board is where most users land, so it comes with the app; every other screen is its own chunk,
// loaded when first opened (the news feed's rich-text editor and the spreadsheet library are most of the weight).
const HomePage = lazyPage(() => import('./pages/HomePage'), 'HomePage');
const RestaurantSchedulePage = lazyPage(() => import('./pages/schedule/RestaurantScheduleBoard'), 'RestaurantSchedulePage');
const ReportingPage = lazyPage(() => import('./pages/reporting'), 'ReportingPage');
const HistoryPage = lazyPage(() => import('../resources/history'), 'HistoryPage');

/** / leads to the news feed, or to a screen the account may open when it may not open that one. */
function RootRedirect() {
  return <Navigate to={rootPath(useStoredUser()?.role)} replace />;
}

/**
 * Every screen of a logged-in account on one page, under src/Root.tsx's router; /login and /registration are
 * src/PublicApp.tsx's (no login page in src/layout/AppAdmin.tsx: react-admin's redirects to /login land there).
 */
export function App() {
  return (
    <AppAdmin>
      <CustomRoutes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/schedule" element={<SchedulePage />} />
        <Route path="/schedulerestaurant" element={<RestaurantSchedulePage />} />
        <Route path="/timesheet" element={<TimesheetPage />} />
        <Route path="/timesheetrestaurant" element={<TimesheetRestaurantPage />} />
        <Route path="/invoicesrestaurant" element={<RestaurantInvoicesPage />} />
        <Route path="/reporting" element={<ReportingPage />} />
        <Route path="/history" element={<HistoryPage />} />
      </CustomRoutes>
      {/* The record kinds as react-admin resources, on the spec's paths (each folder's index.ts). */}
      <Resource {...drivers} />
      <Resource {...restaurants} />
      <Resource {...invoices} />
      <Resource {...options} />
      <Resource {...users} />
      <Resource {...areas} />
      <Resource {...newsFeed} />
    </AppAdmin>
  );
}
