// Browser tests only: runs every fake cloud provider (packages/api/src/testing/fakes/clouds) in a
// child process of its own, since scripts/e2e.mjs blocks its event loop while vitest runs. Prints
// one JSON line, { baseUrls, credentials }, once the fakes listen; stops on SIGTERM.
//
// One base URL is an address where nothing listens: AWS STS, which EKS listings use only to assume
// a role. So the EKS page shows an unreachable provider (connection refused) with the `role`
// credentials, while the same key without a role lists its clusters.
import { tsImport } from 'tsx/esm/api';

const { closedUrl, startFakeClouds } = await tsImport('../../packages/api/src/testing/fakes/clouds/index.ts', import.meta.url);
const clouds = await startFakeClouds();
const baseUrls = { ...clouds.baseUrls, eks: { ...clouds.baseUrls.eks, sts: `${await closedUrl()}/sts` } };
process.stdout.write(`${JSON.stringify({ baseUrls, credentials: clouds.credentials })}\n`);
const stop = () => void clouds.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
