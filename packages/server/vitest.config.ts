import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each integration file starts a database, a broker and an HTTP server; on a busy
    // two-core machine that can take longer than Vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
