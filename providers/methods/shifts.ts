import type { DateRange } from '../../domain/ranges';
import type {
  AttendanceAnswer, CancellationBody, CoverBody, CoverProposals, FillAnswer, FillLine, FillProposalsBody, ShiftAnswer, ShiftBody, ShiftListQuery,
} from '../../domain/shiftCalls';
import type { FillProposalsAnswer } from '../../domain/planner';
import type { ShiftRecord } from '../../domain/shifts';
import { WORKING_TIME_CONFIRM_FIELD } from '../../domain/workingTime';
import { httpClient } from '../httpClient';
import { rowsOfBlocks } from '../../domain/rowBlocks';
import { attendanceUrl, shiftParts, shiftPartQuery } from './boardUrls';

async function getShiftPart(range: DateRange, ids: number[] | undefined, signal?: AbortSignal): Promise<ShiftRecord[]> {
  return rowsOfBlocks<ShiftRecord>(await httpClient('/api/shift', { query: shiftPartQuery(range, ids), signal }));
}

/** Bulk calls name their shifts and whether to notify the drivers (push_drivers 10) or not (20). */
const bulkBody = (shiftIds: number[], pushDrivers: number) => ({ shift_ids: shiftIds, push_drivers: pushDrivers });

/** The admin board's shift calls (spec 3, section 7), its attendance, the cover and the planning assistant. */
export const shiftMethods = {
  /**
   * A range's shifts. A range longer than a week is asked for a week at a time, all at once: a month of every
   * location is 11 MB of JSON, and read as one answer its parse alone was a main-thread task of 60–120 ms; each
   * week's answer arrives, and is parsed, in a task of its own. The server keeps its lists by day, so the weeks
   * cost it no more than the month. With `ids`, only those shifts of the range, in one call.
   */
  async getShifts({ range, ids }: ShiftListQuery, signal?: AbortSignal): Promise<ShiftRecord[]> {
    if (ids) return getShiftPart(range, ids, signal);
    return (await Promise.all(shiftParts(range).map((part) => getShiftPart(part, undefined, signal)))).flat();
  },

  /**
   * Has the server ready a range's shift lists, as getShifts would ask them, without their answer: HEAD, which the
   * server answers as it answers GET, building and keeping the range's lists by day (server/services/dayLists.ts),
   * but sends no body. The board warms the ranges either side of the one shown, so Next and Previous are answered
   * from kept lists. One week's part at a time: on the embedded database each part's first build holds the one
   * connection for a few hundred milliseconds at a few hundred restaurants, and a user's own call waits for no more.
   */
  async warmShifts(range: DateRange, signal?: AbortSignal): Promise<void> {
    for (const part of shiftParts(range)) {
      if (signal?.aborted) return;
      await httpClient('/api/shift', { method: 'HEAD', query: shiftPartQuery(part), signal });
    }
  },

  /** One shift as it is now (a dialog's Reload after someone changed it). */
  getShift: (id: number) => httpClient<ShiftRecord>(`/api/shift/${id}`),
  createShift: (body: ShiftBody) => httpClient<ShiftRecord>('/api/shift', { method: 'POST', body }),
  updateShift: (id: number, body: ShiftBody) => httpClient<ShiftRecord>(`/api/shift/${id}`, { method: 'PUT', body: { ...body, id } }),
  deleteShift: (id: number) => httpClient(`/api/shift/${id}`, { method: 'DELETE' }),

  publishShifts: (shiftIds: number[], pushDrivers: number) =>
    httpClient<ShiftRecord[]>('/api/shift/publish', { method: 'POST', body: bulkBody(shiftIds, pushDrivers) }),
  unpublishShifts: (shiftIds: number[], pushDrivers: number) =>
    httpClient<ShiftRecord[]>('/api/shift/unpublish', { method: 'POST', body: bulkBody(shiftIds, pushDrivers) }),
  removeShifts: (shiftIds: number[], pushDrivers: number) =>
    httpClient<{ removed: number[] }>('/api/shift/remove', { method: 'POST', body: bulkBody(shiftIds, pushDrivers) }),
  /** Copies to the range from `toDate`; `confirmed` once the user accepted the working-time warnings of a first try. */
  copyShifts: (shiftIds: number[], toDate: string, fromDate: string, confirmed = false) =>
    httpClient<ShiftRecord[]>('/api/shift/copyshifts', {
      method: 'POST',
      body: { shift_ids: shiftIds, to_date: toDate, period_date_from: fromDate, [WORKING_TIME_CONFIRM_FIELD]: confirmed },
    }),

  /** Cancel Shift: the driver taken off with the cancellation fee (POST /api/reporting/create). */
  cancelShift: (body: CancellationBody) => httpClient<ShiftAnswer>('/api/reporting/create', { method: 'POST', body }),

  /** GET /api/shift/attendance: today's attendance facts of the shifts the account may see. */
  getAttendance: (date: string, signal?: AbortSignal) => httpClient<AttendanceAnswer>(attendanceUrl(date), { signal }),

  /** GET /api/shift/{id}/cover: the shift as it stands and the drivers who could take it now. */
  getCoverProposals: (shiftId: number, signal?: AbortSignal) => httpClient<CoverProposals>(`/api/shift/${shiftId}/cover`, { signal }),
  coverShift: (shiftId: number, body: CoverBody) => httpClient<ShiftAnswer>(`/api/shift/${shiftId}/cover`, { method: 'POST', body }),

  /** The planning assistant: proposals for what the board shows, and the ticked lines applied. */
  getFillProposals: (body: FillProposalsBody) => httpClient<FillProposalsAnswer>('/api/shift/fill-proposals', { method: 'POST', body }),
  applyFill: (lines: FillLine[]) => httpClient<FillAnswer>('/api/shift/fill', { method: 'POST', body: { lines } }),
};
