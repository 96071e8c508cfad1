import type { FastifyReply } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import { LIST_MSG, listQuerySchema } from '../../domain/validation/listQuery';
import type { Database } from '../db/schema';
import { fieldError } from '../plugins/errors';

/**
 * Lists paged, sorted and filtered in SQL (react-admin's `ra-data-simple-rest` convention, see
 * domain/validation/listQuery.ts). A list declares the fields it sorts and filters by as SQL over its own table;
 * `pageIds` answers the ids of the asked page in order and the total, and the route then loads those records as
 * its spec's call would (each list's loader already takes ids), so a page costs what its rows cost.
 */

type Direction = 'ASC' | 'DESC';

interface ListParams {
  /** 0-based first and last row, both included; undefined = every row. */
  range?: [number, number];
  sort?: [string, Direction];
  filter: Record<string, unknown>;
}

/** The convention's parameters, or null for the spec's plain call (none of them given). */
function readListParams(query: unknown): ListParams | null {
  const q = listQuerySchema.parse(query ?? {});
  if (!q.range && !q.sort && !q.filter) return null;
  return { range: q.range, sort: q.sort, filter: q.filter ?? {} };
}

type Eb<TB extends keyof Database> = ExpressionBuilder<Database, TB>;

export interface ListSpec<TB extends keyof Database & string> {
  /** The name in `Content-Range` (the API path's). */
  resource: string;
  table: TB;
  /**
   * Sort field → what it orders by, in the asked direction, or against it (`{ against }`: the feed's pinned-first,
   * newest-first order is one field); the id always comes last, in the asked direction, so pages never overlap and
   * sorting by `id` (no expressions of its own) orders by the id alone.
   */
  sorts: Record<string, (eb: Eb<TB>) => (Expression<unknown> | { against: Expression<unknown> })[]>;
  defaultSort: [string, Direction];
  /** Filter field → the condition for a value; `id` (a list of ids, react-admin's getMany) is every list's. */
  filters: Record<string, (value: unknown, eb: Eb<TB>) => Expression<SqlBool>>;
}

interface PageOfIds {
  ids: number[];
  first: number;
  total: number;
}

const blank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

/** A filter's value read with `schema`; anything else is the filter's 400. */
export function filterValue<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fieldError('filter', LIST_MSG.filter);
  return parsed.data;
}

const idValue = z.coerce.number().int().positive().max(2 ** 31 - 1);
/** One id or a list of them, as numbers or numeric strings. */
export const idsOf = (value: unknown): number[] => filterValue(z.union([idValue.transform((id) => [id]), z.array(idValue).max(1000)]), value);
/** A search text, trimmed and lower-cased, as a LIKE pattern matching it anywhere. */
export const containsPattern = (value: unknown): string =>
  `%${filterValue(z.string().max(200), value).trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the page `params` asks for, in order, and how many rows the filter (and `scope`, the caller's reach)
 * leaves in all.
 */
async function pageIds<TB extends keyof Database & string>(
  db: Kysely<Database>,
  spec: ListSpec<TB>,
  params: ListParams,
  scope?: ((eb: Eb<TB>) => Expression<SqlBool>) | null,
): Promise<PageOfIds> {
  const [field, direction] = params.sort ?? spec.defaultSort;
  const sort = spec.sorts[field];
  if (!sort) throw fieldError('sort', LIST_MSG.sort);
  const idColumn = sql.ref(`${spec.table}.id`);
  const where = (eb: Eb<TB>) => {
    const parts: Expression<SqlBool>[] = scope ? [scope(eb)] : [];
    for (const [key, value] of Object.entries(params.filter)) {
      if (blank(value)) continue;
      if (key === 'id') parts.push(eb(idColumn, 'in', idsOf(value)));
      else if (spec.filters[key]) parts.push(spec.filters[key](value, eb));
      else throw fieldError('filter', LIST_MSG.filter);
    }
    return eb.and(parts);
  };
  // The table is a type parameter here, so Kysely cannot check its columns; each spec is checked against its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const untyped = db as Kysely<any>;
  const base = untyped.selectFrom(spec.table as string).where((eb) => where(eb as never));
  const order = direction === 'DESC' ? 'desc' : 'asc';
  let query = base.select(idColumn.as('id'));
  const against = direction === 'DESC' ? 'asc' : 'desc';
  for (const e of sort(untyped as never)) query = 'against' in e ? query.orderBy(e.against, against) : query.orderBy(e, order);
  query = query.orderBy(idColumn, order);
  const first = params.range?.[0] ?? 0;
  if (params.range) query = query.offset(first).limit(params.range[1] - first + 1);
  const [rows, count] = await Promise.all([
    query.execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => Number(r.id)), first, total: Number(count.n) };
}

/**
 * Answers a page's records in the page's order (loaders answer them in their own), with
 * `Content-Range: {resource} {first}-{last}/{total}` (`*` for the span past the end).
 */
function sendPage<T extends { id: number }>(reply: FastifyReply, resource: string, page: PageOfIds, records: T[]): T[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const rows = page.ids.flatMap((id) => byId.get(id) ?? []);
  const span = rows.length ? `${page.first}-${page.first + rows.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${span}/${page.total}`);
  return rows;
}

export interface ListAnswer<TB extends keyof Database & string, T extends { id: number }, P = T[]> {
  /** The spec's plain call: its array, as before. */
  plain: () => Promise<P>;
  /** The records of these ids, in any order. */
  load: (ids: number[]) => Promise<T[]>;
  /** The caller's reach as SQL; none = every row. */
  scope?: ((eb: Eb<TB>) => Expression<SqlBool>) | null;
}

/** A list route's answer: the spec's array when called plainly, else the page the convention asks for. */
export async function answerList<TB extends keyof Database & string, T extends { id: number }, P = T[]>(
  db: Kysely<Database>,
  query: unknown,
  reply: FastifyReply,
  spec: ListSpec<TB>,
  how: ListAnswer<TB, T, P>,
): Promise<P | T[]> {
  const params = readListParams(query);
  if (!params) return how.plain();
  const page = await pageIds(db, spec, params, how.scope);
  return sendPage(reply, spec.resource, page, page.ids.length ? await how.load(page.ids) : []);
}

/** Whether a list call asks for the boards' view of its records (`view=board`); any other view is refused. */
export function wantsBoardView(query: { view?: unknown }): boolean {
  if (query.view === undefined) return false;
  if (query.view === 'board') return true;
  throw fieldError('view', LIST_MSG.view);
}

/** A scope of restaurant ids (null = every restaurant) as SQL on `column`. */
export const idScope = <TB extends keyof Database & string>(column: string, ids: number[] | null) =>
  ids && ((eb: Eb<TB>) => (ids.length ? eb(sql.ref(column), 'in', ids) : eb.lit(false)));
