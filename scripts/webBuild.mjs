// The web app's production build, made again only when its sources are newer than the last one.
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

/** Builds dist/ when it is missing or older than a source; says so first. */
export function buildWebAppIfStale() {
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newest))) return;
  console.log('Building the web app (no build yet, or its sources changed)...');
  // Always the production build: a NODE_ENV inherited from the caller (a test runner's 'test') would make Vite build
  // React's development code, several times slower.
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
