import type { NotificationHub } from './notification-hub';

/** Bindings and variables of wrangler.toml. */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  NOTIFICATION_HUB: DurableObjectNamespace<NotificationHub>;
  ENVIRONMENT: string;
  /** When set, the database is libSQL/Turso at this URL instead of the D1 binding. */
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
}

export type AppEnv = { Bindings: Env };
