import { sql } from 'kysely';
import { DRIVER_MSG, driverSchema, type DriverInput } from '../../../domain/validation/driver';
import { IMPORT_MSG, splitNames } from '../../../domain/validation/imports';
import { DRIVER_STATUS } from '../../../domain/statuses';
import { driverProfileColumns } from '../../records/drivers';
import { driverAssignments, insertDriverAssignments, replaceDriverAssignments } from '../../records/driverAssignments';
import { areaIdNames } from '../../records/areas';
import { byName, pickColumns } from './pick';
import type { ImportSpec } from './run';

interface Facts {
  areas: Map<string, { id: number; name: string }>;
  restaurants: Map<string, { id: number; name: string; area_id: number | null }>;
  restaurantArea: Map<number, number | null>;
  drivers: Map<string, number>;
}

/** Inserts in slices: one statement's parameters (24 a driver) stay under PostgreSQL's 65,535. */
const SLICE = 2000;

/**
 * Drivers from a spreadsheet: a row is what the Manual Register dialog sends, with its areas and restaurants named
 * (`Camden; Islington`) rather than picked. Duplicates are drivers with the same e-mail. New drivers are registered
 * (status 30), as from the dialog, without a password: they get one when the office gives them access.
 */
export const driverImport: ImportSpec<Facts, DriverInput> = {
  kind: 'driver',
  async load(db) {
    const [areas, restaurants, drivers] = await Promise.all([
      areaIdNames(db),
      db.selectFrom('restaurants').select(['id', 'name', 'area_id']).orderBy('id').execute(),
      db.selectFrom('drivers').select(['id', sql<string>`lower(email)`.as('email')]).execute(),
    ]);
    return {
      areas: byName(areas),
      restaurants: byName(restaurants),
      restaurantArea: new Map(restaurants.map((r) => [r.id, r.area_id])),
      drivers: new Map(drivers.map((d) => [d.email, d.id])),
    };
  },
  toBody(values, facts) {
    const errors: Record<string, string[]> = {};
    const resolve = <R extends { id: number }>(field: string, names: string[], map: Map<string, R>, message: (n: string) => string) => {
      const unknown = names.filter((n) => !map.has(n.toLowerCase()));
      if (unknown.length) errors[field] = unknown.map(message);
      return names.flatMap((n) => map.get(n.toLowerCase())?.id ?? []);
    };
    const { areas = '', restaurants = '', ...rest } = values;
    const body = {
      ...rest,
      area_ids: resolve('areas', splitNames(areas), facts.areas, IMPORT_MSG.unknownArea),
      restaurant_ids: resolve('restaurants', splitNames(restaurants), facts.restaurants, IMPORT_MSG.unknownRestaurant),
    };
    return { body, errors };
  },
  schema: driverSchema,
  key: (input) => input.email.toLowerCase(),
  // The rule of the dialog and of checkDriverAssignments: each restaurant lies in one of the driver's areas.
  check(input, facts) {
    const outside = input.restaurant_ids.some((id) => !input.area_ids.includes(facts.restaurantArea.get(id) ?? -1));
    return outside ? { restaurant_ids: [DRIVER_MSG.restaurantOutsideAreas] } : null;
  },
  existing: (facts, key) => facts.drivers.get(key),
  async write(trx, { creates, updates, fields, facts }) {
    // Each new driver is written with its area_sort as driver_area_sort() reads it (the first of its areas' names,
    // lower-cased), so the driver_areas trigger finds nothing to change and history holds one entry per driver.
    const areaName = new Map([...facts.areas.values()].map((a) => [a.id, a.name.toLowerCase()]));
    const areaSort = (ids: number[]) => ids.map((id) => areaName.get(id)!).sort()[0] ?? null;
    const created: number[] = [];
    for (let i = 0; i < creates.length; i += SLICE) {
      const slice = creates.slice(i, i + SLICE);
      const rows = await trx
        .insertInto('drivers')
        .values(slice.map((input) => ({ ...driverProfileColumns(input), area_sort: areaSort(input.area_ids), status: DRIVER_STATUS.registered })))
        .returning(['id', 'email'])
        .execute();
      const idOf = new Map(rows.map((r) => [r.email, r.id]));
      created.push(...rows.map((r) => r.id));
      await insertDriverAssignments(
        trx,
        slice.map((input) => ({ driverId: idOf.get(input.email.toLowerCase())!, areaIds: input.area_ids, restaurantIds: input.restaurant_ids })),
      );
    }
    const assignments = fields.includes('areas') || fields.includes('restaurants');
    for (const { id, input } of updates) {
      const columns = pickColumns(driverProfileColumns(input), fields);
      if (Object.keys(columns).length) await trx.updateTable('drivers').set({ ...columns, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
      if (!assignments) continue;
      // A list the file has no column for is kept: a file of areas alone keeps the driver's restaurants that lie in
      // the new areas, and a file of restaurants alone keeps the driver's areas.
      const stored = fields.includes('areas') && fields.includes('restaurants') ? null : await driverAssignments(trx, id);
      const areaIds = fields.includes('areas') ? input.area_ids : stored!.areaIds;
      const restaurantIds = fields.includes('restaurants')
        ? input.restaurant_ids
        : stored!.restaurantIds.filter((rid) => areaIds.includes(facts.restaurantArea.get(rid) ?? -1));
      await replaceDriverAssignments(trx, id, areaIds, restaurantIds);
    }
    return created;
  },
};
