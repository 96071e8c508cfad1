import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { DEMO_PASSWORD } from '../server/db/seed/demo';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The real server process on a benchmark data directory, once it answers its health check. */
export async function startServer(dataDir: string): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, server };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Bearer headers of a demo account. */
export async function login(url: string, call: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`${call} as ${email}: ${res.status}`);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}
