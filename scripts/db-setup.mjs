// `pnpm db:seed`: apply the committed migrations to local D1 (or DATABASE_URL) and seed it.
// `node scripts/db-setup.mjs DIR` prepares a local D1 state in DIR instead (`pnpm test` does, once).
import { prepareDatabase } from './lib/local-worker.mjs';

prepareDatabase(process.argv[2] ?? '.wrangler/state');
