import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  IMAGE_MAX_WIDTH,
  IMAGE_MSG,
  IMAGE_QUALITY,
  THUMB_WIDTH,
  UNSUPPORTED_FILE_STATUS,
} from '../../domain/validation/image';
import { HttpError } from '../plugins/errors';
import { decodeBmp } from './bmp';

/**
 * Uploaded images under DATA_DIR/images (served at /images/{file}) with a thumbnail under images/thumb
 * (served at /images/thumb/{file}). Drivers' identity documents go to DATA_DIR/documents instead, which is never
 * served as it is (services/documents.ts hands out short-lived signed addresses). The type is read from the bytes,
 * never trusted from the name, and every image is re-encoded: at most 1920 px wide, quality 90, metadata (GPS
 * position in phone photos) dropped.
 */
export type ImageType = 'png' | 'jpeg' | 'bmp';

/** Public images, or private documents. */
export type ImageFolder = 'images' | 'documents';

export const POST_IMAGE_TYPES: readonly ImageType[] = ['png', 'jpeg', 'bmp'];
export const LOGO_TYPES: readonly ImageType[] = ['png', 'jpeg', 'bmp'];
export const DRIVER_PHOTO_TYPES: readonly ImageType[] = ['png', 'jpeg'];

export interface StoredImage {
  /** File name under images/ and images/thumb/: what records keep (img, logo_src, photo_src ...). */
  file: string;
  width: number;
  height: number;
}

/** The image type its first bytes announce, or null. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}

/** 'Unsupported file type' with the spec's code 402, on the form field that carried the file. */
export function unsupportedImage(field: string): HttpError {
  return new HttpError(UNSUPPORTED_FILE_STATUS, { message: IMAGE_MSG.unsupported, [field]: [IMAGE_MSG.unsupported] });
}

export function imagesDir(dataDir: string, folder: ImageFolder = 'images'): string {
  return path.join(dataDir, folder);
}

/**
 * Checks, re-encodes and stores an uploaded image and its thumbnail. Throws 402 'Unsupported file type'
 * (on `field`) when the bytes are not an accepted image, or not an image at all.
 */
export async function storeImage(
  dataDir: string,
  bytes: Buffer,
  options: { field: string; accept: readonly ImageType[]; folder?: ImageFolder },
): Promise<StoredImage> {
  const type = sniffImage(bytes);
  if (!type || !options.accept.includes(type)) throw unsupportedImage(options.field);

  // sharp reads png and jpeg itself; BMP is decoded here to raw pixels and re-encoded as PNG.
  let source: Sharp;
  try {
    if (type === 'bmp') {
      const bmp = decodeBmp(bytes);
      if (!bmp) throw new Error('undecodable bmp');
      source = sharp(bmp.pixels, { raw: { width: bmp.width, height: bmp.height, channels: 4 } });
    } else {
      source = sharp(bytes, { failOn: 'error' });
    }
    const outType = type === 'jpeg' ? 'jpeg' : 'png';
    const resized = source.rotate().resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true });
    const encode = (s: Sharp) =>
      outType === 'jpeg' ? s.jpeg({ quality: IMAGE_QUALITY, mozjpeg: true }) : s.png({ compressionLevel: 9 });
    const full = await encode(resized.clone()).toBuffer({ resolveWithObject: true });
    const thumb = await encode(resized.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true })).toBuffer();

    const file = `${crypto.randomBytes(12).toString('hex')}.${outType === 'jpeg' ? 'jpg' : 'png'}`;
    const dir = imagesDir(dataDir, options.folder);
    await fs.mkdir(path.join(dir, 'thumb'), { recursive: true });
    await fs.writeFile(path.join(dir, file), full.data);
    await fs.writeFile(path.join(dir, 'thumb', file), thumb);
    return { file, width: full.info.width, height: full.info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Right magic bytes, broken body: as unusable as any other non-image.
    throw unsupportedImage(options.field);
  }
}

/**
 * Deletes a stored image and its thumbnail. Only plain file names are accepted, so a record holding
 * '../something' can never reach outside the images directory. Missing files are not an error.
 */
export async function removeImage(dataDir: string, file: string | null | undefined, folder: ImageFolder = 'images'): Promise<void> {
  if (!file || !/^[A-Za-z0-9._-]+$/.test(file) || file.startsWith('.')) return;
  const dir = imagesDir(dataDir, folder);
  await Promise.all([
    fs.rm(path.join(dir, file), { force: true }),
    fs.rm(path.join(dir, 'thumb', file), { force: true }),
  ]);
}
