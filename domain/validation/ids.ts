/**
 * Record ids are the database's 32-bit serials: 1 to 2,147,483,647. A larger number names no record, and the
 * database refuses to compare one with an id, so every reader of ids stops it here.
 */
export const ID_MAX = 2_147_483_647;

export const isId = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= ID_MAX;

/** A positive whole id given as a number or as text (select inputs and multipart fields hold text). */
export function readId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return isId(n) ? n : null;
}

/** An id given as itself or as the `{ key: id }` item a list answers, so a client may send back what it read. */
export function readKeyedId(value: unknown, key: string): number | null {
  return readId(value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : value);
}

/** A list of ids as multipart text holds it: JSON text, else comma-separated; any other value as it is. */
export function listFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value.split(',');
  }
}
