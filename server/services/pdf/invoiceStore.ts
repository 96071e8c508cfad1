import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Issued invoice documents live under DATA_DIR/invoices/, outside the web root: they are served only through
 * GET /api/invoice-download/{id}, which checks who asks. The row keeps the path relative to DATA_DIR.
 */
const FOLDER = 'invoices';

function resolveInside(dataDir: string, relative: string): string | null {
  const root = path.resolve(dataDir, FOLDER);
  const full = path.resolve(dataDir, relative);
  return full.startsWith(root + path.sep) ? full : null;
}

/** Writes the document of invoice `id` (to a temporary name first, so a reader never sees half a file). */
export async function storeInvoicePdf(dataDir: string, id: number, bytes: Buffer): Promise<string> {
  const relative = path.posix.join(FOLDER, `${id}.pdf`);
  const full = path.join(dataDir, FOLDER, `${id}.pdf`);
  await fs.mkdir(path.dirname(full), { recursive: true });
  const temporary = `${full}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, full);
  return relative;
}

/** The stored document, or null when there is none (never stored, or the file went missing). */
export async function readInvoicePdf(dataDir: string, relative: string | null): Promise<Buffer | null> {
  if (!relative) return null;
  const full = resolveInside(dataDir, relative);
  if (!full) return null;
  try {
    return await fs.readFile(full);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function removeInvoicePdf(dataDir: string, relative: string | null): Promise<void> {
  if (!relative) return;
  const full = resolveInside(dataDir, relative);
  if (full) await fs.rm(full, { force: true });
}
