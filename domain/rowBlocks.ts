/**
 * A list of records written as blocks, for lists whose field names and repeated people would otherwise be most of
 * their bytes. The answer is a JSON array of blocks; a block is an array of
 * - the field names, once. A name inside an array (`["driver"]`) marks a field whose values are objects, each
 *   written once in the block's shared objects and given by its index there (or null);
 * - the shared objects;
 * - each record's values in the order of the names.
 *
 * `[["id","period_date",["driver"]], [{"id":67,"full_name":"Thomas Ahmed"}], [3,"2026-11-09",0], [4,"2026-11-09",null]]`
 *
 * A record whose own fields are not the block's (another set, another order, or a value JSON cannot hold) is written
 * whole, as an object, in its place. Reading the blocks back gives the records the plain list would have given, field
 * for field and in order; a shared object is one object in every record that names it.
 *
 * The board's week of shifts at a few hundred restaurants is 2.7 MB as a list of objects, each shift naming its
 * creator, publisher and driver in full: as blocks, a fraction of the bytes for the server to compress and the browser
 * to receive, decode and parse, for every week of a Month. Kept free of any library: the board's first view
 * (src/pages/schedule/preview/) reads it before the app's code.
 */

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values of `record` in the order of `keys`, or null when its fields are not exactly those, in that order. */
function valuesOf(record: object, keys: readonly string[]): unknown[] | null {
  const row = record as Row;
  const own = Object.keys(row);
  if (own.length !== keys.length) return null;
  const values: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const value = row[keys[i]];
    if (own[i] !== keys[i] || value === undefined || typeof value === 'function') return null;
    values[i] = value;
  }
  return values;
}

/** One block of `rows` as JSON text, the first row's fields as the block's; '' when there are none. */
export function blockText(rows: readonly object[]): string {
  if (!rows.length) return '';
  const keys = Object.keys(rows[0]);
  const valued = rows.map((row) => valuesOf(row, keys));
  // A field is shared when it holds an object in some record and an object or null in every other.
  const shared = keys.map((_, k) => valued.some((v) => v && v[k] !== null) && valued.every((v) => !v || v[k] === null || isObject(v[k])));
  const objects: unknown[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (value: object): number => {
    const text = JSON.stringify(value);
    let index = indexes.get(text);
    if (index === undefined) {
      index = objects.length;
      indexes.set(text, index);
      objects.push(value);
    }
    return index;
  };
  const written = valued.map((values, i) => (values ? values.map((v, k) => (shared[k] && v !== null ? indexOf(v as object) : v)) : rows[i]));
  return JSON.stringify([keys.map((key, k) => (shared[k] ? [key] : key)), objects, ...written]);
}

/** `rows` as a whole answer: one block, inside the list of blocks. */
export const blocksText = (rows: readonly object[]): string => `[${blockText(rows)}]`;

/** Each answer's records, by its parsed body: see rowsOfBlocks. */
const readAlready = new WeakMap<unknown[], Row[]>();

/**
 * The records of an answer written as blocks, in order. A record in the list itself is taken as it is: a server that
 * does not know compact=1 (an older instance during an upgrade) answers the plain list, which must not read as empty.
 * The same body read again gives the same records, read once: a page load's early answer is read by the first view
 * and then by the board. The records and their list are shared, so they are read, never changed.
 */
export function rowsOfBlocks<T>(body: unknown): T[] {
  if (!Array.isArray(body)) return [];
  const known = readAlready.get(body);
  if (known) return known as T[];
  const rows: Row[] = [];
  for (const block of body) {
    if (isObject(block)) rows.push(block as Row);
    if (!Array.isArray(block) || !Array.isArray(block[0]) || !Array.isArray(block[1])) continue;
    const names = block[0] as (string | [string])[];
    const objects = block[1] as unknown[];
    const keys = names.map((name) => (Array.isArray(name) ? name[0] : name));
    const shared = names.map((name) => Array.isArray(name));
    // Each record a copy of one parsed template, its fields then set: objects built field by field under computed
    // names fall into the engine's slow dictionary form past a dozen fields (three times the time to build, and
    // slower to read), where a copy keeps the template's fast shape, as JSON.parse's own objects have.
    const template = JSON.parse(`{${keys.map((key) => `${JSON.stringify(key)}:null`).join(',')}}`) as Row;
    for (let i = 2; i < block.length; i++) {
      const values = block[i] as unknown;
      if (!Array.isArray(values)) {
        rows.push(values as Row);
        continue;
      }
      const row: Row = { ...template };
      for (let k = 0; k < keys.length; k++) row[keys[k]] = shared[k] && values[k] !== null ? objects[values[k] as number] : values[k];
      rows.push(row);
    }
  }
  readAlready.set(body, rows);
  return rows as T[];
}
