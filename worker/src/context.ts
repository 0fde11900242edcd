import { createContext, type Context, type Environment } from '@kubemarket/api';
import { createDb, type Database } from '@kubemarket/db';
import packageJson from '../../package.json';
import type { Env } from './env';

export const APP_VERSION: string = packageJson.version;

export function environmentOf(env: Env): Environment {
  return env.ENVIRONMENT === 'development' ? 'development' : 'production';
}

/** D1 by default; libSQL/Turso when DATABASE_URL is configured. */
export function databaseFor(env: Env): Database {
  if (env.DATABASE_URL) {
    return createDb({ kind: 'libsql', url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  }
  return createDb({ kind: 'd1', binding: env.DB });
}

/** Turns the Worker's bindings and the request into the ports of packages/api. */
export function contextFor(env: Env, request: Request): Context {
  return createContext({
    db: databaseFor(env),
    config: { appVersion: APP_VERSION, environment: environmentOf(env) },
    request: {
      ipAddress: request.headers.get('CF-Connecting-IP'),
      userAgent: request.headers.get('User-Agent'),
    },
  });
}
