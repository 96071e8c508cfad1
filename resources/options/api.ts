import { httpClient } from '../../providers/httpClient';
import type { PushMessageResult } from '../../domain/validation/pushMessage';

export interface PushMessageBody {
  title: string;
  body: string;
  area_ids: number[];
  restaurant_ids: number[];
  notify_status: number | null;
  driver_ids: number[];
}

/** POST /api/driver-message (spec 1, section 7). */
export function sendPushMessage(body: PushMessageBody): Promise<PushMessageResult> {
  return httpClient<PushMessageResult>('/api/driver-message', { method: 'POST', body });
}
