import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DRIVER_PHOTO_EXTENSIONS, imageFileProblem, IMAGE_MSG } from '../../../domain/validation/image';
import {
  DRIVER_DOCUMENT_FIELDS,
  DRIVER_MSG,
  DRIVER_PHOTO_FIELDS,
  RIGHT_TO_WORK_FIELD,
  RIGHT_TO_WORK_MAX,
  type DriverPhotoField,
} from '../../../domain/validation/driver';
import { fieldError } from '../../plugins/errors';
import type { MultipartBody, UploadedFile } from '../../plugins/uploads';
import { DRIVER_PHOTO_TYPES, unsupportedImage } from '../../services/images';
import type { ImageChanges } from '../../services/imageChanges';
import { driverPhotoFiles, rightToWorkPhotos } from '../../records/driverPhotos';

/** Driver photos must be png or jpeg by name as well as by their bytes (spec 2, section 5), else 402. */
function checkName(file: UploadedFile): void {
  if (imageFileProblem({ name: file.filename, size: file.bytes.length }, DRIVER_PHOTO_EXTENSIONS) === IMAGE_MSG.unsupported) {
    throw unsupportedImage(file.field);
  }
}

export interface PhotoPlan {
  single: Record<DriverPhotoField, string | null>;
  /** Right-to-work photos after the save: kept rows by id, new files to insert. */
  keepIds: number[];
  added: { src_name: string; file_name: string }[];
  removedIds: number[];
}

/**
 * The photos of a driver after a save: per photo field a new file, the current one kept (its name sent back)
 * or none; right-to-work photos kept by id plus new files. Checks every file's name before storing any, so a
 * wrong type stores nothing.
 */
export async function planPhotos(
  db: Kysely<Database>,
  images: ImageChanges,
  body: MultipartBody,
  keep: Record<DriverPhotoField, string | null> & { right_to_work_photos: number[] },
  driverId: number | null,
): Promise<PhotoPlan> {
  const files = body.files.filter((f) => (DRIVER_PHOTO_FIELDS as readonly string[]).includes(f.field) || f.field === RIGHT_TO_WORK_FIELD);
  files.forEach(checkName);

  const current = driverId ? await driverPhotoFiles(db, driverId) : undefined;
  const currentRtw = driverId ? await rightToWorkPhotos(db, driverId) : [];

  const keepIds = keep.right_to_work_photos.filter((id) => currentRtw.some((p) => p.id === id));
  const newRtw = files.filter((f) => f.field === RIGHT_TO_WORK_FIELD);
  if (keepIds.length + newRtw.length > RIGHT_TO_WORK_MAX) {
    throw fieldError(RIGHT_TO_WORK_FIELD, DRIVER_MSG.photosTooMany);
  }
  if (keep.right_to_work_photos.length !== keepIds.length) throw fieldError(RIGHT_TO_WORK_FIELD, DRIVER_MSG.photosInvalid);

  const single = {} as Record<DriverPhotoField, string | null>;
  for (const field of DRIVER_PHOTO_FIELDS) {
    const file = files.find((f) => f.field === field);
    const folder = (DRIVER_DOCUMENT_FIELDS as readonly string[]).includes(field) ? 'documents' : 'images';
    single[field] = await images.resolve(field, current?.[field] ?? null, { file, keep: !!keep[field] }, DRIVER_PHOTO_TYPES, folder);
  }
  const added: PhotoPlan['added'] = [];
  for (const file of newRtw) {
    added.push({ src_name: file.filename.slice(0, 200), file_name: await images.add(RIGHT_TO_WORK_FIELD, file, DRIVER_PHOTO_TYPES, 'documents') });
  }
  const removed = currentRtw.filter((p) => !keepIds.includes(p.id));
  removed.forEach((p) => images.drop(p.file_name, 'documents'));
  return { single, keepIds, added, removedIds: removed.map((p) => p.id) };
}
