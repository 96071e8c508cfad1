import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DRIVER_PHOTO_FIELDS } from '../../domain/validation/driver';

/** The driver's stored photo and document files, one column each (undefined when the driver does not exist). */
export async function driverPhotoFiles(db: Kysely<Database>, driverId: number) {
  return db.selectFrom('drivers').select([...DRIVER_PHOTO_FIELDS]).where('id', '=', driverId).executeTakeFirst();
}

/** The driver's right-to-work photos. */
export async function rightToWorkPhotos(db: Kysely<Database>, driverId: number) {
  return db.selectFrom('driver_right_to_work_photos').select(['id', 'file_name']).where('driver_id', '=', driverId).execute();
}

/** A save's right-to-work photos: those removed deleted, new files added. */
export async function writeRightToWork(
  trx: Transaction<Database>,
  driverId: number,
  removedIds: number[],
  added: { src_name: string; file_name: string }[],
): Promise<void> {
  if (removedIds.length) await trx.deleteFrom('driver_right_to_work_photos').where('id', 'in', removedIds).execute();
  if (added.length) {
    await trx.insertInto('driver_right_to_work_photos').values(added.map((p) => ({ driver_id: driverId, ...p }))).execute();
  }
}
