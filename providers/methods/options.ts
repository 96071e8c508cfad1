import type { PushMessageInput, PushMessageResult } from '../../domain/validation/pushMessage';
import { httpClient } from '../httpClient';

/** The options screen's own call; options themselves are read and saved by the standard methods. */
export const optionMethods = {
  /** POST /api/driver-message (spec 1, section 7). */
  sendPushMessage: (body: PushMessageInput) => httpClient<PushMessageResult>('/api/driver-message', { method: 'POST', body }),
};
