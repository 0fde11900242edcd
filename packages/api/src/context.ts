import { createSecretBox, DEVELOPMENT_KEYRING, type Database, type SecretBox, type UserRole } from '@kubemarket/db';
import { DEMO_SELLER, type OrganizationRole, type SellerIdentity, type TokenScope } from '@kubemarket/shared';
import type { RatesSource } from './platform/rates';
import type { Mailer } from './platform/mailer';
import type { PasswordCost } from './platform/passwords';
import { memoryFiles, type FilesPort } from './platform/files';
import type { CloudsPort } from './platform/clouds';
import { sandboxPayments, type PaymentsPort } from './platform/payments';
import { simulatorProvisioner, type ProvisionerPort } from './platform/provisioner';
import type { RealtimePort } from './platform/realtime-messages';
import { noIsolateCache, type IsolateCache } from './platform/isolate-cache';
import { embeddedVatValidation, type VatValidationPort } from './platform/vat';
import { idleWebhooks, type WebhooksPort } from './platform/webhooks';
import type { Environment } from './platform/environment';

export type { Environment } from './platform/environment';

export interface AppConfig {
  /** Semantic version of the product, e.g. "1.16.0". */
  appVersion: string;
  environment: Environment;
  /** scrypt's cost for new hashes; production's (PASSWORD_PARAMS) unless a test sets a cheap one. */
  passwordCost?: PasswordCost;
  /** Who sells, printed on every invoice (from the SELLER_* settings); development may leave it to DEMO_SELLER. */
  seller?: SellerIdentity;
}

/** The seller of this deployment: its configured identity; the demo one only outside production. */
export function sellerOf(config: AppConfig): SellerIdentity {
  if (config.seller) return config.seller;
  if (config.environment === 'production') throw new Error('No seller identity is configured (SELLER_* settings).');
  return DEMO_SELLER;
}

/** How the host puts a session on the response (cookie and new CSRF token) or takes it off. */
export interface SessionCookiePort {
  issue(session: { token: string; expiresAt: number; csrfToken: string }): void;
  clear(): void;
}

export type { RealtimeMessage, RealtimePort } from './platform/realtime-messages';

/** Everything outside the process that business logic talks to, injected by the host. */
export interface Ports {
  clock: { now(): number };
  mailer: Mailer;
  sessionCookie: SessionCookiePort;
  realtime: RealtimePort;
  /** Fresh exchange rates (the ECB in the Worker). */
  rates: RatesSource;
  /**
   * Work that must finish but must not hold the response (mail whose timing would tell whether an
   * account exists): `waitUntil` in the Worker. Failures are the task's to log.
   */
  background(task: Promise<unknown>): void;
  /** Secrets at rest (TOTP seeds): AES-GCM under the Worker's ENCRYPTION_KEYS. */
  secrets: SecretBox;
  /** Charges: the embedded sandbox (test mode), or Stripe when the Worker has STRIPE_SECRET_KEY. */
  payments: PaymentsPort;
  /** Builds and changes clusters: the embedded simulator, or Gardener when configured (ADR 7). */
  provisioner: ProvisionerPort;
  /** Runs a cluster's operations (the ClusterOperator Durable Object of ADR 6 in the Worker). */
  operator: ClusterOperatorPort;
  /** Ticket attachments: the FILES R2 bucket in the Worker, memory without a host. */
  files: FilesPort;
  /** Other clouds' APIs (issue 16): where they live; the real endpoints unless configured (CLOUD_BASE_URLS). */
  clouds: CloudsPort;
  /**
   * The public catalogue, the same for everyone: kept in memory by the Worker's isolate for a
   * short time; without a host every read goes to the database.
   */
  catalogue: IsolateCache;
  /** Validated sessions, kept as briefly as SESSION_CACHE_TTL_MS by the Worker's isolate (ADR 19). */
  sessions: IsolateCache;
  /** Checks VAT numbers: VIES in production, the embedded check (format, check digits, demo registry) elsewhere. */
  vat: VatValidationPort;
  /** Sends webhook deliveries: the organisation's WebhookDispatcher Durable Object in the Worker (ADR 36). */
  webhooks: WebhooksPort;
}

