import type { UploadedFile } from '../plugins/uploads';
import { removeImage, storeImage, type ImageFolder, type ImageType } from './images';

/**
 * The image fields of one save (a restaurant's logo, a driver's photos). A form sends, per field, a new file,
 * or the current file name to keep it, or nothing to remove it (spec 2, section 7: 'logo_src or null').
 * New files are stored before the database transaction, so the transaction stays short; if it fails they are
 * removed again (`discard`), and the files they replaced are removed only once it has committed (`commit`),
 * so a failed save never loses an image.
 */
type Placed = { file: string; folder: ImageFolder };

export class ImageChanges {
  private stored: Placed[] = [];
  private dropped: Placed[] = [];

  constructor(private dataDir: string) {}

  /** The field's value after the save. Throws 402 'Unsupported file type' (on `field`) for a bad file. */
  async resolve(
    field: string,
    current: string | null,
    upload: { file?: UploadedFile; keep: boolean },
    accept: readonly ImageType[],
    folder: ImageFolder = 'images',
  ): Promise<string | null> {
    if (upload.file) {
      const image = await storeImage(this.dataDir, upload.file.bytes, { field, accept, folder });
      this.stored.push({ file: image.file, folder });
      this.drop(current, folder);
      return image.file;
    }
    if (upload.keep) return current;
    this.drop(current, folder);
    return null;
  }

  /** Stores a new file that replaces nothing (a new right-to-work photo). */
  async add(field: string, file: UploadedFile, accept: readonly ImageType[], folder: ImageFolder = 'images'): Promise<string> {
    const image = await storeImage(this.dataDir, file.bytes, { field, accept, folder });
    this.stored.push({ file: image.file, folder });
    return image.file;
  }

  /** A stored file that the save removes. */
  drop(file: string | null, folder: ImageFolder = 'images'): void {
    if (file) this.dropped.push({ file, folder });
  }

  /** The save failed: remove what it stored. */
  async discard(): Promise<void> {
    const files = this.stored.splice(0);
    await Promise.all(files.map((f) => removeImage(this.dataDir, f.file, f.folder)));
  }

  /** The save committed: remove what it replaced. */
  async commit(): Promise<void> {
    const files = this.dropped.splice(0);
    this.stored = [];
    await Promise.all(files.map((f) => removeImage(this.dataDir, f.file, f.folder)));
  }

  /** Runs a save with these changes: discard on failure, commit on success. */
  async run<T>(save: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await save();
    } catch (error) {
      await this.discard();
      throw error;
    }
    await this.commit();
    return result;
  }
}
