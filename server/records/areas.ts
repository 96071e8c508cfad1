import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AreaAttachments, AreaName, AreaRecord, AreaRestaurant } from '../../domain/validation/area';

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
export async function areaAttachments(db: Kysely<Database>, areaId: number): Promise<AreaAttachments> {
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
