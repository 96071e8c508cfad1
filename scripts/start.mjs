// `npm start`: build the web app when its sources are newer than the last build, then run the server in this process.
import path from 'node:path';
import { buildWebAppIfStale } from './webBuild.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
buildWebAppIfStale();

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
