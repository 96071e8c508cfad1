import type {
  FastifyBaseLogger, FastifyInstance, FastifySchema, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { z } from 'zod';
import type { FileResponse } from '../domain/validation/responses';

/**
 * What a route declares about itself in its `schema` option: the zod schemas it parses with (`params`, `querystring`,
 * `body`) and its answer by status (`response: { 201: RESPONSES.shift }`), plus what the API document needs beside
 * them. server/openapi/document.ts builds the OpenAPI document from these declarations, as the route table recorded
 * them, so the document is the code's own account of each route.
 */
declare module 'fastify' {
  interface FastifySchema {
    /** One line for the API reference. */
    summary?: string;
    /** More than the summary: how the parts of the call go together. */
    description?: string;
    /** A multipart/form-data body (forms with pictures or files): its fields. */
    form?: z.ZodType;
    /** Another answer of the success status, as a file (a mode that answers a download). */
    files?: FileResponse;
    /** A save that takes the version it was loaded with (`updated_at`) and answers 409 on an old one. */
    versioned?: boolean;
  }
}

/** A route's answer on success: a zod schema of its JSON, or a file's content type (and 204's `FILES.empty`). */
export type RouteAnswer = z.ZodType | FileResponse;

/**
 * Types from the declaration: `request.body`, `query` and `params` are typed as the declared schema's input (what a
 * client is told to send; not yet checked, see below), and what a handler returns is checked against the declared
 * answer.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? Answer<z.input<this['schema']>> | string : unknown;
}

/**
 * What a handler may answer for a declared answer: the declared fields with their kinds of value, or its text
 * written already (`string`: JSON the database built or a kept list, or the file of a `files` answer of the same
 * status). An open object (`z.looseObject`: more fields may come) is typed with an index signature, which a record
 * typed by an interface never matches: here the extra fields are simply allowed. A literal is checked as its kind
 * (`{ success: true }` is inferred as a boolean, `'ok'` as a string).
 */
type Answer<T> = T extends readonly (infer U)[]
  ? readonly Answer<U>[]
  : T extends string
    ? string
    : T extends number
      ? number
      : T extends boolean
        ? boolean
        : T extends object
          ? { [K in keyof T as string extends K ? never : K]: Answer<T[K]> }
          : T;

/**
 * The app as a route plugin (server/routes/**) receives it: its routes' requests and answers are typed from their
 * declarations. `app.register(plugin)` hands a plugin this type as it is.
 */
export type RouteApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * The declarations document the routes; they change no answer. Each handler still parses its input with the same
 * schema object, after its access check: the spec's word-for-word messages come from the domain parsers (with the
 * context some of them need), and a caller without the right account is answered 401/403 before any 400. So
 * Fastify's own validation is a pass-through and its serializer is plain JSON, as for a route without a schema.
 */
export function declareRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** The declaration of a route, when it has one (a route of a plugin, such as the static files, may not). */
export function declarationOf(schema: FastifySchema | undefined): FastifySchema | null {
  return schema?.summary ? schema : null;
}
