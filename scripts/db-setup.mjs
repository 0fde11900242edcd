// `pnpm db:seed`: apply the committed migrations to local D1 (or DATABASE_URL) and seed it.
import { prepareDatabase } from './lib/local-worker.mjs';

prepareDatabase('.wrangler/state');
