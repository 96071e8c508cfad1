import type { z } from 'zod';
import { OWN_MSG } from '../messages';

/**
 * A finish equal to its start is no shift: only a finish before the start rolls into the next day (spec 3, sections
 * 5 and 9). Shift and timesheet forms and calls refuse it on the finish, as soon as both times read (a time's own
 * message comes first), whatever else the form still lacks.
 */
export function refuseEqualTimes<T extends z.ZodType<{ start_time: string; finish_time: string }>>(schema: T): T {
  return schema.refine((v) => v.start_time !== v.finish_time, {
    path: ['finish_time'],
    message: OWN_MSG.finishEqualsStart,
    when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'start_time' || i.path?.[0] === 'finish_time'),
  });
}
