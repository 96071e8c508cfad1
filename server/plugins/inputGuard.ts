import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OWN_MSG, TEXT_HARD_MAX, textHardMaxMessage } from '../../domain/messages';
import { ID_MAX } from '../../domain/validation/ids';
import { badRequest } from './errors';

/**
 * What no record can hold is refused before any route sees it, whatever route it is sent to: text with NUL
 * characters or broken UTF-16 (PostgreSQL text cannot store them), text longer than any field takes, and ids the
 * database's 32-bit keys cannot hold (in the address, the query or the body). Each refusal is a 400 on the field,
 * never the 500 the database error would make. The forms' own rules (lengths, formats) come after, in domain/.
 */
const ID_FIELD = /(^|_)ids?$/;
/** Half of a surrogate pair without its other half: not a character, and not storable. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problem(value: unknown, idField: boolean): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return OWN_MSG.nulCharacter;
    if (LONE_SURROGATE.test(value)) return OWN_MSG.invalidText;
    if (value.length > TEXT_HARD_MAX) return textHardMaxMessage;
    if (idField && /^\s*\d+\s*$/.test(value) && Number(value) > ID_MAX) return OWN_MSG.idOutOfRange;
    return null;
  }
  if (typeof value === 'number' && idField && Number.isFinite(value) && Math.abs(value) > ID_MAX) return OWN_MSG.idOutOfRange;
  return null;
}

/** The first field of `input` (at any depth) no record can hold, with its message. */
function firstProblem(input: unknown, path: string, idField: boolean): [string, string] | null {
  if (Array.isArray(input)) {
    for (const item of input) {
      const found = firstProblem(item, path, idField);
      if (found) return found;
    }
    return null;
  }
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      const keyProblem = problem(key, false);
      if (keyProblem) return [path || 'form', keyProblem];
      const found = firstProblem(value, path ? `${path}.${key}` : key, ID_FIELD.test(key));
      if (found) return found;
    }
    return null;
  }
  const message = problem(input, idField);
  return message ? [path || 'form', message] : null;
}

/** Refuses input no record can hold with 400 on its field. Multipart bodies call it on their fields and file names. */
export function checkInput(input: unknown): void {
  const found = firstProblem(input, '', false);
  if (found) throw badRequest({ [found[0]]: [found[1]] });
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    checkInput(request.params);
    checkInput(request.query);
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) checkInput(request.body);
  });
});
