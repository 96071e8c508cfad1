/** An option as GET /api/option answers it (spec 1, section 3). */
export interface OptionRecord {
  id: number;
  okey: string;
  ovalue: string;
  description: string;
}

import { OPTION_CHANNEL } from '../../domain/channels';
export { OPTION_CHANNEL };
