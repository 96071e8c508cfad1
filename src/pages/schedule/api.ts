import { asArray, buildUrl, httpClient } from '../../../providers/httpClient';
import { inRange, rangeLength, type DateRange } from '../../../domain/ranges';
import { addDays } from '../../../domain/dates';
import type { ShiftRecord } from '../../../domain/shifts';
import { DRIVER_STATUS, RESTAURANT_STATUS } from '../../../domain/statuses';
import type { DriverPlaces, DriverWorkingTime } from '../../../domain/availability';
import { WORKING_TIME_CONFIRM_FIELD } from '../../../domain/workingTime';
import type { AttendanceLimits, AttendanceSheet } from '../../../domain/attendance';

/** The shift calls of spec 3, section 7, and the lists the boards read. */

export interface BoardDriver extends DriverWorkingTime, DriverPlaces {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  photo_src: string | null;
  status: number;
  /** Opted out of the 48-hour week. */
  working_time_opt_out?: boolean;
}

export interface BoardRestaurant {
  id: number;
  name: string;
  area_id: number;
  area: { id: number; name: string; standardPayRate: number; weekendPayRate: number };
  status: number;
  standard_pay: number | null;
  weekend_pay: number | null;
  invoice_comission: number | null;
  telephone?: string;
}

export interface ShiftListQuery {
  range: DateRange;
  ids?: number[];
}

/**
 * A range's shifts. A range longer than a week is asked for a week at a time, all at once: a month of every
 * location is 11 MB of JSON, and read as one answer its parse alone was a main-thread task of 60–120 ms; each
 * week's answer arrives, and is parsed, in a task of its own. The server keeps its lists by day, so the weeks
 * cost it no more than the month.
 */
export async function fetchShifts({ range, ids }: ShiftListQuery, signal?: AbortSignal): Promise<ShiftRecord[]> {
  if (ids) return fetchShiftPart(range, ids, signal);
  return (await Promise.all(shiftParts(range).map((part) => fetchShiftPart(part, undefined, signal)))).flat();
}

const PART_DAYS = 7;

/** The week-long parts a range's shifts are asked for in: one part for a range of a week or less. */
function shiftParts(range: DateRange): DateRange[] {
  if (rangeLength(range) <= PART_DAYS) return [range];
  const parts: DateRange[] = [];
  for (let from = range.from; from <= range.to; from = addDays(from, PART_DAYS)) {
    const to = addDays(from, PART_DAYS - 1);
    parts.push({ from, to: to < range.to ? to : range.to });
  }
  return parts;
}

const shiftPartQuery = (range: DateRange, ids?: number[]) => ({
  period_date_from: range.from,
  period_date_to: range.to,
  with_driver: 1,
  shift_ids: ids?.join(','),
});

async function fetchShiftPart(range: DateRange, ids: number[] | undefined, signal?: AbortSignal): Promise<ShiftRecord[]> {
  return asArray<ShiftRecord>(await httpClient('/api/shift', { query: shiftPartQuery(range, ids), signal }));
}


/**
 * The calls the board makes first on opening `range`, before it has drawn anything: its shifts, the restaurants of
 * its rows, and today's attendance when today is in view. A page load opening on the board starts them while the
 * app's code still loads (src/firstCalls.ts); the board's identical calls then take their answers.
 */
export function boardFirstCalls(range: DateRange, today: string): string[] {
  return [
    ...shiftParts(range).map((part) => buildUrl('/api/shift', shiftPartQuery(part))),
    buildUrl('/api/restaurant', { status: RESTAURANT_STATUS.active }),
    ...(inRange(today, range) ? [buildUrl('/api/shift/attendance', { date: today })] : []),
  ];
}

export const fetchDrivers = async (signal?: AbortSignal) => asArray<BoardDriver>(await httpClient('/api/driver', { query: { status: DRIVER_STATUS.active }, signal }));
export const fetchRestaurants = async (signal?: AbortSignal) =>
  asArray<BoardRestaurant>(await httpClient('/api/restaurant', { query: { status: RESTAURANT_STATUS.active }, signal }));
