import { defineConfig } from 'vitest/config';
import { webTestProjects } from './packages/web/vitest.projects.ts';

// One run covers every package; each package's own config says how its tests run. The web
// tests are two projects (packages/web/vitest.projects.ts): most share one module graph per
// worker, the files that replace modules or globals run isolated.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      '!packages/web',
      'deploy',
      ...webTestProjects(`${import.meta.dirname}/packages/web`),
    ],
  },
});
