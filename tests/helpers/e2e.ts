import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** End-to-end tests run the real process (`server/main.ts`) on a fresh data directory, as `npm start` does. */
export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const root = path.resolve(__dirname, '../..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('Build the app first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** Logs in through the login page's tab ('Admin' for staff, 'Business' for restaurant accounts). */
export async function logIn(page: Page, url: string, email: string, tab: 'Admin' | 'Business'): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * What a page heard and said on the live feed and its console, with times, for a failing live assertion to show
 * where a message went missing.
 */
export function recordLiveFeed(page: Page): { explain: (error: unknown, shown?: string) => Error } {
  const start = Date.now();
  const lines: string[] = [];
  const note = (line: string) => lines.push(`${String(Date.now() - start).padStart(6)} ms ${line.slice(0, 400)}`);
  page.on('websocket', (ws) => {
    note(`socket open ${ws.url()}`);
    ws.on('framereceived', (frame) => note(`<- ${String(frame.payload)}`));
    ws.on('framesent', (frame) => note(`-> ${String(frame.payload)}`));
    ws.on('close', () => note('socket closed'));
  });
  page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
  page.on('request', (request) => {
    if (request.url().includes('/api/') || request.url().includes('/broadcasting/')) note(`${request.method()} ${request.url()}`);
  });
  return {
    explain(error: unknown, shown?: string) {
      const base = error instanceof Error ? error : new Error(String(error));
      const screen = shown === undefined ? '' : `\n\nWhat the page showed:\n${shown}`;
      base.message = `${base.message}${screen}\n\nLive feed and console of the page:\n${lines.join('\n')}`;
      return base;
    },
  };
}
