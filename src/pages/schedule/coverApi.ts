import { httpClient } from '../../../providers/httpClient';
import type { CoverCandidate } from '../../../domain/cover';
import type { ShiftRecord } from '../../../domain/shifts';

/** GET /api/shift/:id/cover: the shift as it stands and the drivers who could take it now, best first. */
export interface CoverProposals {
  shift: { id: number; restaurant_name: string; period_date: string; start_time: string; finish_time: string; driver_name: string; attendance: string };
  candidates: CoverCandidate[];
}

export const fetchCoverProposals = (shiftId: number, signal?: AbortSignal) => httpClient<CoverProposals>(`/api/shift/${shiftId}/cover`, { signal });

export const coverShift = (shiftId: number, body: { driver_id: number; fee: string; comment: string }) =>
  httpClient<{ shift: ShiftRecord }>(`/api/shift/${shiftId}/cover`, { method: 'POST', body });
