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
          // A whole screen filled in through MUI takes 5–12 s in jsdom on a quiet 2-core machine and several times
          // that on a busy one (a 9 s test has taken over 60 s in CI): the limit is for a test that hangs.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
