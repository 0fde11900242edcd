import { join } from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const root = join(import.meta.dirname, '..');

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: join(root, 'wrangler.toml') },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'development',
          TEST_MIGRATIONS: await readD1Migrations(join(root, 'packages/db/migrations')),
        },
      },
    }),
  ],
  test: {
    name: 'worker',
    // Password hashing is CPU-bound (scrypt, ~175 ms); under a loaded CI machine 5 s is too tight.
    testTimeout: 20_000,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/apply-migrations.ts'],
  },
}));
