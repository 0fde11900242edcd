// `pnpm --filter @kubemarket/sdk build` (and `prepack`): the published shape of the SDK. The
// workspace runs src/*.ts as it is (Node strips the types); a package for npm gets JavaScript and
// declarations in dist/ (publishConfig.exports points there) and openapi.json beside them.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const sdk = join(import.meta.dirname, '..');
const step = (args) => {
  const result = spawnSync(process.execPath, args, { cwd: sdk, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
step([join(sdk, 'scripts/generate.mjs')]);
rmSync(join(sdk, 'dist'), { recursive: true, force: true });
step([join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc'), '-p', 'tsconfig.build.json']);
