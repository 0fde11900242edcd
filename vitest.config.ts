import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/lib/test-sequencer.ts';
import { TEST_WORKERS } from './scripts/lib/test-timeouts.ts';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    passWithNoTests: false,
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
