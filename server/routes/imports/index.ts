import type { FastifyRequest } from 'fastify';
import { RESPONSES } from '../../../domain/validation/responses';
import { importForm, importRejected } from '../../../domain/validation/apiShapes';
import {
  IMPORT_MSG,
  IMPORT_ROWS_MAX,
  guessMapping,
  importQuerySchema,
  mappingSchema,
  type ImportKind,
} from '../../../domain/validation/imports';
import { fieldError } from '../../plugins/errors';
import { fileOf, readMultipart } from '../../plugins/uploads';
import { announceAccessChange } from '../../realtime/access';
import { driverImport } from '../../services/imports/drivers';
import { restaurantImport } from '../../services/imports/restaurants';
import { readTable } from '../../services/imports/table';
import { rejectedCsv, runImport, type ImportSpec } from '../../services/imports/run';
import { announceImport } from './announce';
import { describeAction } from '../../history/context';
import type { RouteApp } from '../../routeSchema';

const SPECS: Record<ImportKind, ImportSpec<never, never>> = {
  driver: driverImport as unknown as ImportSpec<never, never>,
  restaurant: restaurantImport as unknown as ImportSpec<never, never>,
};

/** The uploaded file as a table, and the mapping sent with it (else guessed from its headers). */
async function readUpload(request: FastifyRequest, kind: ImportKind) {
  const body = await readMultipart(request);
  const file = fileOf(body, 'file');
  if (!file) throw fieldError('file', IMPORT_MSG.fileRequired);
  describeAction(request, { file: file.filename });
  const table = await readTable(file.bytes);
  if (!table.rows.length) throw fieldError('file', IMPORT_MSG.fileEmpty);
  if (table.rows.length > IMPORT_ROWS_MAX) throw fieldError('file', IMPORT_MSG.tooManyRows(IMPORT_ROWS_MAX));
  let mapping = guessMapping(kind, table.headers);
  if (body.fields.mapping) {
    let sent: unknown;
    try {
      sent = JSON.parse(body.fields.mapping);
    } catch {
      throw fieldError('mapping', IMPORT_MSG.mappingInvalid);
    }
    const parsed = mappingSchema(kind, table.headers.length).safeParse(sent);
    if (!parsed.success) throw fieldError('mapping', IMPORT_MSG.mappingInvalid);
    mapping = { ...Object.fromEntries(Object.keys(mapping).map((k) => [k, null])), ...parsed.data };
  }
  return { table, mapping };
}

/**
 * Import drivers or restaurants from a CSV or .xlsx file (administrators, who alone add them):
 * `?mode=preview` answers every row's fate and messages and writes nothing; `?mode=commit` also writes the rows to
 * create and update in one transaction; `?mode=rejected` answers the refused rows as CSV with an error column.
 * `?duplicates=skip|update` says what to do with rows whose record is already here. A committed import is
 * broadcast like the saves it stands for.
 */
export default async function importRoutes(app: RouteApp) {
  const admins = { preHandler: app.access('administrator') };
  for (const kind of ['driver', 'restaurant'] as const) {
    app.post(`/api/${kind}/import`, {
      ...admins,
      schema: {
        summary: `Import ${kind}s from CSV or .xlsx: preview, commit, or the rejected rows`,
        querystring: importQuerySchema,
        form: importForm,
        response: { 200: RESPONSES.importResult },
        files: importRejected,
      },
    }, async (request, reply) => {
      const query = importQuerySchema.parse(request.query ?? {});
      const { table, mapping } = await readUpload(request, kind);
      const { result, written } = await runImport(app.db, SPECS[kind], table, mapping, query);
      if (query.mode === 'rejected') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="rejected-${kind}s.csv"`)
          .send(rejectedCsv(table, result));
      }
      // New restaurants change who reaches what (managers of their areas): live sockets re-check their audience.
      if (result.committed && kind === 'restaurant' && result.counts.create) await announceAccessChange(app, 'everyone');
      if (result.committed) await announceImport(app, kind, written);
      return result;
    });
  }
}
