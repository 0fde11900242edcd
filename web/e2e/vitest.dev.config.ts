import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUTS } from '../../scripts/lib/test-timeouts';

/** Checks of `pnpm dev` itself (scripts/dev-check.mjs starts `vite dev` and sets E2E_BASE_URL). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'dev',
    environment: 'node',
    include: ['e2e/**/*.dev.test.ts'],
    setupFiles: ['e2e/setup.ts'],
    // The first page load waits for Vite to pre-bundle the dependencies.
    ...TEST_TIMEOUTS.dev,
    expect: { poll: TEST_TIMEOUTS.poll },
  },
});
