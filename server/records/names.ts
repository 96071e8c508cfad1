import { sql, type RawBuilder } from 'kysely';

/**
 * A person's name as every answer, list and file shows it: first and last name, trimmed, of a driver or staff user
 * joined under `alias`. One expression, so a report, an invoice and the payments export never name a driver apart.
 */
export function personName(alias: string): RawBuilder<string> {
  return sql<string>`trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)})`;
}

/** The name of a person joined by a left join, who may be missing: null then. */
export function personNameOrNull(alias: string): RawBuilder<string | null> {
  return sql<string | null>`case when ${sql.ref(`${alias}.id`)} is null then null else ${personName(alias)} end`;
}
