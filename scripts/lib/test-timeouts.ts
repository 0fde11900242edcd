/**
 * The one timeout policy of every test tier (issue 28). A timeout is a deadline for a test that
 * hangs, never a way to wait: tests wait on a signal (`vi.waitFor`, Playwright's auto-waiting,
 * `expect.poll`, an event), so a slow machine makes a test slower, not red. The deadlines are set
 * for the CI machine (2 cores, every tier using both) with room for the slowest honest case.
 */
export const TEST_TIMEOUTS = {
  /** Node and SQLite tiers, and workerd: a test or hook (the slowest meters a month through the crons, ~10 s). */
  unit: { testTimeout: 30_000, hookTimeout: 30_000 },
  /** Browser tests: a test drives a whole flow; hooks create accounts and open pages. */
  browser: { testTimeout: 60_000, hookTimeout: 30_000 },
  /** `pnpm dev`'s check: the first page waits for Vite to pre-bundle the dependencies. */
  dev: { testTimeout: 90_000, hookTimeout: 30_000 },
  /** `expect.poll` (browser and dev tiers): how long a condition may take to become true, and how often it is read. */
  poll: { timeout: 10_000, interval: 100 },
} as const;

/**
 * Vitest workers per run: both cores of the CI machine (Vitest's default, cores - 1, runs one file
 * at a time on two). Every project states it, as Vitest groups projects by it. VITEST_WORKERS overrides.
 */
export const TEST_WORKERS = Number(process.env.VITEST_WORKERS ?? 2);
