import { defineConfig } from 'vitest/config';
import { webTestProjects } from './vitest.projects.ts';

// Run from this package, the web tests are the same two projects as in the root run.
export default defineConfig({ test: { projects: webTestProjects(import.meta.dirname) } });
