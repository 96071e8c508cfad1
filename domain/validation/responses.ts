import { z } from 'zod';
import { importResultSchema } from './imports';

/**
 * What the API answers, as zod schemas: the response half of the OpenAPI document (server/openapi/), checked
 * against real answers by tests/server/openapi.test.ts rather than at run time, so the hot paths pay nothing.
 * Records are loose objects: they name the fields every reader relies on, and let through the others, since who
 * sees which field is decided per audience (server/visibility/fields.ts) and a field hidden from one audience is
 * simply absent. Fields some audiences never see are optional.
 */

const id = z.number().int();
const idOrNull = id.nullable();
const text = z.string();
const textOrNull = z.string().nullable();
const num = z.number();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.string().regex(/^\d{2}:\d{2}$/);
const timestamp = z.string();
/** A record's version (domain/versions.ts): send it back with a save to be told when someone changed it meanwhile. */
const version = timestamp.meta({ description: 'The record’s version: when it last changed (UTC ISO-8601, milliseconds)' });
/** A driver's or manager's areas and restaurants, as the spec's lists of links. */
const areaLinks = z.array(z.looseObject({ area_id: id }));
const restaurantLinks = z.array(z.looseObject({ restaurant_id: id }));

const successResponse = z.looseObject({ success: z.literal(true) });

/** 400: the fields of the request with the spec's messages, e.g. `{ "email": ["The email field is required."] }`. */
export const fieldErrorsResponse = z.record(z.string(), z.array(z.string())).meta({ id: 'FieldErrors' });
/** 409: a save sent with an old version; `conflict` says who changed the record and when (domain/versions.ts). */
export const conflictResponse = z
  .object({ message: z.string(), conflict: z.object({ changed_by: z.string(), changed_at: timestamp }) })
  .meta({ id: 'Conflict' });
/** 401, 403, 404, 429: one message; 500 adds the request id. */
export const messageResponse = z.object({ message: z.string(), request_id: z.string().optional() }).meta({ id: 'Message' });

const cityResponse = z.looseObject({ id, city_name: text }).meta({ id: 'City' });

const areaResponse = z
  .looseObject({
    id,
    name: text,
    city_id: id.optional(),
    city: cityResponse.optional(),
    standardPayRate: num.optional(),
    weekendPayRate: num.optional(),
    restaurants: z.array(z.looseObject({ id, name: text })).optional(),
    updated_at: version.optional(),
  })
  .meta({ id: 'Area' });

const restaurantResponse = z
  .looseObject({
    id,
    name: text,
    address: textOrNull.optional(),
    postcode: textOrNull.optional(),
    telephone: textOrNull.optional(),
    email: textOrNull.optional(),
    area_id: idOrNull.optional(),
    area: z.looseObject({ id, name: text }).nullable().optional(),
    status: num,
    standard_pay: num.nullable().optional(),
    weekend_pay: num.nullable().optional(),
    invoice_comission: num.nullable().optional(),
    booking_fee: num.nullable().optional(),
    map_latitude: num.nullable().optional(),
    map_longitude: num.nullable().optional(),
    updated_at: version.optional(),
  })
  .meta({ id: 'Restaurant' });

const driverResponse = z
  .looseObject({
    id,
    first_name: text,
    last_name: text,
    full_name: text.optional(),
    email: textOrNull,
    phone: textOrNull.optional(),
    status: num,
    area_ids: areaLinks.optional(),
    restaurant_ids: restaurantLinks.optional(),
    photo_src: textOrNull.optional(),
    updated_at: version.optional(),
  })
  .meta({ id: 'Driver' });

/** A driver as a short list line (recipients, a restaurant's drivers). */
const driverLineResponse = z.looseObject({ id, full_name: text, email: textOrNull, status: num });

const personRef = z.looseObject({ id, kind: z.string(), name: text }).nullable();

const shiftResponse = z
  .looseObject({
    id,
    restaurant_id: id,
    driver_id: idOrNull,
    status: num,
    status_assigned: num,
    period_date: date,
    start_time: time,
    finish_time: time,
    cost_per_hour: num.optional(),
    cost_total: num.optional(),
    cost_extra_bonus: num.optional(),
    comment: textOrNull,
    creator: personRef.optional(),
    moderator: personRef.optional(),
    driver: z.looseObject({ id, full_name: text }).nullable().optional(),
    updated_at: version,
  })
  .meta({ id: 'Shift' });

