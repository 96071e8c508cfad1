import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * How `npm run backup` reaches a running server: the embedded database belongs to the one process that opened it,
 * so the backup must be made in that process. The server listens on a local socket beside its data directory
 * (readable by the data directory's owner only, the same people who could copy the files); the command sends one
 * JSON line and reads one back.
 */
export interface ControlRequest {
  backup: string;
}
export type ControlAnswer = { ok: true; note: unknown } | { ok: false; error: string };

/** The socket's path: in the data directory, or (when that path is too long for a socket) a temporary one named after it. */
function controlPath(dataDir: string): string {
  const hash = crypto.createHash('sha1').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\backoffice-${hash}`;
  const inDataDir = path.join(dataDir, 'control.sock');
  return inDataDir.length < 100 ? inDataDir : path.join(os.tmpdir(), `backoffice-${hash}.sock`);
}

/** Listens for backup requests; answers the function that stops listening. */
export async function serveControl(dataDir: string, handle: (request: ControlRequest) => Promise<unknown>): Promise<() => Promise<void>> {
  const where = controlPath(dataDir);
  // A socket file left by a server that was killed: this process holds the data directory's lock, so it is stale.
  if (process.platform !== 'win32') fs.rmSync(where, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      input += chunk;
      if (!input.includes('\n')) return;
      const reply = (answer: ControlAnswer) => socket.end(`${JSON.stringify(answer)}\n`);
      let request: ControlRequest;
      try {
        request = JSON.parse(input) as ControlRequest;
        if (typeof request.backup !== 'string' || !path.isAbsolute(request.backup)) throw new Error('backup needs an absolute folder');
      } catch (error) {
        return reply({ ok: false, error: (error as Error).message });
      }
      handle(request).then(
        (note) => reply({ ok: true, note }),
        (error: Error) => reply({ ok: false, error: error.message }),
      );
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(where, resolve));
  if (process.platform !== 'win32') fs.chmodSync(where, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Sends a request to the server of `dataDir`; null when no server is listening there. */
export async function askServer(dataDir: string, request: ControlRequest): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (output += chunk));
    socket.on('end', () => resolve(JSON.parse(output) as ControlAnswer));
    socket.on('error', (error: NodeJS.ErrnoException) => (['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error)));
  });
}
