import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { PushMessage } from '../../domain/validation/pushMessage';

type DriverScope = ExpressionBuilder<Database, 'drivers'>;

/** A set of areas, optionally narrowed to some of their restaurants: what a message targets or a manager reaches. */
export interface Reach {
  areaIds: number[];
  /** Empty = every restaurant of the areas. */
  restaurantIds: number[];
}

const FALSE = sql<SqlBool>`false`;
const TRUE = sql<SqlBool>`true`;

/**
 * Drivers of a reach: drivers working in one of its areas (driver_areas) and, when restaurants are named,
 * linked to one of them (driver_restaurants) or not tied to any restaurant and working in a named restaurant's area.
 */
export function inReach(eb: DriverScope, reach: Reach): Expression<SqlBool> {
  if (!reach.areaIds.length) return FALSE;
  const worksIn = (areaIds: number[]) =>
    eb.exists(
      eb
        .selectFrom('driver_areas')
        .select(sql.lit(1).as('one'))
        .whereRef('driver_areas.driver_id', '=', 'drivers.id')
        .where('driver_areas.area_id', 'in', areaIds),
    );
  if (!reach.restaurantIds.length) return worksIn(reach.areaIds);
  const linkedTo = (restaurantIds: number[] | null) =>
    eb.exists(
      eb
        .selectFrom('driver_restaurants')
        .select(sql.lit(1).as('one'))
        .whereRef('driver_restaurants.driver_id', '=', 'drivers.id')
        .$if(restaurantIds !== null, (q) => q.where('driver_restaurants.restaurant_id', 'in', restaurantIds!)),
    );
  const worksInRestaurantsAreas = eb.exists(
    eb
      .selectFrom('driver_areas')
      .select(sql.lit(1).as('one'))
      .whereRef('driver_areas.driver_id', '=', 'drivers.id')
      .where('driver_areas.area_id', 'in', eb.selectFrom('restaurants').select('restaurants.area_id').where('restaurants.id', 'in', reach.restaurantIds)),
  );
  return eb.and([
    worksIn(reach.areaIds),
    eb.or([linkedTo(reach.restaurantIds), eb.and([eb.not(linkedTo(null)), worksInRestaurantsAreas])]),
  ]);
}

/**
 * The recipients of a message (spec 1, section 2 'Options': blank means all drivers): with nothing chosen,
 * every driver; otherwise the drivers of the chosen areas and restaurants; both narrowed by the status filter;
 * plus the drivers chosen by name. `limit` = what the sender may reach at all (managers), null for everyone.
 */
function recipientFilter(message: Pick<PushMessage, 'area_ids' | 'restaurant_ids' | 'notify_status' | 'driver_ids'>, limit: Reach | null) {
  return (eb: DriverScope): Expression<SqlBool> => {
    const nothingChosen = !message.area_ids.length && !message.restaurant_ids.length && !message.driver_ids.length;
    const byPlace = nothingChosen ? TRUE : inReach(eb, { areaIds: message.area_ids, restaurantIds: message.restaurant_ids });
    const byStatus = message.notify_status === null ? TRUE : eb('drivers.status', '=', message.notify_status);
    const chosen = message.driver_ids.length ? eb('drivers.id', 'in', message.driver_ids) : FALSE;
    const wanted = eb.or([eb.and([byPlace, byStatus]), chosen]);
    return limit ? eb.and([wanted, inReach(eb, limit)]) : wanted;
  };
}

/** A manager's reach: their areas, narrowed to their chosen restaurants when they have any (server/auth/scope.ts). */
export async function managerReach(db: Kysely<Database>, userId: number): Promise<Reach> {
  const [areas, restaurants] = await Promise.all([
    db.selectFrom('user_areas').select('area_id').where('user_id', '=', userId).execute(),
    db.selectFrom('user_restaurants').select('restaurant_id').where('user_id', '=', userId).execute(),
  ]);
  return { areaIds: areas.map((a) => a.area_id), restaurantIds: restaurants.map((r) => r.restaurant_id) };
}

/** Those of these drivers within the reach. */
export async function reachableDriverIds(db: Kysely<Database>, ids: number[], reach: Reach): Promise<number[]> {
  const rows = await db.selectFrom('drivers').select('id').where('id', 'in', ids).where((eb) => inReach(eb, reach)).execute();
  return rows.map((d) => d.id);
}

/** The drivers a push message goes to, by id. */
export async function pushRecipientIds(
  db: Kysely<Database>,
  message: Pick<PushMessage, 'area_ids' | 'restaurant_ids' | 'notify_status' | 'driver_ids'>,
  reach: Reach | null,
): Promise<number[]> {
  return (await db.selectFrom('drivers').select('id').where(recipientFilter(message, reach)).orderBy('id').execute()).map((r) => r.id);
}

/** The drivers an account may message (all when `reach` is null), sorted by name. */
export async function reachableDrivers(db: Kysely<Database>, reach: Reach | null) {
  return db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'email', 'status'])
    .$if(reach !== null, (q) => q.where((eb) => inReach(eb, reach!)))
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}
