import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { ISOLATED_WEB_TESTS } from './vitest.isolated-files.ts';

/**
 * The web tests as two projects: most files share one module graph per worker (isolation off,
 * so jsdom, React, Ionic and the screen strings load once per worker instead of once per
 * file); the files listed in vitest.isolated-files.ts run isolated.
 */
export function webTestProjects(root: string): TestProjectInlineConfiguration[] {
  const common = {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    root,
    // Role queries over a week of 168 hours take seconds on a busy two-core machine.
    testTimeout: 20_000,
  };
  return [
    {
      plugins: [react()],
      test: {
        ...common,
        name: '@hearth/web',
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: [...ISOLATED_WEB_TESTS, '**/node_modules/**'],
        isolate: false,
      },
    },
    {
      plugins: [react()],
      test: { ...common, name: '@hearth/web (isolated)', include: ISOLATED_WEB_TESTS },
    },
  ];
}
