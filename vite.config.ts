import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress.ts';
import { firstEntry } from './scripts/firstEntry.ts';

// The app is served by our own server (server/app.ts) from dist/; `npm run dev` proxies the API to it.
const apiTarget = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  // The screens' first views run before the app's entry, as an entry of its own (scripts/firstEntry.ts).
  plugins: [react(), firstEntry('firstView', 'src/firstView.ts'), precompress()],
  resolve: {
    alias: [
      // zod, told as it loads not to use eval, which the Content-Security-Policy forbids (src/shims/zod.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/shims/zod.ts', import.meta.url)) },
    ],
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2500 },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/broadcasting': apiTarget,
      '/images': apiTarget,
      '/app': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
