import { z } from 'zod';
import type { RouteEntry } from '../routeEntry';
import { conflictResponse, fieldErrorsResponse, messageResponse, type FileResponse } from '../../domain/validation/responses';
import { declarationOf, type RouteAnswer } from '../routeSchema';
import { WIRE_REQUIRED } from '../../domain/validation/wire';
import { ID_MAX } from '../../domain/validation/ids';
import { takesIdempotencyKey } from '../idempotency/routes';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_KEY_MAX, IDEMPOTENT_REPLAYED_HEADER } from '../../domain/idempotency';

/**
 * The OpenAPI 3.1 document of the API, built from the route table: each route's address, method, who may call it
 * (its access check) and what it declares in its `schema` option (server/routeSchema.ts: the zod schemas its
 * handler parses with and its answers), by zod's own JSON Schema output. Built once per app and kept: nothing in it
 * changes while the server runs.
 */
type Json = Record<string, unknown>;

/** A route's declaration, as the document reads it. */
interface RouteDoc {
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: z.ZodType;
  response: RouteAnswer;
  files?: RouteAnswer;
  status: number;
  /** Other success answers (a restaurant's invoice request answers 202 with a message): JSON. */
  more?: [number, z.ZodType][];
  versioned?: boolean;
}

/** The route's declaration: its success status and answer first, then any other success answer. */
function docOf(route: RouteEntry): RouteDoc | null {
  const schema = declarationOf(route.schema);
  if (!schema) return null;
  const answers = Object.entries((schema.response ?? {}) as Record<string, RouteAnswer>);
  if (!answers.length) throw new Error(`${route.method} ${route.url} declares no answer: declare its success status`);
  const [[status, response], ...more] = answers;
  return {
    summary: schema.summary!,
    description: schema.description,
    params: schema.params as z.ZodType | undefined,
    query: schema.querystring as z.ZodType | undefined,
    body: schema.body as z.ZodType | undefined,
    form: schema.form,
    files: schema.files,
    response,
    status: Number(status),
    more: more.map(([code, answer]) => [Number(code), answer as z.ZodType]),
    versioned: schema.versioned,
  };
}

const ROLE_NAMES: Record<string, string> = {
  administrator: 'administrator',
  manager: 'manager',
  staff: 'administrator, manager',
  restaurant: 'restaurant account',
  driver: 'driver',
  any: 'any logged-in account',
};

/** Routes that count attempts and answer 429 past a limit (server/auth/loginThrottle.ts). */
const THROTTLED = /^\/api\/(auth\/login|register)/;

/**
 * `/api/shift/:id` → `/api/shift/{id}`; a pattern-constrained parameter keeps its name; `*` is a file's name (the
 * images' one address, whose signed-document route names its parameter the same).
 */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:([A-Za-z_]+)(\([^/]*\))?/g, (_m, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      params.push('name');
      return '{name}';
    });
  return { path, params };
}

/** A record id (`id`, `entryId`) is a whole number; a key or file name is text; a route may say otherwise. */
function pathSchema(name: string, doc: RouteDoc, components: Json): Json {
  const declared = doc.params && propertiesOf(schemaOf(doc.params, 'input', components)).find(([field]) => field === name);
  if (declared) return declared[1];
  return /^(id|[a-z]+Id)$/.test(name) ? { type: 'integer', minimum: 1, maximum: ID_MAX } : { type: 'string' };
}

const isFile = (response: RouteAnswer): response is FileResponse => 'file' in response && !(response instanceof z.ZodType);

/** A zod schema as JSON Schema, its named parts moved to the document's components. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Json;
  delete json.$defs;
  const rewrite = (value: unknown) => markRequired(JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json);
  for (const [name, def] of Object.entries(defs)) components[name] = rewrite(def);
  return rewrite(json);
}

/**
 * Fields whose reader refuses a missing value but takes a blank one (to answer the spec's message) are optional
 * to zod's input side: their wire metadata (domain/validation/wire.ts) says they are required, and here the
 * object they belong to lists them so.
 */
function markRequired(node: unknown): Json {
  if (Array.isArray(node)) node.forEach(markRequired);
  else if (node && typeof node === 'object') {
    const json = node as Json;
    const properties = json.properties as Record<string, Json> | undefined;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      const required = new Set((json.required ?? []) as string[]);
      for (const [name, schema] of Object.entries(properties)) {
        if (schema && typeof schema === 'object' && schema[WIRE_REQUIRED]) required.add(name);
      }
      if (required.size) json.required = [...required];
    }
    for (const value of Object.values(json)) markRequired(value);
    delete json[WIRE_REQUIRED];
  }
  return node as Json;
}

/** The properties of an object schema (or of the objects an intersection or union joins). */
function propertiesOf(json: Json): [string, Json, boolean][] {
  const parts = [json, ...((json.allOf ?? json.anyOf ?? []) as Json[])];
  return parts.flatMap((part) => {
    const required = new Set((part.required ?? []) as string[]);
    return Object.entries((part.properties ?? {}) as Record<string, Json>).map(([name, s]): [string, Json, boolean] => [name, s, required.has(name)]);
  });
}

