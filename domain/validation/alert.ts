import { z } from 'zod';
import { ALERT_STATUS } from '../statuses';

/** PUT /api/alert/{id}: read or unread. */
export const alertUpdateSchema = z.object({
  status: z.union([z.literal(ALERT_STATUS.unread), z.literal(ALERT_STATUS.read)], {
    error: 'Status must be 10 (unread) or 20 (read)',
  }),
});
