import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress.ts';

// The app is served by our own server (server/app.ts) from dist/; `npm run dev` proxies the API to it.
const apiTarget = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), precompress()],
  // node-polyglot (react-admin's translations) requires the 'object.entries' polyfill, and with it some 30 KB of
  // ES-spec helpers; every browser the panel supports has Object.entries, so the build uses it directly.
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) } },
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
