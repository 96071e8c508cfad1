import { z } from 'zod';

/** GET /api/shift/attendance?date=: the day (today when left out). */
export const attendanceQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d\d-\d\d$/, 'Date must be a date like 2026-11-29')
    .optional(),
});

/** Its answer: the day, the late and no-show limits, each shift's attendance. */
export const attendanceResponse = z.looseObject({
  date: z.string(),
  limits: z.looseObject({ lateMinutes: z.number(), noShowMinutes: z.number() }),
  items: z.array(z.looseObject({ shift_id: z.number(), covered_at: z.string().nullable().meta({ description: 'When the shift was covered today (ISO 8601), else null: lateness counts from it' }), attendance: z.looseObject({ kind: z.string() }).nullable() })),
});
