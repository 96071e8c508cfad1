import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AreaAttachments, AreaName, AreaRecord, AreaRestaurant } from '../../domain/validation/area';
import { AREA_MSG, areaInUseMessage, areaNameTakenMessage, type AreaInput, type AreaUpdate } from '../../domain/validation/area';
import { badRequest, fieldError, notFound } from '../plugins/errors';
import { checkVersion } from '../services/versions';
import { moveRestaurantsToArea, restaurantAreas } from './restaurants';

export interface AreaFilter {
  /** Only these areas (a manager's own); undefined = all. */
  areaIds?: number[];
  /** Only these restaurants under each area (a manager's scope); null or undefined = all. */
  restaurantIds?: number[] | null;
}

/** Every area's id and name in the order they were made: an import naming areas takes the first of a name. */
export async function areaIdNames(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('areas').select(['id', 'name']).orderBy('id').execute();
}

/**
 * Which of these areas exist. `share` locks them (shared) until the transaction ends, so none can be removed while
 * a restaurant or driver is written into it.
 */
export async function existingAreaIds(db: Kysely<Database>, ids: readonly number[], { share = false } = {}): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('areas').select('id').where('id', 'in', [...ids]).$if(share, (q) => q.forShare()).execute();
  return rows.map((r) => r.id);
}

/** Areas sorted by name (then city, for the same name in two cities), each with its city; one query. */
export async function loadAreaNames(db: Kysely<Database>, filter: AreaFilter = {}): Promise<AreaName[]> {
  if (filter.areaIds && filter.areaIds.length === 0) return [];
  const rows = await db
    .selectFrom('areas')
    .innerJoin('cities', 'cities.id', 'areas.city_id')
    .select([
      'areas.id', 'areas.name', 'areas.city_id', 'cities.city_name',
      'areas.standard_pay_rate', 'areas.weekend_pay_rate', 'areas.updated_at',
    ])
    .$if(filter.areaIds !== undefined, (q) => q.where('areas.id', 'in', filter.areaIds!))
    .orderBy(sql`lower(areas.name)`)
    .orderBy(sql`lower(cities.city_name)`)
    .orderBy('areas.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    city_id: r.city_id,
    city: { id: r.city_id, city_name: r.city_name },
    standardPayRate: r.standard_pay_rate,
    weekendPayRate: r.weekend_pay_rate,
    updated_at: r.updated_at,
  }));
}

/**
 * The areas of loadAreaNames, each with its restaurants (those of `filter.restaurantIds` when given). Two queries
 * whatever the number of areas: the areas, then the restaurants of those areas.
 */
export async function loadAreas(db: Kysely<Database>, filter: AreaFilter = {}): Promise<AreaRecord[]> {
  const areas = await loadAreaNames(db, filter);
  if (!areas.length) return [];
  const scope = filter.restaurantIds;
  const restaurants =
    scope && scope.length === 0
      ? []
      : await db
          .selectFrom('restaurants')
          .select(['id', 'name', 'address', 'postcode', 'telephone', 'status', 'area_id', 'map_latitude', 'map_longitude'])
          .where('area_id', 'in', areas.map((a) => a.id))
          .$if(!!scope, (q) => q.where('id', 'in', scope!))
          .orderBy(sql`lower(name)`)
          .orderBy('id')
          .execute();
  const byArea = new Map<number, AreaRestaurant[]>();
  for (const r of restaurants) {
    const list = byArea.get(r.area_id);
    if (list) list.push(r);
    else byArea.set(r.area_id, [r]);
  }
  return areas.map((a) => ({ ...a, restaurants: byArea.get(a.id) ?? [] }));
}

