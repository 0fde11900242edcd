import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    passWithNoTests: false,
    // Both cores of the CI machine: Vitest's default (cores - 1) runs one file at a time on two.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
  },
});