const timesheetResponse = z
  .looseObject({
    id,
    shift_id: idOrNull,
    restaurant_id: id,
    /** Open shifts shown as placeholders have no driver. */
    driver_id: idOrNull,
    status: num,
    status_progress: num,
    period_date: date,
    start_time: time.nullable(),
    finish_time: time.nullable(),
    cost_total: num.optional(),
    cost_extra_bonus: num.optional(),
    driver_name: textOrNull.optional(),
    restaurant_name: text.optional(),
    /** Saved timesheets only: placeholders (id ≤ 0) have none. */
    updated_at: version.optional(),
  })
  .meta({ id: 'Timesheet' });

const userResponse = z
  .looseObject({
    id,
    first_name: text,
    last_name: text,
    email: text,
    role: num.nullable(),
    area_ids: areaLinks.optional(),
    restaurant_ids: restaurantLinks.optional(),
  })
  .meta({ id: 'User' });

const alertResponse = z
  .looseObject({ id, channel: text, event: text, created_at: timestamp, data: textOrNull, restaurant_id: idOrNull, status: num })
  .meta({ id: 'Alert' });

const optionResponse = z.looseObject({ id, okey: text, ovalue: textOrNull, description: textOrNull }).meta({ id: 'Option' });

const invoiceResponse = z
  .looseObject({
    id,
    invoice_number: text,
    period_date_from: date,
    period_date_to: date,
    restaurant_id: id,
    subtotal: num,
    vat: num,
    total: num,
    created_at: timestamp,
  })
  .meta({ id: 'Invoice' });

const replyResponse = z
  .looseObject({ id, new_id: id, reply_author: text, reply_content: text, author_kind: text, created_at: timestamp })
  .meta({ id: 'Reply' });

const newsPostResponse = z
  .looseObject({
    id,
    postTitle: text,
    postContent: text,
    img: textOrNull,
    pinned: num,
    important: num,
    news_author: text,
    creationDate: timestamp,
    replies: z.array(replyResponse),
  })
  .meta({ id: 'NewsPost' });

const restaurateurResponse = z
  .looseObject({ id, name: text, email: text, restaurants: z.array(z.looseObject({ id, name: text })) })
  .meta({ id: 'RestaurantAccount' });

/** New accounts are answered with the password made for them, once. */
const credentials = z.looseObject({ email: text, password: text, name: text });
/** A restaurant account's: an e-mail whose account already existed keeps its own password, and none is answered. */
const restCredentials = credentials.extend({ password: text.optional() });

/** A list the spec's call answers whole, or as `{ data, total }` when asked for a page (`page`, `perPage`). */
const pagedList = <T extends z.ZodType>(item: T) => z.union([z.array(item), z.looseObject({ data: z.array(item), total: num })]);

const reportLineResponse = z
  .looseObject({ key: text, period_date: date, restaurant_id: id, driver_id: idOrNull, cost_cover: num, amount_paid: num, amount_difference: num })
  .meta({ id: 'ReportLine' });

export const historyActionResponse = z
  .looseObject({ id: text, at: timestamp, account_kind: textOrNull, name: textOrNull, route: textOrNull, entries: z.array(z.looseObject({ id, table_name: text, op: text })) })
  .meta({ id: 'HistoryAction' });

const calendarFeedResponse = z
  .object({ active: z.boolean(), created_at: timestamp.nullable(), path: text.optional() })
  .meta({ id: 'CalendarFeed' });


/** Answers that are not JSON: the content type and a description. */
export interface FileResponse {
  file: string;
  description: string;
}

