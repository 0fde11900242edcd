import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const migrationsDir = fileURLToPath(new URL('../packages/db/migrations', import.meta.url));

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('../wrangler.toml', import.meta.url)) },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'development',
          TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
        },
      },
    }),
  ],
  test: {
    name: 'worker',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/apply-migrations.ts'],
  },
}));
