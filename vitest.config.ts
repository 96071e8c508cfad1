import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// `npm test`: domain rules, the API against a real database, and the screens' components.
// End-to-end tests in Chromium have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/domain/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/webSetup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
