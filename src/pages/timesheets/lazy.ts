import { lazyPage } from '../../components/lazyPage';

/**
 * The timesheet screens' code, a chunk of its own: the app's routes load it when first opened, and a page load
 * opening on it starts it alongside the app's code (src/firstCalls.ts).
 */
export const TimesheetPage = lazyPage(() => import('./TimesheetsPage'), 'TimesheetPage');
export const TimesheetRestaurantPage = lazyPage(() => import('./TimesheetsPage'), 'TimesheetRestaurantPage');
