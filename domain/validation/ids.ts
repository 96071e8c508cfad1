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
