import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Paths below are relative to web/, wherever vitest is started from.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    setupFiles: ['e2e/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll gives up after 1 s by default: less than a lazy page's first load on a busy
    // 2-core machine running two Chromiums. Playwright's own waits allow far more.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // Files run in parallel, one browser each: every test makes its own organisation and user
    // (e2e/accounts.ts) or only reads the seeded data, so files do not depend on each other.
    // Two workers fit a 2-core machine running the Worker and two Chromiums; E2E_WORKERS overrides.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
