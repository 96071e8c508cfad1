import { londonToday } from '../../../domain/dates';
import { canOpen } from '../../../domain/navigation';
import { INTERVAL, INTERVALS, inRange, intervalOfAddress, rangeOfAddress, type DateRange } from '../../../domain/ranges';
import { isWaitingEarly } from '../../../providers/earlyCalls';
import { startEarly } from '../../../providers/earlyStart';
import { getStoredUser } from '../../../providers/session';
import { ACTIVE_RESTAURANTS_URL, attendanceUrl, shiftListUrls } from '../../../providers/methods/boardUrls';

/** What the board asks first on a page load, and how it reads the shift calls' refusals (the calls: providers/methods/shifts.ts). */

/**
 * The calls the board makes first on opening `range`, before it has drawn anything: the restaurants of its rows, its
 * shifts, and today's attendance when today is in view. A page load opening on the board starts them while the
 * app's code still loads (the board's first view, preview/); the board's identical calls then take their answers.
 * The restaurants go first: no row is drawn without them, and the server builds their answer on each call, where
 * the shifts' days are mostly kept (server/services/dayLists.ts).
 */
export function boardFirstCalls(range: DateRange, today: string): string[] {
  return [
    ACTIVE_RESTAURANTS_URL,
    ...shiftListUrls(range),
    ...(inRange(today, range) ? [attendanceUrl(today)] : []),
  ];
}

/**
 * Opened inside the app (the menu, a link, Back): the board's first calls leave as its route first renders, and travel
 * while the shell and the board render, instead of after them. Those a page load's first view started, still
 * waiting for the board, are not asked again.
 */
export function startBoardCalls(search: string, today = londonToday()): void {
  const user = getStoredUser();
  if (!user || !canOpen(user.role, '/schedule')) return;
  const range = boardRangeOfAddress(new URLSearchParams(search), today);
  for (const url of boardFirstCalls(range, today)) if (!isWaitingEarly(url)) startEarly(url);
}

/**
 * Starts a range's shift calls as the user presses Next, Previous or another range, before the page renders the
 * new address; the board's identical calls, made once it has, take their answers (providers/earlyCalls.ts).
 */
export function askShiftsEarly(range: DateRange): void {
  for (const url of shiftListUrls(range)) startEarly(url);
}

/** The range the board's address asks for, read as the board reads it (components/range): a week by default. */
export function boardRangeOfAddress(address: URLSearchParams, today: string): DateRange {
  const asked = { interval: address.get('interval'), from: address.get('from'), to: address.get('to') };
  return rangeOfAddress(asked, intervalOfAddress(asked, INTERVAL.week, INTERVALS), today);
}

/** A bulk call's refusal: the summary the client shows and which shifts failed and why. */
export interface BulkFailure {
  id: number;
  period_date: string | null;
  errors: Record<string, string[]>;
  /** A refused publish names its shift. */
  shift?: { restaurant_id: number; restaurant_name: string | null; driver_id: number | null; driver_name: string | null; start_time: string; finish_time: string };
}

export function bulkFailures(error: unknown): BulkFailure[] | null {
  const body = (error as { body?: { fail?: unknown } })?.body;
  return body && Array.isArray(body.fail) ? (body.fail as BulkFailure[]) : null;
}

/** What a refused shift call (409) asks the user to confirm: clashes with the driver's other shifts, working-time rules. */
export interface SaveWarnings {
  clashes: string[];
  rules: string[];
}

const texts = (list: unknown): string[] => (Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : []);

/** The warnings of a refused shift call (409), which the user may confirm; null for other errors. */
export function saveWarnings(error: unknown): SaveWarnings | null {
  const { status, body } = (error ?? {}) as { status?: number; body?: { working_time?: unknown; clashes?: unknown } };
  if (status !== 409 || !(Array.isArray(body?.working_time) || Array.isArray(body?.clashes))) return null;
  return { clashes: texts(body?.clashes), rules: texts(body?.working_time) };
}

/** Every warning of a refused shift call (409) in one list, clashes first; null for other errors. */
export function workingTimeWarnings(error: unknown): string[] | null {
  const warnings = saveWarnings(error);
  return warnings && [...warnings.clashes, ...warnings.rules];
}

export function errorText(error: unknown, fallback: string): string {
  return (error as Error)?.message || fallback;
}
