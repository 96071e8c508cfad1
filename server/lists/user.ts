import { sql } from 'kysely';
import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import { containsPattern, filterValue, type ListSpec } from './index';

const role = z.coerce.number().refine((n) => n === ROLE.administrator || n === ROLE.manager);

/** The administrators screen's list in SQL: by name (as the plain call) or e-mail; by role; searched by name or e-mail. */
export const USER_LIST: ListSpec<'users'> = {
  resource: 'user',
  table: 'users',
  sorts: {
    full_name: () => [sql`lower(users.first_name)`, sql`lower(users.last_name)`],
    email: () => [sql`lower(users.email)`],
    role: () => [sql`users.role`, sql`lower(users.first_name)`, sql`lower(users.last_name)`],
    id: () => [],
  },
  defaultSort: ['full_name', 'ASC'],
  filters: {
    role: (value, eb) => eb('users.role', '=', filterValue(role, value)),
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([eb(sql`lower(users.first_name || ' ' || users.last_name)`, 'like', pattern), eb(sql`lower(users.email)`, 'like', pattern)]);
    },
  },
};
