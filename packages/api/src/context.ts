import type { Database } from '@kubemarket/db';
import type { UserRole } from '@kubemarket/db';

export type Environment = 'development' | 'production';

export interface AppConfig {
  /** Semantic version of the product, e.g. "1.16.0". */
  appVersion: string;
  environment: Environment;
}

/** Everything outside the process that business logic talks to, injected by the host. */
export interface Ports {
  clock: { now(): number };
}

/** The signed-in user exactly as SPEC.md section 3 describes the session user. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  name: string;
  role: UserRole;
  emailVerified: boolean;
  companyName: string | null;
  companyId: string | null;
  organizationId: string;
}

export interface RequestInfo {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface Context {
  db: Database;
  config: AppConfig;
  ports: Ports;
  user: SessionUser | null;
  request: RequestInfo;
}

export const systemClock: Ports['clock'] = { now: () => Date.now() };

export interface CreateContextOptions {
  db: Database;
  config: AppConfig;
  ports?: Partial<Ports>;
  user?: SessionUser | null;
  request?: Partial<RequestInfo>;
}

export function createContext(options: CreateContextOptions): Context {
  return {
    db: options.db,
    config: options.config,
    ports: { clock: options.ports?.clock ?? systemClock },
    user: options.user ?? null,
    request: {
      ipAddress: options.request?.ipAddress ?? null,
      userAgent: options.request?.userAgent ?? null,
    },
  };
}
