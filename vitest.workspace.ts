/**
 * The test projects every `vitest run` covers; vitest.config.ts passes them to `test.projects`
 * (Vitest 4+ no longer reads a workspace file by itself). Browser tests live in
 * web/e2e/vitest.config.ts and run against a started server from scripts/e2e.mjs.
 */
import { textModules } from './scripts/lib/text-modules.ts';

export const projects = [
  { test: { name: 'shared', root: './packages/shared', environment: 'node' } },
  { test: { name: 'db', root: './packages/db', environment: 'node' } },
  { plugins: [textModules()], test: { name: 'api', root: './packages/api', environment: 'node' } },
  './web/vitest.config.ts',
  './worker/vitest.config.ts',
];