/** The header of the POST calls that take one (server/plugins/idempotency.ts). */
const IDEMPOTENCY_PARAMETER: Json = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    `A key of your own for this action (a random UUID): sent again with the same key, from the same account, within ` +
    `${IDEMPOTENCY_KEY_HOURS} hours, the call answers its first answer (status, body, X-Request-Id) instead of writing ` +
    'again, so a retry after a lost answer is safe. Server errors are not kept: a retry runs again unless the first ' +
    'call was saved.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
};
const REPLAYED_HEADER: Json = { description: 'true when this is the kept answer of an earlier call with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } };

const errorResponse = (description: string, ref: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

function operation(route: RouteEntry, doc: RouteDoc, params: string[], components: Json): Json {
  const roles = route.access ? route.access.map((a) => ROLE_NAMES[a]).join('; ') : 'public';
  const parameters: Json[] = params.map((name) => ({ name, in: 'path', required: true, schema: pathSchema(name, doc, components) }));
  if (doc.query) {
    for (const [name, schema, required] of propertiesOf(schemaOf(doc.query, 'input', components))) {
      parameters.push({ name, in: 'query', required, schema });
    }
  }
  const idempotent = takesIdempotencyKey({ method: route.method, url: route.url, loggedIn: !!route.access });
  if (idempotent) parameters.push(IDEMPOTENCY_PARAMETER);
  const content: Json = {};
  if (doc.body) {
    const schema = schemaOf(doc.body, 'input', components);
    content['application/json'] = { schema };
    content['application/x-www-form-urlencoded'] = { schema };
  }
  if (doc.form) content['multipart/form-data'] = { schema: schemaOf(doc.form, 'input', components) };

  const status = String(doc.status);
  const answers: Json = {};
  const files = [doc.response, doc.files].filter((r): r is FileResponse => !!r && isFile(r));
  if (!isFile(doc.response)) answers['application/json'] = { schema: schemaOf(doc.response, 'output', components) };
  for (const file of files) if (file.file) answers[file.file] = { schema: { type: 'string', format: 'binary', description: file.description } };
  const description = isFile(doc.response) ? doc.response.description : 'Success';
  const responses: Json = { [status]: Object.keys(answers).length ? { description, content: answers } : { description } };
  for (const [code, answer] of doc.more ?? []) {
    responses[code] = { description: 'Success', content: { 'application/json': { schema: schemaOf(answer, 'output', components) } } };
  }
  if (idempotent) (responses[status] as Json).headers = { [IDEMPOTENT_REPLAYED_HEADER]: REPLAYED_HEADER };
  if (doc.body || doc.form || doc.query || params.length) responses['400'] = errorResponse('Invalid input: each field with its messages', 'FieldErrors');
  if (route.access) {
    responses['401'] = errorResponse('No live token', 'Message');
    responses['403'] = errorResponse('This account may not call this route', 'Message');
  }
  if (params.length) {
    responses['404'] = errorResponse('No such record (or not within the caller’s reach)', 'Message');
    responses['414'] = errorResponse('A part of the address over 100 characters (such as a 5,000-digit id): no record has it', 'Message');
  }
  if (doc.versioned) {
    responses['409'] = errorResponse('The record changed since the `updated_at` sent: nothing was written; `conflict` says who changed it and when', 'Conflict');
  }
  if (idempotent) {
    responses['409'] ??= errorResponse('The request sent with this Idempotency-Key is still being processed (Retry-After), or was saved but its answer was lost', 'Message');
    responses['422'] = errorResponse('This Idempotency-Key was used for another method, address or body', 'Message');
  }
  if (THROTTLED.test(route.url)) responses['429'] = errorResponse('Too many attempts: try again later', 'Message');
  responses['500'] = errorResponse('Server error, with the request id', 'Message');
  responses['503'] = errorResponse('The database is not answering, or this server is restarting: try again after Retry-After seconds', 'Message');
  if (route.method !== 'GET') responses['507'] = errorResponse('The embedded database has no disk space left: nothing was saved', 'Message');

  return {
    summary: doc.summary,
    description: `${doc.description ? `${doc.description}\n\n` : ''}Who may call: ${roles}.`,
    tags: [tagOf(route.url)],
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    'x-roles': route.access ?? [],
    security: route.access ? [{ bearer: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
    responses,
  };
}

/** The first path segment after /api: shift, timesheet, driver-app ... */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  return (parts[0] === 'api' ? parts[1] : parts[0])?.replace(/[:(].*$/, '') || 'api';
}

/** The routes of the table that declare nothing for the document (tests/server/openapi.test.ts names them). */
export function undocumented(routes: readonly RouteEntry[]): string[] {
  return routes.filter((r) => !docOf(r)).map((r) => `${r.method} ${r.url}`);
}

export function buildOpenApi(routes: readonly RouteEntry[], version: string): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const doc = docOf(route);
    if (!doc) continue;
    const { path, params } = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const op = operation(route, doc, params, components);
    const earlier = paths[path]?.[method] as Json | undefined;
    // Two routes of one address (a signed document name or an uploaded picture's): one operation that says both.
    if (earlier) op.summary = `${String(earlier.summary)}; or ${String(op.summary)}`;
    paths[path] = { ...paths[path], [method]: op };
  }
  schemaOf(z.object({ e: fieldErrorsResponse, m: messageResponse, c: conflictResponse }), 'output', components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Driver staffing back-office API',
      version,
      description:
        'Log in with POST /api/auth/login (staff), /api/auth/login/restaurant or /api/auth/login/driver and send the ' +
        'access_token as `Authorization: Bearer <token>`. Each operation says who may call it (also as x-roles). ' +
        'Errors: 400 `{ field: [messages] }`, 401/403/404/414/429 `{ message }`, 500 `{ message, request_id }`, 503 ' +
        '`{ message }` with Retry-After when the database is not answering (nothing was saved; try again). Lists ' +
        'also take react-admin’s range, sort and filter (JSON query parameters) and then answer Content-Range. ' +
        'POST calls of a logged-in account take an Idempotency-Key header, which makes a retry safe. Every GET ' +
        'also answers HEAD, as the GET would (status and headers) without its body: the schedule board sends HEAD ' +
        'of the weeks either side of the one shown, so the server has their lists ready for Next and Previous.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: components },
    paths,
  };
}
