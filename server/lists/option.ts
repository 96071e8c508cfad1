import { sql } from 'kysely';
import { containsPattern, type ListSpec } from './index';

/** The options list in SQL: by key, searched by key or description. */
export const OPTION_LIST: ListSpec<'options'> = {
  resource: 'option',
  table: 'options',
  sorts: { okey: () => [sql`options.okey`], id: () => [] },
  defaultSort: ['okey', 'ASC'],
  filters: {
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([eb(sql`lower(options.okey)`, 'like', pattern), eb(sql`lower(coalesce(options.description, ''))`, 'like', pattern)]);
    },
  },
};
