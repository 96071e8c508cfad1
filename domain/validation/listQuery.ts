import { z } from 'zod';

/**
 * react-admin's list convention (`ra-data-simple-rest`), accepted by every list call beside the spec's plain call:
 * `range=[first,last]` (0-based, both included), `sort=["field","ASC"|"DESC"]`, `filter={"field":value,...}`, each
 * a JSON query parameter. A call with any of them answers the page and a `Content-Range: {resource}
 * {first}-{last}/{total}` header; a call with none answers the spec's array. The fields a list sorts and filters
 * by are its own (server/lists/).
 */

export const LIST_MSG = {
  range: 'The range must be [first, last]: two whole numbers, the last not before the first',
  sort: 'The sort must be ["field", "ASC" or "DESC"] with a field this list sorts by',
  filter: 'The filter must be an object of fields this list filters by',
  view: 'The view must be board, or left out',
} as const;

export { LIST_PER_PAGE_DEFAULT } from '../listPaging';

/** At most this many rows in one page (the lists' largest per-page choice is 1,000). */
const LIST_PAGE_MAX = 1000;

/** A JSON query parameter read with `schema`; any failure (bad JSON included) is answered with `message`. */
const jsonParam = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string()
    .transform((text, ctx): z.output<T> => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional();

const wholeNumber = z.number().int().min(0).max(2 ** 31 - 1);

export const listQuerySchema = z.object({
  range: jsonParam(
    z.tuple([wholeNumber, wholeNumber]).refine(([first, last]) => last >= first && last - first < LIST_PAGE_MAX),
    LIST_MSG.range,
  ),
  sort: jsonParam(z.tuple([z.string().min(1).max(64), z.enum(['ASC', 'DESC'])]), LIST_MSG.sort),
  filter: jsonParam(z.record(z.string().max(64), z.unknown()), LIST_MSG.filter),
});

