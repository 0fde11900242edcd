/**
 * The test projects every `vitest run` covers; vitest.config.ts passes them to `test.projects`
 * (Vitest 4+ no longer reads a workspace file by itself). Browser tests live in
 * web/e2e/vitest.config.ts and run against a started server from scripts/e2e.mjs.
 *
 * The Node projects run without per-file isolation (`isolate: false`): their tests build their own
 * databases and ports (createTestCaller) and share no module state, so re-importing the app for
 * every file only cost time (api 148 s → 88 s, web 31 s → 4 s). A file that does need a fresh
 * module graph (vi.mock, module-level state it changes) says so by moving to a project with
 * `isolate: true`; none does today. The workerd files share a runtime too; their setup file
 * (worker/test/apply-migrations.ts) clears every binding's storage before each file.
 */
import { fileURLToPath } from 'node:url';
import { textModules } from './scripts/lib/text-modules.ts';
import { TEST_TIMEOUTS, TEST_WORKERS } from './scripts/lib/test-timeouts.ts';

/** Closes the SQLite test databases a file opened, after it (packages/db/src/testing.ts). */
const closeDatabases = fileURLToPath(new URL('./packages/db/src/testing-setup.ts', import.meta.url));
const node = { environment: 'node' as const, isolate: false, maxWorkers: TEST_WORKERS, ...TEST_TIMEOUTS.unit };

export const projects = [
  { test: { name: 'shared', root: './packages/shared', ...node } },
  { test: { name: 'db', root: './packages/db', ...node, setupFiles: [closeDatabases] } },
  { test: { name: 'sdk', root: './packages/sdk', ...node } },
  { test: { name: 'cli', root: './packages/cli', ...node } },
  { plugins: [textModules()], test: { name: 'api', root: './packages/api', ...node, setupFiles: [closeDatabases] } },
  './web/vitest.config.ts',
  './worker/vitest.config.ts',
];
