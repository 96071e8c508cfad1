import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Cities as the area dialogs' city picker lists them: by name, case aside, then id. */

/** Every city. */
export async function listCities(db: Kysely<Database>) {
  return citiesQuery(db).execute();
}

/** The cities of a list's page. */
export async function citiesByIds(db: Kysely<Database>, ids: readonly number[]) {
  return citiesQuery(db).where('id', 'in', [...ids]).execute();
}

function citiesQuery(db: Kysely<Database>) {
  return db.selectFrom('cities').select(['id', 'city_name']).orderBy(sql`lower(city_name)`).orderBy('id');
}