/** What still hangs on an area: its restaurants, the shifts of those restaurants, and drivers working in it. */
async function areaAttachments(db: Kysely<Database>, areaId: number): Promise<AreaAttachments> {
  // One after another: inside a transaction they share one connection anyway.
  const restaurants = await db
    .selectFrom('restaurants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('area_id', '=', areaId)
    .executeTakeFirstOrThrow();
  const drivers = await db
    .selectFrom('driver_areas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('area_id', '=', areaId)
    .executeTakeFirstOrThrow();
  const shifts = await db
    .selectFrom('shifts')
    .innerJoin('restaurants', 'restaurants.id', 'shifts.restaurant_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('restaurants.area_id', '=', areaId)
    .executeTakeFirstOrThrow();
  return { restaurants: Number(restaurants.n), drivers: Number(drivers.n), shifts: Number(shifts.n) };
}

/**
 * The city must exist, and the name be free in it (case and spaces aside). Locks the city's row so two
 * administrators saving the same name at once cannot both pass the check.
 */
async function checkCityAndName(trx: Transaction<Database>, input: AreaInput, exceptAreaId?: number): Promise<void> {
  const city = await trx
    .selectFrom('cities')
    .select(['id', 'city_name'])
    .where('id', '=', input.city_id)
    .forUpdate()
    .executeTakeFirst();
  if (!city) throw fieldError('city_id', AREA_MSG.cityUnknown);
  const taken = await trx
    .selectFrom('areas')
    .select('id')
    .where('city_id', '=', city.id)
    .where(sql<string>`lower(name)`, '=', input.name.toLowerCase())
    .$if(exceptAreaId !== undefined, (q) => q.where('id', '!=', exceptAreaId!))
    .executeTakeFirst();
  if (taken) throw fieldError('name', areaNameTakenMessage(input.name, city.city_name));
}

async function areaById(db: Kysely<Database>, id: number): Promise<AreaRecord> {
  const [area] = await loadAreas(db, { areaIds: [id] });
  if (!area) throw notFound(AREA_MSG.notFound);
  return area;
}

const columns = (input: AreaInput) => ({
  name: input.name,
  city_id: input.city_id,
  standard_pay_rate: input.standardPayRate,
  weekend_pay_rate: input.weekendPayRate,
});

/** A new area, after the city and name checks; answers it as the list shows it. */
export async function insertArea(trx: Transaction<Database>, input: AreaInput): Promise<AreaRecord> {
  await checkCityAndName(trx, input);
  const row = await trx.insertInto('areas').values(columns(input)).returning('id').executeTakeFirstOrThrow();
  return areaById(trx, row.id);
}

/**
 * Changes an area (at the version it was loaded with) and moves the restaurants assigned to it from other areas;
 * answers it and the areas those restaurants left.
 */
export async function updateArea(trx: Transaction<Database>, id: number, input: AreaUpdate): Promise<{ area: AreaRecord; losers: AreaRecord[] }> {
  const exists = await trx.selectFrom('areas').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!exists) throw notFound(AREA_MSG.notFound);
  await checkVersion(trx, 'areas', id, input.updated_at);
  await checkCityAndName(trx, input, id);
  await trx
    .updateTable('areas')
    .set({ ...columns(input), updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();

  // Restaurants moved in from other areas: those areas changed too, and open screens must hear of it.
  let losers: number[] = [];
  const moving = input.restaurantsAssigned ?? [];
  if (moving.length) {
    const found = await restaurantAreas(trx, moving);
    if (found.length !== moving.length) throw fieldError('restaurantsAssigned', AREA_MSG.restaurantsUnknown);
    losers = [...new Set(found.map((r) => r.area_id).filter((a) => a !== id))];
    await moveRestaurantsToArea(trx, moving, id);
  }
  return { area: await areaById(trx, id), losers: losers.length ? await loadAreas(trx, { areaIds: losers }) : [] };
}

/** Removes an area nothing uses any more; answers it as it was. */
export async function deleteArea(trx: Transaction<Database>, id: number): Promise<AreaRecord> {
  // The row lock makes a restaurant or driver added meanwhile wait (its foreign key needs a share lock on
  // this row), so what we count is what we delete around.
  const row = await trx.selectFrom('areas').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(AREA_MSG.notFound);
  const inUse = areaInUseMessage(row.name, await areaAttachments(trx, id));
  if (inUse) throw badRequest({ id: [inUse] });
  const before = await areaById(trx, id);
  // Managers' area assignments and news-post targets go with it (on delete cascade).
  await trx.deleteFrom('areas').where('id', '=', id).execute();
  return before;
}
