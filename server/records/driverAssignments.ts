import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DRIVER_MSG } from '../../domain/validation/driver';
import { fieldError } from '../plugins/errors';
import { existingAreaIds } from './areas';
import { replaceLinks } from './links';

/**
 * A driver's areas and restaurants (spec 2, section 3; spec 3 reads them to offer a driver to a restaurant:
 * no areas = anywhere; else a matching area and either no restaurants or that one). Every area must exist and
 * every restaurant lie in one of the chosen areas, else the choice could never apply.
 */
export async function checkDriverAssignments(db: Kysely<Database>, areaIds: number[], restaurantIds: number[]): Promise<void> {
  if (areaIds.length) {
    const found = await existingAreaIds(db, areaIds, { share: true });
    if (found.length !== areaIds.length) throw fieldError('area_ids', DRIVER_MSG.unknownArea);
  }
  if (restaurantIds.length) {
    const inAreas = areaIds.length
      ? await db.selectFrom('restaurants').select('id').where('id', 'in', restaurantIds).where('area_id', 'in', areaIds).forShare().execute()
      : [];
    if (inAreas.length !== restaurantIds.length) throw fieldError('restaurant_ids', DRIVER_MSG.restaurantOutsideAreas);
  }
}

/** Replaces a driver's areas and restaurants; call inside the transaction that writes the driver. */
export async function replaceDriverAssignments(trx: Transaction<Database>, driverId: number, areaIds: number[], restaurantIds: number[]): Promise<void> {
  await replaceLinks(trx, driverId, { driver_areas: areaIds, driver_restaurants: restaurantIds });
}

/** New drivers' areas and restaurants, many drivers in two statements (an import); inside the transaction that adds them. */
export async function insertDriverAssignments(
  trx: Transaction<Database>,
  drivers: readonly { driverId: number; areaIds: readonly number[]; restaurantIds: readonly number[] }[],
): Promise<void> {
  const areaRows = drivers.flatMap((d) => d.areaIds.map((area_id) => ({ driver_id: d.driverId, area_id })));
  const restaurantRows = drivers.flatMap((d) => d.restaurantIds.map((restaurant_id) => ({ driver_id: d.driverId, restaurant_id })));
  if (areaRows.length) await trx.insertInto('driver_areas').values(areaRows).execute();
  if (restaurantRows.length) await trx.insertInto('driver_restaurants').values(restaurantRows).execute();
}

/** A driver's areas and restaurants as stored. */
export async function driverAssignments(db: Kysely<Database>, driverId: number): Promise<{ areaIds: number[]; restaurantIds: number[] }> {
  // One after the other: inside a transaction both go to its one connection anyway.
  const areas = await db.selectFrom('driver_areas').select('area_id').where('driver_id', '=', driverId).execute();
  const restaurants = await db.selectFrom('driver_restaurants').select('restaurant_id').where('driver_id', '=', driverId).execute();
  return { areaIds: areas.map((r) => r.area_id), restaurantIds: restaurants.map((r) => r.restaurant_id) };
}
