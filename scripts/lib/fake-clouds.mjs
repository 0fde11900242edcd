// Browser tests only: runs every fake cloud provider (packages/api/src/platform/clouds/fakes) in a
// child process of its own, since scripts/e2e.mjs blocks its event loop while vitest runs. Prints
// one JSON line, { baseUrls, credentials }, once the fakes listen; stops on SIGTERM.
import { tsImport } from 'tsx/esm/api';

const { startFakeClouds } = await tsImport('../../packages/api/src/platform/clouds/fakes/index.ts', import.meta.url);
const clouds = await startFakeClouds();
process.stdout.write(`${JSON.stringify({ baseUrls: clouds.baseUrls, credentials: clouds.credentials })}\n`);
const stop = () => void clouds.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
