import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUTS } from '../../scripts/lib/test-timeouts';

const shared = {
  environment: 'node' as const,
  setupFiles: ['e2e/setup.ts'],
  ...TEST_TIMEOUTS.browser,
  // expect.poll gives up after 1 s by default: less than a lazy page's first load on a busy
  // 2-core machine running two Chromiums. Playwright's own waits allow far more.
  expect: { poll: TEST_TIMEOUTS.poll },
};

export default defineConfig({
  // Paths below are relative to web/, wherever vitest is started from.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['e2e/**/*.global.e2e.test.ts'],
          // Files run in parallel, one browser each: every test makes its own organisation and user
          // (e2e/accounts.ts) or only reads the seeded data, so files do not depend on each other.
          // Two workers fit a 2-core machine running the Worker and two Chromiums; E2E_WORKERS overrides.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          // What every signed-in page shows (an open platform incident changes the sidebar's system
          // status for everyone) runs after the rest, one file at a time.
          name: 'e2e-global',
          include: ['e2e/**/*.global.e2e.test.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
