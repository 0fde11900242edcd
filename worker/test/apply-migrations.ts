import { applyD1Migrations, env } from 'cloudflare:test';
import { createDb } from '@kubemarket/db';
import { seed } from '@kubemarket/db/seed';

// Applied and seeded once per test file; D1 storage is isolated per test file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(createDb({ kind: 'd1', binding: env.DB }), 0);
