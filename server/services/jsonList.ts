import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const deflateRaw = promisify(zlib.deflateRaw);

/** Answers under this many bytes are not worth compressing (the server's compression threshold). */
const COMPRESS_FROM = 2048;

/** Level 4, as the server's compression of other answers: a month of timesheets goes from 11 MB to 1.3 MB. */
const LEVEL = 4;

/**
 * A piece of a JSON answer, compressed on its own once asked for. Each piece's deflate data ends on a byte boundary
 * without closing the stream (a sync flush), so pieces compressed at different times join into one valid gzip
 * stream (RFC 1951 and 1952): a list whose one day changed compresses that day again, not the month.
 */
export class Piece {
  readonly bytes: Buffer;
  private deflated: Promise<Buffer> | null = null;

  constructor(text: string) {
    this.bytes = Buffer.from(text);
  }

  deflate(): Promise<Buffer> {
    this.deflated ??= deflateRaw(this.bytes, { level: LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return this.deflated;
  }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block: what ends the stream after the pieces. */
const DEFLATE_END = zlib.deflateRawSync(Buffer.alloc(0));

/** The pieces as one gzip stream: header, each piece's deflate data, the final block, CRC-32 and length. */
async function gzipJoined(pieces: Piece[]): Promise<Buffer> {
  const bodies = await Promise.all(pieces.map((p) => p.deflate()));
  let crc = 0;
  let length = 0;
  for (const p of pieces) {
    crc = zlib.crc32(p.bytes, crc);
    length += p.bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4); // the length modulo 2^32, as the format says
  return Buffer.concat([GZIP_HEADER, ...bodies, DEFLATE_END, trailer]);
}

/** A list answered as JSON, made of pieces; its bytes and its gzipped bytes are made once, when first asked for. */
export class JsonList {
  readonly length: number;
  private joined: Buffer | null = null;
  private zipped: Promise<Buffer> | null = null;

  constructor(private readonly pieces: Piece[]) {
    this.length = pieces.reduce((sum, p) => sum + p.bytes.length, 0);
  }

  body(): Buffer {
    this.joined ??= Buffer.concat(this.pieces.map((p) => p.bytes));
    return this.joined;
  }

  gzipped(): Promise<Buffer> {
    this.zipped ??= gzipJoined(this.pieces);
    return this.zipped;
  }
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
  if (list.length < COMPRESS_FROM || !acceptsGzip(request)) return reply.send(list.body());
  // The compression plugin leaves an answer that already says how it is encoded alone.
  return reply.header('content-encoding', 'gzip').send(await list.gzipped());
}