export const RESPONSES = {
  success: successResponse,
  health: z.looseObject({
    status: z.enum(['ok', 'migrating', 'shutting down', 'unavailable']),
    database: z.enum(['reachable', 'unreachable']),
    engine: z.enum(['pglite', 'postgres']),
    disk: z.literal('full').optional(),
    migrations: z.looseObject({ latest: textOrNull }).optional(),
  }),
  healthProbe: z.looseObject({
    status: z.enum(['ok', 'migrating', 'shutting down', 'unavailable']),
    database: z.literal('unreachable').optional(),
    disk: z.literal('full').optional(),
  }),
  clientConfig: z.looseObject({ pusherKey: text }),
  staffLogin: z.looseObject({ user: userResponse, access_token: text }),
  restaurantLogin: z.looseObject({ restaurant: z.looseObject({ id, name: text, email: text, restaurants: z.array(restaurantResponse) }), access_token: text }),
  driverLogin: z.looseObject({ driver: driverResponse, access_token: text }),
  me: z.looseObject({ user: userResponse.optional(), restaurant: z.looseObject({ id }).optional(), driver: z.looseObject({ id }).optional() }),
  alerts: z.array(alertResponse),
  alert: alertResponse,
  readAll: z.looseObject({ success: z.literal(true), count: num }),
  users: z.array(userResponse),
  newUser: z.looseObject({ user: userResponse, restCredentials: credentials }),
  user: userResponse,
  areas: z.array(areaResponse),
  area: areaResponse,
  cities: z.array(cityResponse),
  options: z.array(optionResponse),
  option: optionResponse,
  pushMessage: z.looseObject({ success: z.literal(true), message_id: id, targeted: num, delivered: num }),
  recipients: z.array(driverLineResponse),
  shifts: z.array(shiftResponse),
  /** ?compact=1: the same shifts as blocks (domain/rowBlocks.ts). */
  shiftBlocks: z.array(z.array(z.unknown())).meta({
    description:
      'With compact=1, one block a day: the field names (a name inside an array holds indexes into the shared objects, or null), ' +
      'the shared objects, then each shift as an array of its values in the order of the names (or, where its fields differ, as the object)',
  }),
  shift: shiftResponse,
  removedShifts: z.looseObject({ success: z.literal(true), removed: z.array(id) }),
  fillProposals: z.looseObject({
    proposals: z.array(z.looseObject({ shift_id: id, driver_id: id, driver_name: text, reason: text })),
    unfilled: z.array(z.looseObject({ shift_id: id })),
  }),
  fill: z.looseObject({ assigned: z.array(shiftResponse) }),
  cancellation: z.looseObject({ success: z.literal(true), reporting: z.looseObject({ id }), shift: shiftResponse.nullable() }),
  timesheets: z.array(timesheetResponse),
  timesheet: timesheetResponse,
  /** Approve: the approved timesheets, and each refused item as it was sent with its messages (and its conflict). */
  approval: z.looseObject({
    data: z.array(timesheetResponse),
    fail: z.array(
      z.looseObject({
        data: z.unknown().meta({ type: ['object', 'array', 'string', 'number', 'boolean', 'null'], description: 'The item as it was sent' }),
        errors: fieldErrorsResponse,
        conflict: conflictResponse.shape.conflict.optional(),
      }),
    ),
  }),
  restaurants: z.array(restaurantResponse),
  restaurant: restaurantResponse,
  restaurantDrivers: z.array(driverLineResponse),
  drivers: z.array(driverResponse),
  driver: driverResponse,
  invoices: z.array(invoiceResponse),
  invoiceCheck: z.looseObject({ last_id: idOrNull.optional(), invoices: z.array(invoiceResponse) }),
  reportLines: z.array(reportLineResponse),
  newsPosts: pagedList(newsPostResponse),
  newsPost: newsPostResponse,
  reply: replyResponse,
  driverPosts: pagedList(z.looseObject({ id, postTitle: text, postContent: text, readed: num, replies: z.array(replyResponse) })),
  readMark: z.looseObject({ id, readed: num }),
  restaurateurs: z.array(restaurateurResponse),
  restaurateur: restaurateurResponse,
  newRestaurateur: restaurateurResponse.extend({ restCredentials }),
  history: z.array(historyActionResponse),
  undo: z.looseObject({ id: text, records: num }),
  calendarFeed: calendarFeedResponse,
  broadcastingAuth: z.looseObject({ auth: text, channel_data: text.optional() }),
  importResult: importResultSchema,
  openapi: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
} as const;

export const FILES = {
  pdf: { file: 'application/pdf', description: 'The invoice as PDF' },
  xlsx: { file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'A spreadsheet' },
  csv: { file: 'text/csv', description: 'A CSV file' },
  calendar: { file: 'text/calendar', description: 'An iCalendar feed (RFC 5545) in Europe/London time' },
  image: { file: 'image/*', description: 'A stored picture' },
  html: { file: 'text/html', description: 'A web page' },
  asset: { file: 'text/*', description: 'A file of the API reference page (script, style sheet)' },
  empty: { file: '', description: 'No content' },
} as const satisfies Record<string, FileResponse>;
