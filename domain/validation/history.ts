import { z } from 'zod';
import { HISTORY_ACTIONS, RECORD_KIND } from '../history';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACTION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The History list's filter, as react-admin sends it (`filter` as JSON). */
export const historyFilterSchema = z.object({
  who: z.string().trim().max(100).optional(),
  table: z.enum(Object.keys(RECORD_KIND) as [string, ...string[]]).optional(),
  record_id: z.string().regex(/^\d{1,10}(:\d{1,10})*$/).optional(),
  name: z.enum(HISTORY_ACTIONS).optional(),
  date_from: z.string().regex(DATE).optional(),
  date_to: z.string().regex(DATE).optional(),
});
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

/** react-admin's `range=[first,last]`; at most 100 actions a page. */
export const historyRangeSchema = z
  .tuple([z.number().int().min(0).max(10_000_000), z.number().int().min(0).max(10_000_000)])
  .refine(([first, last]) => last >= first && last - first < 100);

/** POST /api/history/{id}/undo's address: the action's id (isActionId checks it; any other answers 404). */
export const actionParamsSchema = z.object({
  id: z.string().meta({ format: 'uuid', pattern: ACTION_ID_PATTERN.source, description: 'The action’s request id, as the history lists it' }),
});

export const isActionId = (value: string) => ACTION_ID_PATTERN.test(value);
