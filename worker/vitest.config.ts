import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUTS, TEST_WORKERS } from '../scripts/lib/test-timeouts';
import { textModules } from '../scripts/lib/text-modules';

const root = join(import.meta.dirname, '..');

/**
 * The Worker serves the SPA's index.html (SPA fallback, csrf-token meta tag). Its tests serve the
 * source page template instead of `vite build`'s output, so they need no build first.
 */
function spaTemplateAssets(): string {
  const directory = join(root, 'node_modules', '.cache', 'kubemarket-worker-test-assets');
  mkdirSync(directory, { recursive: true });
  copyFileSync(join(root, 'web', 'index.html'), join(directory, 'index.html'));
  return directory;
}

export default defineConfig(async () => ({
  // The app's renderer of console pages is the web build's (ADR 0045): tests render with a stand-in.
  resolve: { alias: { 'virtual:kubemarket/console-renderer': join(import.meta.dirname, 'test', 'console-renderer-stand-in.ts') } },
  plugins: [
    textModules(),
    cloudflareTest({
      wrangler: { configPath: join(root, 'wrangler.toml') },
      // The app with the hubs' class beside it (test/main.ts): deployed, the hubs are a Worker of
      // their own (ADR 52); here they are bound locally, so the tests can open and clear them.
      main: join(import.meta.dirname, 'test', 'main.ts'),
      miniflare: {
        durableObjects: { NOTIFICATION_HUB: { className: 'NotificationHub', useSQLite: true } },
        assets: { directory: spaTemplateAssets() },
        bindings: {
          ENVIRONMENT: 'development',
          // Steps of a small cluster take tens of milliseconds instead of minutes (the operator test).
          PROVISIONER_SPEED: '1000',
          // scrypt at the cheap test cost (development only); passwords.test.ts proves the production one.
          PASSWORD_HASH_COST: 'test',
          TEST_MIGRATIONS: await readD1Migrations(join(root, 'packages/db/migrations')),
        },
      },
    }),
  ],
  test: {
    name: 'worker',
    // One workerd runtime per Vitest worker for all its files: a new isolate per file reloaded the
    // Worker's module graph (~2.5 s of CPU a file; the 26 non-fuzz files took 81 s, now 25 s).
    // test/apply-migrations.ts clears what a file left (Durable Objects, D1, R2, isolate caches).
    isolate: false,
    ...TEST_TIMEOUTS.unit,
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/apply-migrations.ts'],
  },
}));
