import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from '../../scripts/lib/test-sequencer';
import { TEST_TIMEOUTS } from '../../scripts/lib/test-timeouts';

const shared = {
  environment: 'node' as const,
  setupFiles: ['e2e/setup.ts'],
  ...TEST_TIMEOUTS.browser,
  // expect.poll gives up after 1 s by default: less than a lazy page's first load on a busy
  // 2-core machine running three Chromiums. Playwright's own waits allow far more.
  expect: { poll: TEST_TIMEOUTS.poll },
};

export default defineConfig({
  // Paths below are relative to web/, wherever vitest is started from.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // The longest files first (scripts/lib/test-sequencer.ts), so the tier does not end on one of them alone.
    sequence: { sequencer: LongestFirstSequencer },
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
          // Three workers on a 2-core machine: the files that watch a provisioning or a socket wait
          // on the simulator's clock (provisioning and clusters together: 77 s for 82 s of CPU on
          // two cores), and a third browser uses what they leave. The whole tier: 379-383 s with two,
          // 354 s with three, every test still far inside its timeout (ADR 24). E2E_WORKERS overrides.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          // What every signed-in page shows (an open platform incident changes the sidebar's system
          // status for everyone), and the races of issue 29 (a burst of requests and uploads), run
          // after the rest, one file at a time.
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
