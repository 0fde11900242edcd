import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files whose run dominates their tier, longest first (seconds on the 2-core CI machine). Vitest
 * queues files project by project (api, db, shared, web, then worker) and, without a results cache
 * (a fresh clone in CI), larger files first: the three fuzz files, each a few lines long, came last
 * and left one core idle for two minutes. Started first, they run beside everything else. The
 * browser tier (three files at a time) likewise ends when its last long file ends: the accessibility
 * file, short in bytes, used to start five minutes in and run alone at the end.
 */
const LONGEST = [
  // Node, SQLite and workerd tier.
  /worker\/test\/fuzz\.customer\.test\.ts$/, // ~85 s
  /worker\/test\/fuzz\.staff\.test\.ts$/, // ~80 s
  /packages\/api\/src\/authorization-matrix\.test\.ts$/, // ~35 s
  /worker\/test\/fuzz\.visitors\.test\.ts$/, // ~30 s
  /worker\/test\/fuzz\.token\.test\.ts$/, // ~25 s
  /packages\/api\/src\/modules\/invoices\/month\.test\.ts$/, // ~15 s
  // Browser tier.
  // First, though short (~15 s): it checks the seeded catalogue's prices and counts on /pricing,
  // which catalog-admin's tests change later (they add add-ons and cut one's price). It ran at the
  // start while it was part of public.e2e.test.ts.
  /e2e\/pricing\.e2e\.test\.ts$/,
  /e2e\/public\.e2e\.test\.ts$/, // ~120 s
  /e2e\/clusters\.e2e\.test\.ts$/, // ~110 s
  /e2e\/accessibility\.e2e\.test\.ts$/, // ~100 s
  /e2e\/staff-organizations\.e2e\.test\.ts$/, // ~65 s
  /e2e\/shell\.e2e\.test\.ts$/, // ~60 s
  /e2e\/provider-connections\.e2e\.test\.ts$/, // ~60 s
  /e2e\/provisioning\.e2e\.test\.ts$/, // ~55 s
  /e2e\/layout\.e2e\.test\.ts$/, // ~50 s
  /e2e\/auth\.e2e\.test\.ts$/, // ~45 s
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST.findIndex((pattern) => pattern.test(spec.moduleId));
  return index < 0 ? LONGEST.length : index;
};

/** The longest files first, whatever their project; then the workerd files (each starts an isolate); then Vitest's order. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const workerd = (spec: TestSpecification) => (spec.project.name === 'worker' ? 0 : 1);
    return [...sorted].sort((a, b) => rank(a) - rank(b) || workerd(a) - workerd(b));
  }
}