/** Options, read once per page and shared by the commission and fuel-rate readers. */
let optionsOnce: Promise<{ okey: string; ovalue: string }[]> | null = null;
export function fetchOptions(): Promise<{ okey: string; ovalue: string }[]> {
  optionsOnce ??= httpClient('/api/option').then((v) => asArray<{ okey: string; ovalue: string }>(v), (e) => {
    optionsOnce = null;
    throw e;
  });
  return optionsOnce;
}

export async function fetchCommissionDefault(): Promise<number> {
  const options = await fetchOptions();
  const value = Number(options.find((o) => o.okey === 'restaurants_standard_invoice_comission')?.ovalue);
  return Number.isFinite(value) ? value : 1.5;
}

export type ShiftPayload = Record<string, unknown>;

/** One shift as the board holds it, read anew (a dialog's Reload after someone changed it). */
export const fetchShift = (id: number) => httpClient<ShiftRecord>(`/api/shift/${id}`);
export const createShift = (body: ShiftPayload) => httpClient<ShiftRecord>('/api/shift', { method: 'POST', body });
export const updateShift = (id: number, body: ShiftPayload) => httpClient<ShiftRecord>(`/api/shift/${id}`, { method: 'PUT', body: { ...body, id } });
export const deleteShift = (id: number) => httpClient(`/api/shift/${id}`, { method: 'DELETE' });
export const publishShifts = (shiftIds: number[], pushDrivers: number) =>
  httpClient<ShiftRecord[]>('/api/shift/publish', { method: 'POST', body: { shift_ids: shiftIds, push_drivers: pushDrivers } });
export const unpublishShifts = (shiftIds: number[], pushDrivers: number) =>
  httpClient<ShiftRecord[]>('/api/shift/unpublish', { method: 'POST', body: { shift_ids: shiftIds, push_drivers: pushDrivers } });
export const removeShifts = (shiftIds: number[], pushDrivers: number) =>
  httpClient<{ removed: number[] }>('/api/shift/remove', { method: 'POST', body: { shift_ids: shiftIds, push_drivers: pushDrivers } });
export const copyShifts = (shiftIds: number[], toDate: string, fromDate: string, confirmed = false) =>
  httpClient<ShiftRecord[]>('/api/shift/copyshifts', {
    method: 'POST',
    body: { shift_ids: shiftIds, to_date: toDate, period_date_from: fromDate, [WORKING_TIME_CONFIRM_FIELD]: confirmed },
  });
export const cancelShift = (body: ShiftPayload) => httpClient<{ shift: ShiftRecord }>('/api/reporting/create', { method: 'POST', body });

export const createFreeShift = (body: ShiftPayload) => httpClient<ShiftRecord>('/api/shift/createFree', { method: 'POST', body });
export const updateFreeShift = (id: number, body: ShiftPayload) =>
  httpClient<ShiftRecord>(`/api/shift/updateFree/${id}`, { method: 'PUT', body: { ...body, id } });
export const removeFreeShift = (id: number) => httpClient(`/api/shift/removeFree/${id}`, { method: 'DELETE' });
export const copyFreeShifts = (shiftIds: number[], toDate: string, fromDate: string) =>
  httpClient<ShiftRecord[]>('/api/shift/copyShiftsFree', { method: 'POST', body: { shift_ids: shiftIds, to_date: toDate, period_date_from: fromDate } });
export const moderateFreeShifts = (shiftIds: number[]) => httpClient<ShiftRecord[]>('/api/shift/moderateFree', { method: 'POST', body: { shift_ids: shiftIds } });

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

/** Today's attendance facts (GET /api/shift/attendance): the limits and what each shift's timesheet says. */
export interface AttendanceAnswer {
  date: string;
  limits: AttendanceLimits;
  items: { shift_id: number; sheet: AttendanceSheet | null; covered_at?: string | null }[];
}
export const fetchAttendance = (date: string, signal?: AbortSignal) => httpClient<AttendanceAnswer>('/api/shift/attendance', { query: { date }, signal });
