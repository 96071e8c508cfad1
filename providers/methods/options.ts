import type { OptionRow } from '../../domain/shiftCalls';
import type { PushMessageInput, PushMessageResult } from '../../domain/validation/pushMessage';
import { asArray, httpClient } from '../httpClient';

/** The options screen's own call; options themselves are read and saved by the standard methods. */
export const optionMethods = {
  /** GET /api/option, every option's key and value: the boards' commission, fuel rates and working-time limits. */
  getOptionRows: async (signal?: AbortSignal) => asArray<OptionRow>(await httpClient('/api/option', { signal })),

  /** POST /api/driver-message (spec 1, section 7). */
  sendPushMessage: (body: PushMessageInput) => httpClient<PushMessageResult>('/api/driver-message', { method: 'POST', body }),
};
