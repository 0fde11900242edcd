import { seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import { createContext, type CreateContextOptions } from './context';
import { createCaller } from './root';

/** A caller over a fresh, migrated and seeded in-memory database. */
export async function createTestCaller(overrides: Partial<CreateContextOptions> = {}) {
  const db = await createTestDb();
  await seed(db, 0);
  const ctx = createContext({
    db,
    config: { appVersion: '1.16.0', environment: 'development' },
    ...overrides,
  });
  return { caller: createCaller(ctx), ctx, db };
}
