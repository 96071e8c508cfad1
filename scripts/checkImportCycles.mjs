// Fails (exit 1) when the source files import each other in a circle, type-only imports included: a circle makes the
// order modules load in matter and blurs which layer depends on which. Run by `npm run lint`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOTS = ['domain', 'providers', 'resources', 'server', 'src'];
const EXTENSIONS = ['.ts', '.tsx'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, 'index' + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const files = ROOTS.flatMap((root) => filesUnder(root)).map((f) => resolve(f));
const edges = new Map(files.map((file) => {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1] ?? m[2])).filter(Boolean);
  return [file, [...new Set(targets)]];
}));

// Tarjan's strongly connected components: any component of more than one file (or a file importing itself) is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(file) {
  const s = { index, low: index, onStack: true };
  index += 1;
  state.set(file, s);
  stack.push(file);
  for (const next of edges.get(file) ?? []) {
    if (!state.has(next)) {
      visit(next);
      s.low = Math.min(s.low, state.get(next).low);
    } else if (state.get(next).onStack) s.low = Math.min(s.low, state.get(next).index);
  }
  if (s.low === s.index) {
    const component = [];
    let f;
    do {
      f = stack.pop();
      state.get(f).onStack = false;
      component.push(f);
    } while (f !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(component);
  }
}
for (const file of files) if (!state.has(file)) visit(file);

if (circles.length) {
  for (const c of circles) console.error(`Import circle: ${c.map((f) => relative(process.cwd(), f)).join(' <-> ')}`);
  process.exit(1);
}
