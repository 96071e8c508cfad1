// `npm start`: build the web app when its sources are newer than the last build, then run the server in this process.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['index.html', 'src', 'providers', 'resources', 'domain', 'vite.config.ts', 'package-lock.json'];

function newest(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(target, name))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newest))) {
  console.log('Building the web app (first start, or its sources changed)...');
  // Always the production build: a NODE_ENV inherited from the caller (a test runner's 'test') would make Vite build
  // React's development code, several times slower.
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

// npm runs this script through `sh -c`, and the shell does not pass signals on: stopping npm ends the shell and
// leaves this process behind with a new parent. Seeing that, the server stops as if told to (its SIGTERM handler
// shuts it down cleanly). Ctrl-C reaches this process directly, with the rest of the terminal's process group.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server', 'main.ts'));
