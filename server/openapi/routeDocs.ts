import { z } from 'zod';
import { FILES, RESPONSES, type FileResponse } from '../../domain/validation/responses';
import { loginSchema, registerSchema } from '../../domain/validation/auth';
import { userSchema, credentialsEmailSchema } from '../../domain/validation/user';
import { areaListQuerySchema, areaSchema, areaUpdateSchema } from '../../domain/validation/area';
import { optionUpdateSchema } from '../../domain/validation/option';
import { pushMessageSchema } from '../../domain/validation/pushMessage';
import {
  bulkShiftSchema,
  copySchema,
  freeShiftSchema,
  moderateSchema,
  publishSchema,
  shiftQuerySchema,
  shiftSchema,
  shiftUpdateSchema,
} from '../../domain/validation/shift';
import { fillApplySchema, fillProposalsSchema } from '../../domain/validation/fill';
import { cancellationSchema } from '../../domain/validation/cancellation';
import { APPROVE_LIST_MAX, driverTimesheetSchema, timesheetRangeSchema, timesheetSchema } from '../../domain/validation/timesheet';
import {
  restaurantCredentialsEmailSchema,
  restaurantProfileSchema,
  restaurantSchema,
  restaurantStatusSchema,
  restaurateurSchema,
} from '../../domain/validation/restaurant';
import { driverProgressingSchema, driverSchema, driverStatusSchema, halfBoardSchema } from '../../domain/validation/driver';
import { workingTimesSchema } from '../../domain/validation/workingTimes';
import { invoiceCheckSchema, invoiceGenerateSchema, paymentsQuerySchema } from '../../domain/validation/invoice';
import { periodQuerySchema } from '../../domain/validation/period';
import { newsPostSchema, postPinnedSchema, postStatusSchema } from '../../domain/validation/newsFeed';
import { replySchema } from '../../domain/validation/reply';
import { listQuerySchema } from '../../domain/validation/listQuery';
import { importQuerySchema } from '../../domain/validation/imports';
import { ACTION_ID_PATTERN } from '../../domain/validation/history';
import { alertUpdateSchema } from '../../domain/validation/alert';
import { attendanceQuerySchema, attendanceResponse } from '../../domain/validation/shiftAttendance';
import { broadcastingAuthSchema } from '../plugins/realtime';

/**
 * What each route takes and answers, by the zod schemas its handler parses with (the same objects, imported) and
 * the answer schemas of domain/validation/responses.ts. Path parameters come from the route's address, and who may
 * call it from its access check (the route table), so neither is written here. tests/server/openapi.test.ts fails
 * for a route of the server missing here, and checks real answers against `response`.
 */
export interface RouteDoc {
  summary: string;
  query?: z.ZodType;
  /** A JSON (or form-encoded) body. */
  body?: z.ZodType;
  /** A multipart/form-data body (forms with pictures or files): its fields. */
  form?: z.ZodType;
  /** The answer on success: a JSON schema, or a file's content type. */
  response: z.ZodType | FileResponse;
  /** Another answer of the same status, as a file (a mode that answers a download). */
  files?: FileResponse;
  /** The success status, when not 200. */
  status?: number;
  /** Path parameters that are not record ids (which the document gives as integers): their JSON Schema. */
  params?: Record<string, Record<string, unknown>>;
  /** More than the summary: how the parts of the call go together. */
  description?: string;
  /** A save that takes the version it was loaded with (`updated_at`) and answers 409 on an old one. */
  versioned?: boolean;
}

