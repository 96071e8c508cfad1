import { canOpen } from '../../../domain/navigation';
import { londonToday } from '../../../domain/dates';
import { INTERVAL, INTERVALS, intervalOfAddress, rangeOfAddress, type DateRange } from '../../../domain/ranges';
import { startEarly } from '../../../providers/earlyStart';
import { buildUrl } from '../../../providers/httpClient';
import { getStoredUser } from '../../../providers/session';

/** As long as an early answer is kept for its taker (providers/earlyCalls.ts). */
const EARLY_KEPT_MS = 10_000;
/** When each of the screen's first calls was last started early. */
const started = new Map<string, number>();

/** A range's timesheets, as the screen asks for them (providers/methods/timesheets.ts). */
const timesheetsUrl = (range: DateRange) => buildUrl('/api/timesheet', { period_date_from: range.from, period_date_to: range.to });

/**
 * The calls /timesheet opens with, for the range in its address as the screen reads it (components/range): the
 * range's timesheets (useTimesheetList.ts) and the options (useTimesheetOptions.ts). A call started early in the
 * last few seconds, whose answer may still be waiting for the screen, is left out: started twice, the server
 * would be asked twice for a week of timesheets and the screen would take only one of the answers.
 */
export function timesheetFirstCalls(address: URLSearchParams): string[] {
  const asked = { interval: address.get('interval'), from: address.get('from'), to: address.get('to') };
  const range = rangeOfAddress(asked, intervalOfAddress(asked, INTERVAL.week, INTERVALS), londonToday());
  const urls = [timesheetsUrl(range), '/api/option'];
  const now = performance.now();
  return urls.filter((url) => {
    if (now - (started.get(url) ?? -Infinity) < EARLY_KEPT_MS) return false;
    started.set(url, now);
    return true;
  });
}

/**
 * Opened inside the app (the menu, a link, Back): starts the screen's calls as the address changes, so the week's
 * timesheets travel while the screen's code loads and its first render runs, instead of after them. A page load
 * opening here has started them already (src/firstCalls.ts).
 */
export function startTimesheetCalls(search: string): void {
  const user = getStoredUser();
  if (!user || !canOpen(user.role, '/timesheet')) return;
  for (const url of timesheetFirstCalls(new URLSearchParams(search))) startEarly(url);
}

/**
 * Next, Previous or another range pressed: the new range's timesheets leave at the press, and travel while the page
 * renders the new address; the screen's identical call, once it has, takes their answer.
 */
export function askTimesheetsEarly(range: DateRange): void {
  startEarly(timesheetsUrl(range));
}

/** Tests start each case afresh: no call counts as started. */
export function forgetStartedTimesheetCalls(): void {
  started.clear();
}
