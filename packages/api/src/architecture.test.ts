/**
 * The API's doors (issue 32), as `pnpm lint` enforces them (eslint.config.js): a module reaches
 * another only through its index.ts, platform/ never depends on a module, production code never
 * imports the test scaffolding (testing/), and no import closes a circle. Linting a few lines
 * placed in the tree shows each rule firing, and staying quiet for the imports the design allows.
 */
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function messages(path: string, code: string, rules = 'import-x/'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith(rules)).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('API module doors', { timeout: 60_000 }, () => {
  it('refuses a module reaching into another module, and accepts its door', async () => {
    expect(await messages('packages/api/src/modules/usage/probe.ts', "import { startOperation } from '../clusters/engine';\nexport const probe = startOperation;\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../clusters/engine" imported in restricted zone. Call the clusters module through its door, modules/clusters/index.ts (export what you need there).',
    ]);
    expect(await messages('packages/api/src/modules/usage/probe.ts', "import { startOperation } from '../clusters';\nexport const probe = startOperation;\n")).toEqual([]);
  });

  it('refuses platform/ depending on a module', async () => {
    expect(await messages('packages/api/src/platform/probe.ts', "import { euros } from '../modules/billing';\nexport const probe = euros;\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../modules/billing" imported in restricted zone. platform/ and the context sit below the modules: move what they need (a port, a message type) into platform/.',
    ]);
  });

  it('lets root.ts mount a router, and nothing else past a door', async () => {
    expect(await messages('packages/api/src/probe.ts', "import { ordersRouter } from './modules/orders/router';\nexport const probe = ordersRouter;\n")).toEqual([]);
    expect(await messages('packages/api/src/probe.ts', "import { payOrder } from './modules/orders/payment';\nexport const probe = payOrder;\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "./modules/orders/payment" imported in restricted zone. Reach the orders module through its door, modules/orders/index.ts.',
    ]);
  });

  it('keeps testing/ out of production code, and open to tests', async () => {
    expect(await messages('packages/api/src/modules/usage/probe.ts', "import { manualClock } from '../../testing';\nexport const probe = manualClock;\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../../testing" imported in restricted zone. testing/ (fixtures, fakes, test beds) serves the tests only: production code may not import it.',
    ]);
    expect(await messages('packages/api/src/platform/probe.ts', "import { startFakeStripe } from '../testing/fakes';\nexport const probe = startFakeStripe;\n")).toHaveLength(1);
    expect(await messages('packages/api/src/modules/usage/probe.test.ts', "import { manualClock } from '../../testing';\nexport const probe = manualClock;\n")).toEqual([]);
  });

  it('builds procedures in trpc.ts only, so every one is in appRouter and its authorization matrix', async () => {
    const probe = "import { initTRPC } from '@trpc/server';\nexport const probe = initTRPC.create();\n";
    const refused = 'no-restricted-imports: \'initTRPC\' import from \'@trpc/server\' is restricted. Procedures are built from packages/api/src/trpc.ts and mounted in appRouter, so the authorization matrix tests each one.';
    expect(await messages('packages/api/src/modules/usage/probe.ts', probe, 'no-restricted-imports')).toEqual([refused]);
    expect(await messages('worker/src/probe.ts', probe, 'no-restricted-imports')).toEqual([refused]);
    // The bench's floor, development only and never served in production (ADR 48), and tests.
    expect(await messages('worker/src/bench-floor.ts', probe, 'no-restricted-imports')).toEqual([]);
    expect(await messages('packages/api/src/modules/usage/probe.test.ts', probe, 'no-restricted-imports')).toEqual([]);
  });

  it('refuses an import that closes a circle', async () => {
    // The clouds' door (index.ts) imports config.ts: config.ts taking the port from the door again
    // would close the circle it had (the port now lives in clients.ts).
    expect(await messages('packages/api/src/platform/clouds/config.ts', "import { cloudClients } from './index';\nexport const probe = cloudClients;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
    ]);
    expect(await messages('packages/api/src/platform/clouds/config.ts', "import { cloudClients } from './clients';\nexport const probe = cloudClients;\n")).toEqual([]);
  });
});

/**
 * Issue 32: the rules the code relies on are written in docs/ (docs/product/, docs/architecture.md),
 * so nothing in the repository cites the specification or design documents kept outside it. Every
 * tracked or new (not ignored) file is searched; only this file, which has to name them, is exempt.
 */
describe('citations', () => {
  it('cites no document outside the repository', () => {
    const self = fileURLToPath(import.meta.url).slice(root.length).replace(/^\//, '');
    const grep = spawnSync('git', ['grep', '--untracked', '-nIE', String.raw`SPEC\.md|DESIGN\.md`, '--', '.', `:(exclude)${self}`], { cwd: root, encoding: 'utf8' });
    // git grep exits 1 when nothing matches, 0 when something does, above 1 on an error.
    expect(grep.status === 0 || grep.status === 1 ? '' : grep.stderr).toBe('');
    expect(grep.stdout.split('\n').filter(Boolean)).toEqual([]);
  });
});