const timesheetBody = timesheetSchema();
const historyQuery = z.object({
  filter: z.string().optional().meta({ description: 'JSON: {"account_kind", "name", "table_name", "record_id", "from", "to"}' }),
  range: z.string().optional().meta({ description: 'JSON: [first, last], 0-based' }),
});
const shiftsQuery = z.intersection(
  shiftQuerySchema,
  z.object({ shift_ids: z.string().optional().meta({ description: 'Comma-separated ids: only these shifts of the range' }) }),
);
/** The driver app's range: timesheetRangeSchema's fields, each defaulting (the last week) when left out. */
const driverRangeQuery = z.object({
  period_date_from: z.string().optional().meta({ description: 'YYYY-MM-DD; default a week ago' }),
  period_date_to: z.string().optional().meta({ description: 'YYYY-MM-DD; default tomorrow' }),
});
const driverForm = z.union([driverSchema, halfBoardSchema]);
/** PUT /api/driver/{id}'s mode (spec 2, section 7): `progressing` first, then `inactive`, else the whole driver. */
const driverModeQuery = z.object({
  inactive: z.enum(['true', 'false']).optional().meta({ description: 'true: set the status from the JSON body `{ status }` (10 active, 20 inactive)' }),
  progressing: z.enum(['true', 'false']).optional().meta({ description: 'true: set not_progressing from the JSON body `{ not_progressing }` (10 not progressing, 20 progressing)' }),
});
/** The list itself (what the screens send), or `{ timesheets: [...] }`; 1 to APPROVE_LIST_MAX items. */
const approveList = z.array(timesheetBody).min(1).max(APPROVE_LIST_MAX);
const approveBody = z.union([approveList, z.object({ timesheets: approveList })]);
const imageFile = { description: 'A picture file part (JPEG, PNG or WebP)' };
const withFile = (schema: z.ZodType, name: string) => z.intersection(schema, z.object({ [name]: z.string().optional().meta(imageFile) }));

const importForm = z.object({
  file: z.string().meta({ description: 'The CSV (`,` or `;`, UTF-8 with or without BOM) or .xlsx file' }),
  mapping: z.string().optional().meta({ description: 'JSON {field: column index or null}; guessed from the headers when left out' }),
});
const importResponse = { ...FILES.csv, description: 'mode=rejected: the refused rows with an error column' };

