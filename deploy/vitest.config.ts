import { defineConfig } from 'vitest/config';

// The deployment files' checks (deploy/test): schemas of the Kubernetes objects and compose
// files, the image definition against the npm scripts, and the production entry point run.
export default defineConfig({
  test: {
    name: 'deploy',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    // The production entry point starts an embedded database: slow on a busy two-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
