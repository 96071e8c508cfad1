import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Lists that are costly to build, kept while nothing they are made of has changed. A month of every restaurant's
 * timesheets is about 11 MB of JSON and a third of a second of the embedded database's time; answered again from
 * here it costs one small query.
 *
 * The database counts committed changes (migrations/0002_change_counter.ts). The counter is read before the list
 * is built, so a list kept under a version holds at least the changes of that version, and it is answered only
 * while the counter still reads that version: any write since, committed or not yet read back, makes it a miss.
 * Where the database does not count (a shared PostgreSQL server), every list is built fresh.
 */
export class ListCache {
  private readonly entries = new Map<string, { version: string; text: string }>();
  /** Characters kept (the lists are JSON of mostly ASCII text: about bytes). */
  private size = 0;

  constructor(private readonly maxSize: number) {}

  async get(db: Kysely<Database>, key: string, build: () => Promise<string>): Promise<string> {
    const version = await changeVersion(db);
    if (version === null) return build();
    const kept = this.entries.get(key);
    if (kept?.version === version) {
      // Most recently used last, so eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.text;
    }
    const text = await build();
    this.keep(key, version, text);
    return text;
  }

  private keep(key: string, version: string, text: string) {
    // Lists of an older version can never be answered again; then the least recently used go first.
    for (const [oldKey, entry] of this.entries) if (entry.version !== version || oldKey === key) this.drop(oldKey);
    if (text.length > this.maxSize) return;
    for (const oldKey of this.entries.keys()) {
      if (this.size + text.length <= this.maxSize) break;
      this.drop(oldKey);
    }
    this.entries.set(key, { version, text });
    this.size += text.length;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.text.length;
    this.entries.delete(key);
  }
}

/** The change counter's version, or null when this connection does not count changes. */
async function changeVersion(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ version: string; counting: boolean }>`
    select version::text as version, coalesce(current_setting('app.track_changes', true), '') = 'on' as counting
    from change_counter where id = 1`.execute(db);
  return rows[0]?.counting ? rows[0].version : null;
}
