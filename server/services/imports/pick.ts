/** The columns of `row` that the file has a field for (`fields`, mapped through `columnOf` where names differ). */
export function pickColumns<T extends Record<string, unknown>>(row: T, fields: readonly string[], columnOf: Record<string, string> = {}): Partial<T> {
  const wanted = new Set(fields.map((f) => columnOf[f] ?? f));
  return Object.fromEntries(Object.entries(row).filter(([column]) => wanted.has(column))) as Partial<T>;
}

/** Lower-case names to ids; a name given twice keeps its first row. */
export function byName<R extends { name: string }>(rows: R[]): Map<string, R> {
  const map = new Map<string, R>();
  for (const row of rows) if (!map.has(row.name.toLowerCase())) map.set(row.name.toLowerCase(), row);
  return map;
}
