import { defineConfig } from 'vitest/config';

// End-to-end: the built app served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Pages render and answer within a few seconds on a loaded 2-core machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
