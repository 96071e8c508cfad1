import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

const gzip = promisify(zlib.gzip);

/** Answers under this many characters are not worth compressing (the server's compression threshold). */
const COMPRESS_FROM = 2048;

/** A list as JSON text, and once asked for, its gzipped bytes (kept with it, so a kept list is compressed once). */
export class JsonList {
  private zipped: Promise<Buffer> | null = null;

  constructor(readonly text: string) {}

  gzipped(): Promise<Buffer> {
    // Level 4, as the server's compression of other answers: a month of timesheets goes from 11 MB to 1.3 MB.
    this.zipped ??= gzip(this.text, { level: 4 });
    return this.zipped;
  }
}

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
  private readonly entries = new Map<string, { version: string; list: JsonList }>();
  /** Characters kept (the lists are JSON of mostly ASCII text: about bytes; the gzipped copies add a tenth). */
  private size = 0;

  constructor(private readonly maxSize: number) {}

  async get(db: Kysely<Database>, key: string, build: () => Promise<string>): Promise<JsonList> {
    const version = await changeVersion(db);
    if (version === null) return new JsonList(await build());
    const kept = this.entries.get(key);
    if (kept?.version === version) {
      // Most recently used last, so eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.list;
    }
    const list = new JsonList(await build());
    this.keep(key, version, list);
    return list;
  }

  private keep(key: string, version: string, list: JsonList) {
    const length = list.text.length;
    // Lists of an older version can never be answered again; then the least recently used go first.
    for (const [oldKey, entry] of this.entries) if (entry.version !== version || oldKey === key) this.drop(oldKey);
    if (length > this.maxSize) return;
    for (const oldKey of this.entries.keys()) {
      if (this.size + length <= this.maxSize) break;
      this.drop(oldKey);
    }
    this.entries.set(key, { version, list });
    this.size += length;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.list.text.length;
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

/** Does the client take gzip? ('gzip' or '*' in Accept-Encoding, not refused with q=0) */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Sends a list as JSON: its kept gzipped bytes when the client takes them, the text otherwise. */
export async function sendList(request: FastifyRequest, reply: FastifyReply, list: JsonList): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (list.text.length < COMPRESS_FROM || !acceptsGzip(request)) return reply.send(list.text);
  // The compression plugin leaves an answer that already says how it is encoded alone.
  return reply.header('content-encoding', 'gzip').send(await list.gzipped());
}
