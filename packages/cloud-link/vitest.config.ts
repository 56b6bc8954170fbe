import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The end-to-end files start two Hearths (database, broker, HTTP server each) and a
    // gateway; on a busy two-core machine that takes longer than Vitest's defaults, as in the
    // server's own integration files.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
