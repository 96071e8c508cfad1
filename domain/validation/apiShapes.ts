import { z } from 'zod';
import { FILES } from './responses';
import { driverProgressingSchema, driverSchema, driverStatusSchema, halfBoardSchema } from './driver';
import { shiftQuerySchema } from './shift';
import { APPROVE_LIST_MAX, timesheetSchema } from './timesheet';
import { listQuerySchema } from './listQuery';

/**
 * Request shapes of calls whose handler reads its input piece by piece rather than with one parser (a mode chosen by
 * the query, a multipart form with files, a list or its wrapper), written out once for the routes' declarations and
 * so for the API document. Each piece is still checked by the parser named beside it.
 */

/** GET /api/shift: shiftQuerySchema's range, and ?shift_ids= (read by the route's own parser). */
export const shiftsQuery = z.intersection(
  shiftQuerySchema,
  z.object({ shift_ids: z.string().optional().meta({ description: 'Comma-separated ids: only these shifts of the range' }) }),
);

/** GET /api/history: the filter and range as JSON texts (historyFilterSchema, historyRangeSchema). */
export const historyQuery = z.object({
  filter: z.string().optional().meta({ description: 'JSON: {"account_kind", "name", "table_name", "record_id", "from", "to"}' }),
  range: z.string().optional().meta({ description: 'JSON: [first, last], 0-based' }),
  sort: z.string().optional().meta({ description: 'JSON: ["at", "ASC" or "DESC"]; newest first when left out' }),
});

/** GET /api/driver: react-admin's list parameters, or the spec's status filter code (readDriverFilter). */
export const driverListQuery = listQuerySchema.extend({
  status: z.string().optional().meta({ description: 'The status filter: 30 every driver, 10 active (when left out), 20 inactive, 120 completed, 130 incomplete, 140 not progressing, 150 progressing' }),
  view: z
    .enum(['board'])
    .optional()
    .meta({ description: 'board: each driver with only what the boards read (names, e-mail, telephone, photo, status, opt-out, areas, restaurants and working times); not with paging' }),
});

/** GET /api/restaurant: react-admin's list parameters, or the spec's status (readRestaurantStatus). */
export const restaurantListQuery = listQuerySchema.extend({
  status: z.string().optional().meta({ description: '20: the inactive restaurants; the active ones otherwise' }),
  view: z
    .enum(['board'])
    .optional()
    .meta({ description: 'board: each restaurant with only what the boards read (id, name, status, area with its pay rates, own pay rates and commission); not with paging' }),
});

/** The driver app's range: timesheetRangeSchema's fields, each defaulting (the last week) when left out. */
export const driverRangeQuery = z.object({
  period_date_from: z.string().optional().meta({ description: 'YYYY-MM-DD; default a week ago' }),
  period_date_to: z.string().optional().meta({ description: 'YYYY-MM-DD; default tomorrow' }),
});

/** The driver app's news paging. */
export const newsPageQuery = z.object({ page: z.string().optional(), perPage: z.string().optional() });

/** GET /api/newsFeed: react-admin's list parameters, or the spec's paging (readPaging). */
export const newsListQuery = listQuerySchema.extend(newsPageQuery.shape);

/** POST /api/driver: the whole driver, or the half-board form. */
export const driverForm = z.union([driverSchema, halfBoardSchema]);

/** PUT /api/driver/{id}'s mode (spec 2, section 7): `progressing` first, then `inactive`, else the whole driver. */
export const driverModeQuery = z.object({
  inactive: z.enum(['true', 'false']).optional().meta({ description: 'true: set the status from the JSON body `{ status }` (10 active, 20 inactive)' }),
  progressing: z.enum(['true', 'false']).optional().meta({ description: 'true: set not_progressing from the JSON body `{ not_progressing }` (10 not progressing, 20 progressing)' }),
});
/** PUT /api/driver/{id}'s JSON bodies, one per mode. */
export const driverModeBody = z.union([driverStatusSchema, driverProgressingSchema]);

/** POST /api/timesheet/approve: the list itself (what the screens send), or `{ timesheets: [...] }`; 1 to APPROVE_LIST_MAX items. */
const approveList = z.array(timesheetSchema()).min(1).max(APPROVE_LIST_MAX);
export const approveBody = z.union([approveList, z.object({ timesheets: approveList })]);

const imageFile = { description: 'A picture file part (JPEG, PNG or WebP)' };
/** A multipart form: the schema's fields and a picture part. */
export const withFile = (schema: z.ZodType, name: string) => z.intersection(schema, z.object({ [name]: z.string().optional().meta(imageFile) }));

/** The import calls' multipart form. */
export const importForm = z.object({
  file: z.string().meta({ description: 'The CSV (`,` or `;`, UTF-8 with or without BOM) or .xlsx file' }),
  mapping: z.string().optional().meta({ description: 'JSON {field: column index or null}; guessed from the headers when left out' }),
});
/** The import calls' other answer: the rejected rows. */
export const importRejected = { ...FILES.csv, description: 'mode=rejected: the refused rows with an error column' };
