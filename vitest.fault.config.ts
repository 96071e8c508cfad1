import { defineConfig } from 'vitest/config';

// The fault suite: real server processes while their database is cut, silenced, refused, filled or stopped
// (tests/fault/). Not part of `npm test`: it runs minutes of load. CI runs it with TEST_DATABASE_URL set.
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/fault/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
