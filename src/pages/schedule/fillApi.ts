import { httpClient } from '../../../providers/httpClient';
import type { DateRange } from '../../../domain/ranges';
import type { ShiftRecord } from '../../../domain/shifts';
import type { FillFailure, FillProposalsAnswer } from '../../../domain/planner';
import type { LocationSelection } from '../../components/LocationPicker';

/** The planning assistant's calls: proposals for what the board shows, and the ticked lines applied. */

export function fetchFillProposals(range: DateRange, location: LocationSelection | null): Promise<FillProposalsAnswer> {
  return httpClient<FillProposalsAnswer>('/api/shift/fill-proposals', {
    method: 'POST',
    body: {
      period_date_from: range.from,
      period_date_to: range.to,
      area_id: location?.type === 'area' ? location.id : undefined,
      restaurant_id: location?.type === 'restaurant' ? location.id : undefined,
    },
  });
}

export function applyFill(lines: { shift_id: number; driver_id: number }[]): Promise<{ assigned: ShiftRecord[]; failed: FillFailure[] }> {
  return httpClient('/api/shift/fill', { method: 'POST', body: { lines } });
}
