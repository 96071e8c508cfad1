import { sql } from 'kysely';
import { containsPattern, type ListSpec } from './index';

/** The restaurant accounts list in SQL: by e-mail or name, searched by either (the restaurants filter's combobox). */
export const RESTAURATEUR_LIST: ListSpec<'restaurateurs'> = {
  resource: 'restaurateur',
  table: 'restaurateurs',
  sorts: { email: () => [sql`restaurateurs.email`], name: () => [sql`lower(restaurateurs.name)`], id: () => [] },
  defaultSort: ['email', 'ASC'],
  filters: {
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([eb('restaurateurs.email', 'like', pattern), eb(sql`lower(restaurateurs.name)`, 'like', pattern)]);
    },
  },
};
