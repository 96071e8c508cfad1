import { notFound } from '../plugins/errors';

/** A positive whole id from the address, else 404 with `message` (an id that cannot exist names no record). */
export function pathId(raw: string, message: string): number {
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(message);
  return id;
}