const { success } = RESPONSES;

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': { summary: 'Health: database and migrations (503 when the database does not answer within 2 s)', response: RESPONSES.health },
  'GET /api/health/live': { summary: 'Liveness: the process runs and answers', response: RESPONSES.healthProbe },
  'GET /api/health/ready': { summary: 'Readiness: the database answers, migrations ran, not shutting down (else 503)', response: RESPONSES.healthProbe },
  'GET /api/client-config': { summary: 'Settings the web app needs before login (live feed key)', response: RESPONSES.clientConfig },
  'GET /api/openapi.json': { summary: 'This document', response: RESPONSES.openapi },
  'GET /api/docs': { summary: 'The interactive API reference', response: FILES.html },
  'GET /api/docs/:file': { summary: 'A file of the API reference page', response: FILES.asset },

  'POST /api/auth/login': { summary: 'Staff login', body: loginSchema, response: RESPONSES.staffLogin },
  'POST /api/auth/login/restaurant': { summary: 'Restaurant account login', body: loginSchema, response: RESPONSES.restaurantLogin },
  'POST /api/auth/login/driver': { summary: 'Driver login (the drivers’ app)', body: loginSchema, response: RESPONSES.driverLogin },
  'POST /api/register': { summary: 'Staff self-registration (no role until an administrator gives one)', body: registerSchema, response: RESPONSES.staffLogin, status: 201 },
  'POST /api/auth/logout': { summary: 'Log out (revokes the token)', response: success },
  'GET /api/auth/me': { summary: 'The caller’s account', response: RESPONSES.me },

  'GET /api/alert': { summary: 'Alerts', response: RESPONSES.alerts },
  'PUT /api/alert/:id': { summary: 'Mark an alert read or unread', body: alertUpdateSchema, response: RESPONSES.alert },
  'POST /api/alert/all-readed': { summary: 'Mark every alert read', response: RESPONSES.readAll },

  'GET /api/user': { summary: 'Staff users', query: listQuerySchema, response: RESPONSES.users },
  'POST /api/user': { summary: 'Add a staff user', body: userSchema, response: RESPONSES.newUser, status: 201 },
  'PUT /api/user/:id': { summary: 'Change a staff user', body: userSchema, response: RESPONSES.user },
  'DELETE /api/user/:id': { summary: 'Remove a staff user', response: success },
  'POST /api/sendEmailUser': { summary: 'E-mail a staff user their login', body: credentialsEmailSchema, response: success },

  'GET /api/area': { summary: 'Areas with their restaurants (without them: ?restaurants=false)', query: listQuerySchema.extend(areaListQuerySchema.shape), response: RESPONSES.areas },
  'POST /api/area': { summary: 'Add an area', body: areaSchema, response: RESPONSES.area, status: 201 },
  'PUT /api/area/:id': { summary: 'Change an area', body: areaUpdateSchema, response: RESPONSES.area, versioned: true },
  'DELETE /api/area/:id': { summary: 'Remove an area', response: FILES.empty, status: 204 },
  'GET /api/city': { summary: 'Cities', query: listQuerySchema, response: RESPONSES.cities },

  'GET /api/option': { summary: 'Options (pay rates, limits, map centre)', query: listQuerySchema, response: RESPONSES.options },
  'PUT /api/option/:okey': { summary: 'Change an option', body: optionUpdateSchema, response: RESPONSES.option },
  'POST /api/driver-message': { summary: 'Send a push message to drivers', body: pushMessageSchema, response: RESPONSES.pushMessage },
  'GET /api/driver-message/recipients': { summary: 'Drivers a push message can reach', response: RESPONSES.recipients },

  'GET /api/shift': { summary: 'Shifts of a range (at most 31 days)', query: shiftsQuery, response: RESPONSES.shifts },
  'POST /api/shift': { summary: 'Add a shift', body: shiftSchema, response: RESPONSES.shift, status: 201 },
  'GET /api/shift/attendance': { summary: "Attendance of today's shifts: late, no-show, started, finished", query: attendanceQuerySchema, response: attendanceResponse },
  'GET /api/shift/:id': { summary: 'One shift, as the board shows it', response: RESPONSES.shift },
  'PUT /api/shift/:id': { summary: 'Change a shift', body: shiftUpdateSchema, response: RESPONSES.shift, versioned: true },
  'DELETE /api/shift/:id': { summary: 'Remove a shift', response: FILES.empty, status: 204 },
  'POST /api/shift/publish': { summary: 'Publish shifts', body: publishSchema, response: RESPONSES.shifts },
  'POST /api/shift/unpublish': { summary: 'Unpublish shifts', body: bulkShiftSchema, response: RESPONSES.shifts },
  'POST /api/shift/remove': { summary: 'Remove shifts', body: bulkShiftSchema, response: RESPONSES.removedShifts },
  'POST /api/shift/copyshifts': { summary: 'Copy shifts to other days', body: copySchema, response: RESPONSES.shifts, status: 201 },
  'POST /api/shift/fill-proposals': { summary: 'Proposed drivers for open shifts', body: fillProposalsSchema, response: RESPONSES.fillProposals },
  'POST /api/shift/fill': { summary: 'Assign proposed drivers', body: fillApplySchema, response: RESPONSES.fill },
  'POST /api/shift/createFree': { summary: 'A restaurant asks for a shift', body: freeShiftSchema, response: RESPONSES.shift, status: 201 },
  'PUT /api/shift/updateFree/:id': { summary: 'Change a requested shift', body: freeShiftSchema, response: RESPONSES.shift },
  'DELETE /api/shift/removeFree/:id': { summary: 'Withdraw a requested shift', response: FILES.empty, status: 204 },
  'POST /api/shift/copyShiftsFree': { summary: 'Copy requested shifts', body: copySchema, response: RESPONSES.shifts, status: 201 },
  'POST /api/shift/moderateFree': { summary: 'Send requested shifts to the office', body: moderateSchema, response: RESPONSES.shifts },
  'POST /api/reporting/create': { summary: 'Cancel a shift (with a fee or bonus)', body: cancellationSchema, response: RESPONSES.cancellation, status: 201 },

  'GET /api/timesheet': { summary: 'Timesheets of a range', query: timesheetRangeSchema, response: RESPONSES.timesheets },
  'POST /api/timesheet': { summary: 'Add a timesheet', body: timesheetBody, response: RESPONSES.timesheet, status: 201 },
  'GET /api/timesheet/:id': { summary: 'One saved timesheet, as the list shows it', response: RESPONSES.timesheet },
  'PUT /api/timesheet/:id': { summary: 'Change a timesheet', body: timesheetBody, response: RESPONSES.timesheet, versioned: true },
  'DELETE /api/timesheet/:id': { summary: 'Remove a timesheet', response: FILES.empty, status: 204 },
  'POST /api/timesheet/approve': { summary: 'Approve timesheets: the approved in data, each refused item in fail (the item as sent in data, its messages in errors)', body: approveBody, response: RESPONSES.approval },
  'GET /api/driver-app/timesheet': { summary: 'The driver’s own shifts and timesheets of a range', query: driverRangeQuery, response: RESPONSES.timesheets },
  'POST /api/driver-app/timesheet/start': { summary: 'The driver starts a shift', body: driverTimesheetSchema, response: RESPONSES.timesheet },
  'POST /api/driver-app/timesheet/finish': { summary: 'The driver finishes a shift', body: driverTimesheetSchema, response: RESPONSES.timesheet },
  'POST /api/driver-app/timesheet/submit': { summary: 'The driver submits a timesheet', body: driverTimesheetSchema, response: RESPONSES.timesheet },
  'POST /api/driver-app/timesheet/discard': { summary: 'The driver discards a timesheet', body: driverTimesheetSchema, response: RESPONSES.timesheet },

  'GET /api/restaurant': { summary: 'Restaurants', query: listQuerySchema, response: RESPONSES.restaurants },
  'POST /api/restaurant': { summary: 'Add a restaurant', form: withFile(restaurantSchema, 'logo'), response: RESPONSES.restaurant, status: 201 },
  'POST /api/restaurant/:id': { summary: 'Change a restaurant (multipart, with its logo)', form: withFile(restaurantSchema, 'logo'), response: RESPONSES.restaurant, versioned: true },
  'PUT /api/restaurant/:id': { summary: 'Activate or deactivate a restaurant', body: restaurantStatusSchema, response: RESPONSES.restaurant },
  'DELETE /api/restaurant/:id': { summary: 'Remove a restaurant (inactive instead when it has history)', response: FILES.empty, status: 204 },
  'GET /api/restaurant/:id/drivers': { summary: 'A restaurant’s drivers', response: RESPONSES.restaurantDrivers },
  'POST /api/restaurant/profile/:id': { summary: 'A restaurant account changes its restaurant', form: withFile(restaurantProfileSchema, 'logo'), response: RESPONSES.restaurant },
  'POST /api/sendEmail': { summary: 'E-mail a restaurant account its login', body: restaurantCredentialsEmailSchema, response: success },
  'POST /api/restaurant/import': { summary: 'Import restaurants from CSV or .xlsx: preview, commit, or the rejected rows', query: importQuerySchema, form: importForm, response: RESPONSES.importResult, files: importResponse },

  'GET /api/driver': { summary: 'Drivers', query: listQuerySchema, response: RESPONSES.drivers },
  'POST /api/driver': { summary: 'Add a driver (multipart, with photos and documents)', form: driverForm, response: RESPONSES.driver, status: 201 },
  'PUT /api/driver/:id': {
    summary: 'Change a driver: its status (?inactive=true), its progressing flag (?progressing=true), or the whole driver (multipart)',
    description:
      'Three calls on one address, chosen by the query: `?progressing=true` takes the JSON body `{ not_progressing }`; ' +
      '`?inactive=true` takes the JSON body `{ status }`; without either (the screens send `?inactive=false`) the ' +
      'whole driver is saved from a multipart body, fields left out being cleared. A JSON body without its query ' +
      'parameter is read as the whole driver, and refused.',
    query: driverModeQuery,
    body: z.union([driverStatusSchema, driverProgressingSchema]),
    form: driverSchema,
    response: RESPONSES.driver,
    versioned: true,
  },
  'POST /api/driver/import': { summary: 'Import drivers from CSV or .xlsx: preview, commit, or the rejected rows', query: importQuerySchema, form: importForm, response: RESPONSES.importResult, files: importResponse },
  'POST /api/driver-update-working-times': { summary: 'Change a driver’s working times', body: workingTimesSchema, response: RESPONSES.driver },

  'GET /api/invoice': { summary: 'Invoices of a period', query: periodQuerySchema, response: RESPONSES.invoices },
  'DELETE /api/invoice/:id': { summary: 'Remove an invoice (frees its timesheets)', response: FILES.empty, status: 204 },
  'GET /api/invoice-check': { summary: 'Invoices overlapping a period, before making one', query: invoiceCheckSchema, response: RESPONSES.invoiceCheck },
  'GET /api/invoice-generate': { summary: 'Preview or issue an invoice (create_invoice=1)', query: invoiceGenerateSchema, response: FILES.pdf },
  'GET /api/invoice-download/:id': { summary: 'An issued invoice', response: FILES.pdf },

  'GET /api/reporting/shiftsCancelled': { summary: 'Report: shifts cancelled and bonuses added', query: periodQuerySchema, response: RESPONSES.reportLines },
  'GET /api/reporting/extraRequest': { summary: 'Report: extra requests', query: periodQuerySchema, response: RESPONSES.reportLines },
  'GET /api/reporting/chargeRemoved': { summary: 'Report: charges removed', query: periodQuerySchema, response: RESPONSES.reportLines },
  'GET /api/timesheet/inactiveFee': { summary: 'Report: drivers inactive with a cancellation fee', query: periodQuerySchema, response: RESPONSES.reportLines },
  'GET /api/xls': { summary: 'Payments export', query: paymentsQuerySchema, response: FILES.xlsx },

  'GET /api/newsFeed': { summary: 'News posts', response: RESPONSES.newsPosts },
  'POST /api/newsFeed': { summary: 'Add a news post (multipart, with a picture)', form: withFile(newsPostSchema, 'file'), response: RESPONSES.newsPost, status: 201 },
  'POST /api/newsFeed/:id': { summary: 'Change a news post (multipart, _method=PATCH)', form: withFile(newsPostSchema, 'file'), response: RESPONSES.newsPost },
  'PATCH /api/newsFeed/:id': { summary: 'Change a news post', form: withFile(newsPostSchema, 'file'), response: RESPONSES.newsPost },
  'DELETE /api/newsFeed/:id': { summary: 'Remove a news post', response: FILES.empty, status: 204 },
  'POST /api/newsFeed/changeStatus/:id': { summary: 'Show or hide a news post', body: postStatusSchema, response: RESPONSES.newsPost },
  'POST /api/newsFeed/changePinned/:id': { summary: 'Pin or unpin a news post', body: postPinnedSchema, response: RESPONSES.newsPost },
  'POST /api/reply': { summary: 'Reply to a news post', body: replySchema, response: RESPONSES.reply, status: 201 },
  'GET /api/driver-app/newsFeed': { summary: 'The posts addressed to the driver', query: z.object({ page: z.string().optional(), perPage: z.string().optional() }), response: RESPONSES.driverPosts },
  'POST /api/driver-app/newsFeed/markReaded/:id': { summary: 'The driver read a post', response: RESPONSES.readMark },
  'POST /api/driver-app/newsFeed/reply': { summary: 'The driver replies to a post', body: replySchema, response: RESPONSES.reply, status: 201 },

  'GET /api/restaurateur': { summary: 'Restaurant accounts', query: listQuerySchema, response: RESPONSES.restaurateurs },
  'POST /api/restaurateur': { summary: 'Add a restaurant account', body: restaurateurSchema, response: RESPONSES.newRestaurateur, status: 201 },
  'PUT /api/restaurateur/:id': { summary: 'Change a restaurant account', body: restaurateurSchema, response: RESPONSES.restaurateur },
  'DELETE /api/restaurateur/:id': { summary: 'Remove a restaurant account', response: success },

  'GET /api/history': { summary: 'History of changes (actions with their records’ fields before and after)', query: historyQuery, response: RESPONSES.history },
  'POST /api/history/:id/undo': {
    summary: 'Undo an action',
    params: { id: { type: 'string', format: 'uuid', pattern: ACTION_ID_PATTERN.source, description: 'The action’s request id, as the history lists it' } },
    response: RESPONSES.undo,
  },
  'POST /api/history/restore/:entryId': { summary: 'Restore a deleted record', response: RESPONSES.undo },

  'POST /broadcasting/auth': { summary: 'Sign a live-feed subscription (Pusher protocol)', body: broadcastingAuthSchema, response: RESPONSES.broadcastingAuth },
  'GET /images/:name(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)': { summary: 'An identity document by its signed, expiring name', response: FILES.image },
  'GET /images/thumb/:name(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)': { summary: 'An identity document’s thumbnail by its signed name, or an uploaded picture’s thumbnail by its name', response: FILES.image },
  'GET /images/*': { summary: 'an uploaded picture (logos, photos, post pictures) by its name', response: FILES.image },

  'GET /api/calendar/:file': { summary: 'A private calendar feed ({token}.ics; no login, the token is the key)', response: FILES.calendar },
  'GET /api/calendar-feed/me': { summary: 'Whether the caller’s calendar address is live', response: RESPONSES.calendarFeed },
  'POST /api/calendar-feed/me': { summary: 'Make or renew the caller’s calendar address', response: RESPONSES.calendarFeed },
  'DELETE /api/calendar-feed/me': { summary: 'Stop the caller’s calendar address', response: RESPONSES.calendarFeed },
  'GET /api/calendar-feed/driver/:id': { summary: 'Whether a driver’s calendar address is live', response: RESPONSES.calendarFeed },
  'POST /api/calendar-feed/driver/:id': { summary: 'Make or renew a driver’s calendar address', response: RESPONSES.calendarFeed },
  'DELETE /api/calendar-feed/driver/:id': { summary: 'Stop a driver’s calendar address', response: RESPONSES.calendarFeed },
};
