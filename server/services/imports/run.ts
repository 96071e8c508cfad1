import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import Papa from 'papaparse';
import type { Database } from '../../db/schema';
import { fieldErrors } from '../../../domain/validation/auth';
import {
  IMPORT_ERROR_FIELD,
  IMPORT_FIELDS,
  IMPORT_MSG,
  REJECTED_ERROR_COLUMN,
  errorText,
  type ImportKind,
  type ImportQuery,
  type ImportResult,
  type ImportRow,
} from '../../../domain/validation/imports';
import { spreadsheetText } from '../../../domain/spreadsheetText';
import type { Table } from './table';

type Errors = Record<string, string[]>;

/** What differs between importing drivers and restaurants; the rest (mapping, checks, duplicates) is runImport's. */
export interface ImportSpec<Facts, Input> {
  kind: ImportKind;
  /** What every row is resolved against, read once: areas and restaurants by name, who is here already. */
  load(db: Kysely<Database>): Promise<Facts>;
  /** A row's cells as the Add dialog's body (names resolved to ids), and the names that resolved to nothing. */
  toBody(values: Record<string, string>, facts: Facts): { body: Record<string, unknown>; errors: Errors };
  /** The Add dialog's own schema: its messages are the row's messages. */
  schema: z.ZodType<Input>;
  /** Rows with the same key are the same record (the e-mail, lower case). */
  key(input: Input): string;
  /** Messages only the whole file can give (a restaurant named that is outside the driver's areas ...). */
  check?(input: Input, facts: Facts): Errors | null;
  existing(facts: Facts, key: string): number | undefined;
  /**
   * Writes the new and the changed records inside the import's one transaction. A changed record takes only the
   * fields the file has columns for (`fields`): what the file does not mention stays as it was. Answers the ids
   * of the records it created.
   */
  write(trx: Transaction<Database>, work: { creates: Input[]; updates: { id: number; input: Input }[]; fields: string[]; facts: Facts }): Promise<number[]>;
}

/** An import's answer, and the records it wrote (for the live feed once it has committed). */
export interface ImportOutcome {
  result: ImportResult;
  written: { created: number[]; updated: number[] };
}

/** The file's error messages keyed by the import's fields (area_ids → areas ...). */
function rowErrors(errors: Errors): Errors {
  const out: Errors = {};
  for (const [field, messages] of Object.entries(errors)) out[IMPORT_ERROR_FIELD[field] ?? field] ??= messages;
  return out;
}

/**
 * Checks every row of a table with the kind's form schema and sorts it (create, update, skip, reject); with
 * mode=commit writes the rows to create and update in one transaction, so the import is all there or not at all.
 */
export async function runImport<Facts, Input>(
  db: Kysely<Database>,
  spec: ImportSpec<Facts, Input>,
  table: Table,
  mapping: Record<string, number | null>,
  query: ImportQuery,
  write: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T> = (work) => db.transaction().execute(work),
): Promise<ImportOutcome> {
  const facts = await spec.load(db);
  const fields = IMPORT_FIELDS[spec.kind].filter((f) => mapping[f.key] !== null && mapping[f.key] !== undefined);
  const seen = new Map<string, number>();
  const creates: Input[] = [];
  const updates: { id: number; input: Input }[] = [];

  const rows = table.rows.map((cells, index): ImportRow => {
    const line = index + 2;
    const values = Object.fromEntries(fields.map((f) => [f.key, cells[mapping[f.key]!] ?? '']));
    const { body, errors } = spec.toBody(values, facts);
    const parsed = spec.schema.safeParse(body);
    // The resolver's messages first: a name that matched nothing says more than the schema's 'required'.
    const all = rowErrors({ ...errors, ...(parsed.success ? {} : fieldErrors(parsed.error)) });
    if (!parsed.success || Object.keys(all).length) return { line, action: 'reject', values, errors: all };
    const more = spec.check?.(parsed.data, facts);
    if (more) return { line, action: 'reject', values, errors: rowErrors(more) };
    const key = spec.key(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) return { line, action: 'reject', values, errors: { email: [IMPORT_MSG.repeatedInFile(earlier)] } };
    seen.set(key, line);
    const id = spec.existing(facts, key);
    if (id === undefined) {
      creates.push(parsed.data);
      return { line, action: 'create', values, errors: {} };
    }
    if (query.duplicates === 'skip') return { line, action: 'skip', values, errors: {} };
    updates.push({ id, input: parsed.data });
    return { line, action: 'update', values, errors: {} };
  });

  const committed = query.mode === 'commit' && creates.length + updates.length > 0;
  const created = committed ? await write((trx) => spec.write(trx, { creates, updates, fields: fields.map((f) => f.key), facts })) : [];
  const count = (action: ImportRow['action']) => rows.filter((r) => r.action === action).length;
  const result: ImportResult = {
    kind: spec.kind,
    headers: table.headers,
    mapping,
    rows,
    counts: { total: rows.length, create: count('create'), update: count('update'), skip: count('skip'), reject: count('reject') },
    committed,
  };
  return { result, written: { created, updated: committed ? updates.map((u) => u.id) : [] } };
}

/** The rejected rows as they were in the file, with a column saying why each was refused. */
export function rejectedCsv(table: Table, result: ImportResult): string {
  const rejected = result.rows.filter((r) => r.action === 'reject');
  const data = rejected.map((r) => [...table.rows[r.line - 2], errorText(result.kind, r.errors)].map(spreadsheetText));
  // The rows come back as typed, but never as live formulas. A byte-order mark, so Excel opens the file as UTF-8 (names with accents stay right).
  return '\uFEFF' + Papa.unparse({ fields: [...table.headers, REJECTED_ERROR_COLUMN], data }, { newline: '\r\n' });
}
