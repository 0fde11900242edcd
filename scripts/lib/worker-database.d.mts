// Types of worker-database.mjs, for the TypeScript browser tests (web/e2e/database.ts).
import type { D1Like } from './race-scenarios.mjs';

export function workerDatabaseAt(url: string): D1Like;
