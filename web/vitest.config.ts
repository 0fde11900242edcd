import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUTS, TEST_WORKERS } from '../scripts/lib/test-timeouts';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // No per-file isolation: see vitest.workspace.ts.
    isolate: false,
    maxWorkers: TEST_WORKERS,
    ...TEST_TIMEOUTS.unit,
  },
});
