import { z } from 'zod';
import { ID_MAX } from './ids';

/**
 * The parameters of the API's addresses, as routes declare them (`schema.params`). They arrive as text; a handler
 * reads a record's id with server/params.ts's `pathId` (404 for anything that names no record), so the schema only
 * says what a client sends.
 */

/** A record's id in the address: text to the server, documented as the whole number it names. */
const pathIdText = z.string().meta({ type: 'integer', minimum: 1, maximum: ID_MAX });

/** `/api/<record>/{id}`. */
export const idParams = z.object({ id: pathIdText });

/** `/api/history/restore/{entryId}`: a history entry's id. */
export const entryIdParams = z.object({ entryId: pathIdText });

/** A file's name in the address (`{token}.ics`, a file of the API reference page). */
export const fileParams = z.object({ file: z.string() });

/** `/images/{name}`: a picture's stored or signed name. */
export const imageNameParams = z.object({ name: z.string() });

/** `/api/option/{okey}`: an option's key. */
export const optionKeyParams = z.object({ okey: z.string() });
