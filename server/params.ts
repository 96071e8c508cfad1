import { readId } from '../domain/validation/ids';
import { notFound } from './plugins/errors';

/**
 * A record's id from the address: digits naming a possible id (1 to ID_MAX), else 404 with `message`, the record's
 * own 'not found' (an id that cannot exist names no record, and never reaches the database).
 */
export function pathId(raw: string, message: string): number {
  const id = /^\d+$/.test(raw) ? readId(raw) : null;
  if (id === null) throw notFound(message);
  return id;
}
