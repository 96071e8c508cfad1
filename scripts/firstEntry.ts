import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A module script of its own that runs before the app's entry: the screens' first views (src/firstView.ts). Vite
 * joins every module script of index.html into one entry, which would make it wait for the whole app's imports; this
 * plugin builds it as a separate entry instead (sharing its few small modules with the app as chunks, so both use the
 * same instances) and writes its script tag ahead of the app's.
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
        let src = `/${source}`;
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === name);
          if (!chunk) throw new Error(`first-entry: no entry chunk named ${name}`);
          src = `/${chunk.fileName}`;
        }
        const tag = `<script type="module" crossorigin src="${src}"></script>`;
        return html.replace('<script type="module"', `${tag}\n    <script type="module"`);
      },
    },
  };
}
