import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { JsonList, Piece } from './jsonList';
import { snapshotChangesSince, type Changes } from './snapshotChanges';

/**
 * A list's rows by day: for each day (YYYY-MM-DD), one JSON text per section of the list, its rows joined by commas
 * without brackets ('' when the day has none). The list is every section in turn, each by day.
 */
export type DayTexts = Map<string, string[]>;

/** Builds the rows of the given days, or of the whole range (null). */
export type DayBuilder = (days: string[] | null) => Promise<DayTexts>;

/** Rows by their period_date, keeping their order within each day. */
export function groupByDay<T extends { period_date: string }>(rows: T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const row of rows) {
    const day = byDay.get(row.period_date);
    if (day) day.push(row);
    else byDay.set(row.period_date, [row]);
  }
  return byDay;
}

/** One day's rows as the day's JSON text: the array's rows without its brackets. */
export const dayText = (rows: unknown[]): string => JSON.stringify(rows).slice(1, -1);

interface Kept {
  version: string;
  days: Map<string, (Piece | null)[]>;
  list: JsonList;
}

const OPEN = new Piece('[');
const COMMA = new Piece(',');
const CLOSE = new Piece(']');

/** The JSON list of the days' pieces: each section in turn, its days in date order, rows joined by commas. */
function assemble(days: Map<string, (Piece | null)[]>, sections: number): JsonList {
  const order = [...days.keys()].sort();
  const pieces: Piece[] = [OPEN];
  for (let section = 0; section < sections; section++) {
    for (const day of order) {
      const piece = days.get(day)![section];
      if (!piece) continue;
      if (pieces.length > 1) pieces.push(COMMA);
      pieces.push(piece);
    }
  }
  pieces.push(CLOSE);
  return new JsonList(pieces);
}

/** Each day's texts as pieces ('' as none). */
const piecesByDay = (texts: DayTexts) => new Map([...texts].map(([day, dayTexts]) => [day, dayTexts.map((text) => (text ? new Piece(text) : null))]));

/** The rows of a list by day joined into one JSON text (for lists that are not kept). */
export function joinDayTexts(texts: DayTexts, sections: number): string {
  return assemble(piecesByDay(texts), sections).body().toString();
}

/**
 * The change counter's version and what changed since `since`; null when this connection does not count changes.
 * The embedded database counts ('on'); a shared PostgreSQL server's connections read the log by snapshot
 * ('snapshot', snapshotChanges.ts).
 */
async function changesSince(db: Kysely<Database>, since: string | null): Promise<Changes | null> {
  // A version is the counter's number or a snapshot's text: each mode reads only its own as a version.
  const counted = since !== null && /^\d+$/.test(since) ? since : null;
  const { rows } = await sql<{ version: string; logged_from: string; mode: string; days: string | null }>`
    select c.version::text as version, c.logged_from::text as logged_from,
      coalesce(current_setting('app.track_changes', true), '') as mode,
      (select json_agg(distinct l.day)::text from change_log l where ${counted}::bigint is not null and l.version > ${counted}::bigint) as days
    from change_counter c where c.id = 1`.execute(db);
  const row = rows[0];
  if (row?.mode === 'snapshot') return snapshotChangesSince(db, counted === null ? since : null);
  if (row?.mode !== 'on') return null;
  if (counted === null || BigInt(counted) < BigInt(row.logged_from)) return { version: row.version, changed: 'all' };
  const days = JSON.parse(row.days ?? '[]') as (string | null)[];
  return { version: row.version, changed: days.includes(null) ? 'all' : new Set(days as string[]) };
}

/**
 * Lists over a range of days (a week of shifts, a month of timesheets), kept by day. After a change only the days
 * it touched are built again: the database logs them with each counted change (migrations/0003_changed_days.ts; on a
 * shared PostgreSQL server, by transaction, migrations/0016_snapshot_change_log.ts).
 * Approving a timesheet then costs the month's list one day's query and one day's compression, where building the
 * whole month is a third of a second of the embedded database's time.
 *
 * The version is read before anything is built, so a day built after a later write is built
 * again on the next read, never kept stale. Where the database does not count changes, every list is built fresh.
 */
export class DayListCache {
  private readonly entries = new Map<string, Kept>();
  private size = 0;

  constructor(
    private readonly maxSize: number,
    /** How many sections each list has (the timesheet list: saved timesheets, then placeholders). */
    private readonly sections: number,
  ) {}

  async get(db: Kysely<Database>, key: string, range: { from: string; to: string }, build: DayBuilder): Promise<JsonList> {
    const kept = this.entries.get(key);
    const changes = await changesSince(db, kept?.version ?? null);
    if (changes === null) return assemble(piecesByDay(await build(null)), this.sections);
    if (kept && changes.version === kept.version) {
      this.keep(key, kept);
      return kept.list;
    }
    if (kept && changes.changed !== 'all') {
      const stale = [...changes.changed].filter((day) => day >= range.from && day <= range.to).sort();
      if (!stale.length) {
        this.keep(key, { ...kept, version: changes.version });
        return kept.list;
      }
      const built = piecesByDay(await build(stale));
      const days = new Map(kept.days);
      for (const day of stale) {
        const pieces = built.get(day);
        if (pieces) days.set(day, pieces);
        else days.delete(day);
      }
      return this.keep(key, { version: changes.version, days, list: assemble(days, this.sections) }).list;
    }
    const days = piecesByDay(await build(null));
    return this.keep(key, { version: changes.version, days, list: assemble(days, this.sections) }).list;
  }

  /** Keeps an entry as the most recently used, letting the least recently used go while over the size. */
  private keep(key: string, entry: Kept): Kept {
    this.drop(key);
    if (entry.list.length > this.maxSize) return entry;
    for (const oldKey of this.entries.keys()) {
      if (this.size + entry.list.length <= this.maxSize) break;
      this.drop(oldKey);
    }
    this.entries.set(key, entry);
    this.size += entry.list.length;
    return entry;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.list.length;
    this.entries.delete(key);
  }
}