/** Hands an operation to the cluster's operator, which runs it step by step until it ends. */
export interface ClusterOperatorPort {
  start(clusterId: string, operationId: string): Promise<void>;
}

/** The signed-in user exactly as docs/product/entities.md#session-user describes the session user. */
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
  /** The user's role in their organisation; permissions follow from it. */
  organizationRole: OrganizationRole;
}

/**
 * How the caller proved who they are: a browser session (cookie + CSRF), or an API token whose
 * scopes narrow what its user may do.
 */
export type Credential = { kind: 'session' } | { kind: 'token'; tokenId: string; scopes: readonly TokenScope[] };

export interface CurrentSession {
  id: string;
  csrfToken: string;
}

export interface RequestInfo {
  ipAddress: string | null;
  userAgent: string | null;
  /** Origin the links in emails point to, e.g. "https://console.example.eu". */
  appUrl: string;
}

export interface Context {
  db: Database;
  config: AppConfig;
  ports: Ports;
  user: SessionUser | null;
  session: CurrentSession | null;
  /** Null when anonymous. */
  credential: Credential | null;
  request: RequestInfo;
}

export const systemClock: Ports['clock'] = { now: () => Date.now() };

const noopSessionCookie: SessionCookiePort = { issue() {}, clear() {} };
const noopRealtime: RealtimePort = { async publish() {}, async closeSessions() {} };
const unconfiguredRates: RatesSource = {
  async latest() {
    throw new Error('No exchange rates source configured');
  },
};
/** Without a host, operations are recorded but nothing runs them (tests drive the engine directly). */
const idleOperator: ClusterOperatorPort = { async start() {} };
const droppingMailer: Mailer = {
  async send() {
    throw new Error('No mailer configured');
  },
};

let devBox: SecretBox | undefined;
/** Tests and tools without a host: the development keyring (production hosts always pass theirs). */
function developmentSecrets(): SecretBox {
  devBox ??= createSecretBox(DEVELOPMENT_KEYRING);
  return devBox;
}

export interface CreateContextOptions {
  db: Database;
  config: AppConfig;
  ports?: Partial<Ports>;
  user?: SessionUser | null;
  session?: CurrentSession | null;
  credential?: Credential | null;
  request?: Partial<RequestInfo>;
}

export function createContext(options: CreateContextOptions): Context {
  const clock = options.ports?.clock ?? systemClock;
  return {
    db: options.db,
    config: options.config,
    ports: {
      clock,
      mailer: options.ports?.mailer ?? droppingMailer,
      sessionCookie: options.ports?.sessionCookie ?? noopSessionCookie,
      realtime: options.ports?.realtime ?? noopRealtime,
      rates: options.ports?.rates ?? unconfiguredRates,
      background: options.ports?.background ?? ((task) => void task.catch(() => undefined)),
      secrets: options.ports?.secrets ?? developmentSecrets(),
      payments: options.ports?.payments ?? sandboxPayments({ clock }),
      provisioner: options.ports?.provisioner ?? simulatorProvisioner({ nameFailures: true }),
      operator: options.ports?.operator ?? idleOperator,
      files: options.ports?.files ?? memoryFiles(),
      clouds: options.ports?.clouds ?? { baseUrls: {} },
      catalogue: options.ports?.catalogue ?? noIsolateCache,
      sessions: options.ports?.sessions ?? noIsolateCache,
      vat: options.ports?.vat ?? embeddedVatValidation(),
      webhooks: options.ports?.webhooks ?? idleWebhooks,
    },
    user: options.user ?? null,
    session: options.session ?? null,
    credential: options.credential ?? (options.user ? { kind: 'session' } : null),
    request: {
      ipAddress: options.request?.ipAddress ?? null,
      userAgent: options.request?.userAgent ?? null,
      appUrl: options.request?.appUrl ?? 'http://localhost:5173',
    },
  };
}
