import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each integration file starts a database, a broker and an HTTP server; on a busy
    // two-core machine that can take longer than Vitest's 5 s default, and seeding the
    // demo year of history takes seconds more.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
