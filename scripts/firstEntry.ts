import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * A module script of its own that runs before the app's entry: the screens' first views (src/firstView.ts). Vite
 * joins every module script of index.html into one entry, which would make it wait for the whole app's imports; this
 * plugin builds it as a separate entry instead (sharing its few small modules with the app as chunks, so both use the
 * same instances) and writes its script tag ahead of the app's, with the modules it imports preloaded right after it:
 * found only as each one was read, they came in three rounds.
 */
export function firstEntry(name: string, source: string): Plugin {
  let root = process.cwd();
  return {
    name: 'first-entry',
    config(config, env) {
      root = config.root ? path.resolve(config.root) : root;
      if (env.command !== 'build') return;
      return { build: { rolldownOptions: { input: { index: path.resolve(root, 'index.html'), [name]: path.resolve(root, source) } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const script = (src: string) => `<script type="module" crossorigin src="${src}"></script>`;
        if (!ctx.bundle) return html.replace('<script type="module"', `${script(`/${source}`)}\n    <script type="module"`);
        const entry = Object.values(ctx.bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && c.name === name);
        if (!entry) throw new Error(`first-entry: no entry chunk named ${name}`);
        const imports = staticImports(ctx.bundle, entry);
        const lead = [script(`/${entry.fileName}`), ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)];
        // The app's entry's own links to the same files are left out: each file is named once, where it is first needed.
        const named = new RegExp(`\\s*<link rel="modulepreload" crossorigin href="/(${imports.map(escapeRegExp).join('|')})">`, 'g');
        return html.replace(named, '').replace('<script type="module"', `${lead.join('\n    ')}\n    <script type="module"`);
      },
    },
  };
}

/** The files a chunk imports statically, and theirs in turn. */
function staticImports(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, seen = new Set<string>()): string[] {
  for (const file of chunk.imports) {
    if (seen.has(file)) continue;
    seen.add(file);
    const next = bundle[file];
    if (next?.type === 'chunk') staticImports(bundle, next, seen);
  }
  return [...seen];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
