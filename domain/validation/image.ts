/**
 * Uploaded images (spec 1 section 5, spec 2 section 5): post images, restaurant logos and driver photos.
 * The server checks the bytes (server/services/images.ts); the forms check name and size before sending.
 */
export const IMAGE_MAX_BYTES = 10_000_000;

/** Post images and logos: png, jpeg, jpg, bmp. Driver photos: png or jpeg only. */
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'bmp'] as const;
export const DRIVER_PHOTO_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;

/** Re-compression of stored images (spec 2 section 2 'Driver dialogs'). */
export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_QUALITY = 90;
export const THUMB_WIDTH = 240;

export const IMAGE_MSG = {
  tooLarge: 'File size should be less than 10 MB!',
  unsupported: 'Unsupported file type',
} as const;

/** The HTTP status the spec gives an unsupported image ('Unsupported file type', code 402). */
export const UNSUPPORTED_FILE_STATUS = 402;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The form-side check of a chosen file: its size and the extension of its name. Null when acceptable. */
export function imageFileProblem(
  file: { name: string; size: number },
  extensions: readonly string[] = IMAGE_EXTENSIONS,
): string | null {
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MSG.tooLarge;
  if (!extensions.includes(extensionOf(file.name))) return IMAGE_MSG.unsupported;
  return null;
}
