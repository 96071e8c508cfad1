import type { FreeShiftBody } from '../../domain/shiftCalls';
import type { ShiftRecord } from '../../domain/shifts';
import { httpClient } from '../httpClient';

/** A restaurant account's own open shifts (spec 3, section 7): drafts it writes, copies and sends to moderation. */
export const freeShiftMethods = {
  createFreeShift: (body: FreeShiftBody) => httpClient<ShiftRecord>('/api/shift/createFree', { method: 'POST', body }),
  updateFreeShift: (id: number, body: FreeShiftBody) => httpClient<ShiftRecord>(`/api/shift/updateFree/${id}`, { method: 'PUT', body: { ...body, id } }),
  removeFreeShift: (id: number) => httpClient(`/api/shift/removeFree/${id}`, { method: 'DELETE' }),
  copyFreeShifts: (shiftIds: number[], toDate: string, fromDate: string) =>
    httpClient<ShiftRecord[]>('/api/shift/copyShiftsFree', { method: 'POST', body: { shift_ids: shiftIds, to_date: toDate, period_date_from: fromDate } }),
  moderateFreeShifts: (shiftIds: number[]) => httpClient<ShiftRecord[]>('/api/shift/moderateFree', { method: 'POST', body: { shift_ids: shiftIds } }),
};
