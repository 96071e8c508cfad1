// `npm start`: build the web app when its sources are newer than the last build, then run the server.
import { execSync, spawn } from 'node:child_process';
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
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
