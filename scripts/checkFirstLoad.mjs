// Fails (exit 1) when the code a board's page load runs before its first rows imports the schema library (zod, some
// 25 KB gzip): the rules the board needs at once (messages, readers) live in zod-free modules, and the schemas load
// with the first dialog or form that checks them. Follows value imports only: type imports vanish in the build, and a
// dynamic import() is a chunk loaded later. Run by `npm run lint`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What a page load on the board evaluates before its first rows: the entry, the first view, the app and the board. */
const ENTRIES = ['src/main.tsx', 'src/firstView.ts', 'src/App.tsx'];
const KEPT_OUT = ['zod'];
const EXTENSIONS = ['.ts', '.tsx'];
/** A static import or re-export and what it names: `import x from`, `import { a, type B } from`, `export * from`. */
const STATEMENT = /(?:^|\n)\s*(import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, 'index' + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** True when the statement brings only types: `import type …`, `export type …`, or braces of `type` names alone. */
function typeOnly(names) {
  if (/^type\b/.test(names)) return true;
  const braces = /^\{([^}]*)\}$/.exec(names.trim());
  return !!braces && braces[1].split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '));
}

const cameFrom = new Map(ENTRIES.map((e) => [resolve(e), null]));
const queue = [...cameFrom.keys()];
const reached = [];
while (queue.length) {
  const file = queue.shift();
  for (const m of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
    const spec = m[3] ?? m[4];
    if (m[3] && typeOnly(m[2])) continue;
    if (KEPT_OUT.includes(spec)) reached.push([spec, file]);
    if (!spec.startsWith('.')) continue;
    const target = resolveImport(file, spec);
    if (!target || cameFrom.has(target)) continue;
    cameFrom.set(target, file);
    queue.push(target);
  }
}

if (reached.length) {
  for (const [spec, file] of reached) {
    const chain = [];
    for (let at = file; at; at = cameFrom.get(at)) chain.push(relative(process.cwd(), at));
    console.error(`The board's first load imports ${spec}: ${chain.join(' <- ')}`);
  }
  process.exit(1);
}
