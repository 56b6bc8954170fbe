import { defineConfig } from 'vitest/config';
import { webTestProjects } from './packages/web/vitest.projects.ts';

// One run covers every package; each package's own config says how its tests run. The web
// tests are two projects (packages/web/vitest.projects.ts): most share one module graph per
// worker, the files that replace modules or globals run isolated.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the two-core CI
    // machine, which left a core idle while files loaded. Every project runs files two at a time.
    maxWorkers: 2,
    projects: [
      'packages/*',
      '!packages/web',
      'deploy',
      ...webTestProjects(`${import.meta.dirname}/packages/web`),
    ],
  },
});
