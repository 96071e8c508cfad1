import { useEffect, useRef } from 'react';
import { useDataProvider, type DataProvider, type GetListParams, type GetListResult, type RaRecord } from 'react-admin';
import { recordMethods } from './methods/records';
import { HISTORY, historyList, historyMethods } from './methods/history';
import { alertMethods } from './methods/alerts';
import { calendarFeedMethods } from './methods/calendarFeeds';
import { driverMethods } from './methods/drivers';
import { importMethods } from './methods/imports';
import { invoiceMethods } from './methods/invoices';
import { newsFeedMethods } from './methods/newsFeed';
import { optionMethods } from './methods/options';
import { reportMethods } from './methods/reports';
import { restaurantMethods } from './methods/restaurants';
import { freeShiftMethods } from './methods/freeShifts';
import { shiftMethods } from './methods/shifts';
import { timesheetMethods } from './methods/timesheets';
import { userMethods } from './methods/users';

/**
 * The one data provider of the app: react-admin's standard methods over the spec's API (methods/records.ts), and
 * beside them the calls a screen makes that are not a record's read or write (an approval, a status switch, an
 * e-mail, a report), one file per resource under methods/. Screens reach it through react-admin's
 * `useDataProvider` (useAppDataProvider below) so its failures pass react-admin's log-out check like every list's.
 */
export const dataProvider = {
  ...recordMethods,
  ...historyMethods,
  ...alertMethods,
  ...calendarFeedMethods,
  ...driverMethods,
  ...restaurantMethods,
  ...invoiceMethods,
  ...importMethods,
  ...newsFeedMethods,
  ...optionMethods,
  ...userMethods,
  ...timesheetMethods,
  ...reportMethods,
  ...shiftMethods,
  ...freeShiftMethods,

  // History pages in its own way (methods/history.ts): its range and filters only, and no total past the cap.
  getList<T extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<T>> {
    return (resource === HISTORY ? historyList(params) : recordMethods.getList(resource, params)) as Promise<GetListResult<T>>;
  },
} satisfies DataProvider;

export type AppDataProvider = typeof dataProvider;

/** The data provider with the app's own methods, typed. */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();

/**
 * The data provider for a screen's effects: react-admin hands out a new provider object when the path changes, and an
 * effect that named it would read its list again; the latest is kept here for the effect to call.
 */
export function useDataProviderRef() {
  const dataProvider = useAppDataProvider();
  const ref = useRef(dataProvider);
  useEffect(() => {
    ref.current = dataProvider;
  }, [dataProvider]);
  return ref;
}
