import type { Credential, CurrentSession, RealtimeMessage, SessionUser } from '@kubemarket/api';

/**
 * What the Worker calls on a user's notification hub (notification-hub.ts implements it). Declared
 * here, not taken from the class, so that the Durable Objects, which read Env, and Env do not
 * import each other (issue 32).
 */
export interface NotificationHubRpc extends Rpc.DurableObjectBranded {
  fetch(request: Request): Promise<Response>;
  publish(messages: readonly RealtimeMessage[]): Promise<number>;
  closeSessions(sessionIds: readonly string[], reason?: string): Promise<number>;
  connectionCount(userId?: string): Promise<number>;
}

/** What the Worker calls on a cluster's operator (cluster-operator.ts implements it). */
export interface ClusterOperatorRpc extends Rpc.DurableObjectBranded {
  start(operationId: string, appUrl?: string): Promise<void>;
  status(): Promise<{ operationId: string | null; alarmAt: number | null }>;
}

/** What the Worker calls on an organisation's webhook dispatcher (webhook-dispatcher.ts implements it). */
export interface WebhookDispatcherRpc extends Rpc.DurableObjectBranded {
  wake(organizationId: string): Promise<void>;
  status(): Promise<{ organizationId: string | null; alarmAt: number | null }>;
}

/** Bindings and variables of wrangler.toml. */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  NOTIFICATION_HUB: DurableObjectNamespace<NotificationHubRpc>;
  CLUSTER_OPERATOR: DurableObjectNamespace<ClusterOperatorRpc>;
  WEBHOOK_DISPATCHER: DurableObjectNamespace<WebhookDispatcherRpc>;
  /** Ticket attachments (issue 14). */
  FILES: R2Bucket;
  ENVIRONMENT: string;
  /** When set, the database is libSQL/Turso at this URL instead of the D1 binding. */
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  /** Public origin used in emailed links, e.g. https://console.example.eu (default: the request's). */
  APP_URL?: string;
  /** Extra origins allowed to call the API from a browser, comma-separated. */
  ALLOWED_ORIGINS?: string;
  /** Production mail API (see packages/api/src/services/mailer.ts). */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /**
   * Keyring of secrets at rest, `1:<base64url 32 bytes>[,2:…]` (packages/db secret-box.ts).
   * Required in production; development falls back to DEVELOPMENT_KEYRING.
   */
  ENCRYPTION_KEYS?: string;
  /**
   * Stripe (packages/api/src/platform/payments/stripe.ts): with a secret key (sk_… or rk_…) the
   * Worker charges through Stripe, and the webhook signing secret (whsec_…) is then required too.
   */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * The publishable key (pk_live_… or pk_test_…, the secret key's mode) the checkout loads Stripe.js
   * with to take the card in the browser. Public, so a plain variable will do; required in
   * production with STRIPE_SECRET_KEY (config.ts).
   */
  STRIPE_PUBLISHABLE_KEY?: string;
  /**
   * The embedded provisioner's speed: step durations are divided by it (1: real durations, about
   * two to three minutes for a small cluster; `pnpm dev` uses 6, the browser tests 30).
   */
  PROVISIONER_SPEED?: string;
  /** `test`: scrypt's cheap test cost (development only; production refuses it). Tests that are not about hashing set it. */
  PASSWORD_HASH_COST?: string;
  /**
   * Where other clouds' APIs live for the cloud connections (issue 16), as JSON by provider
   * (packages/api/src/platform/clouds/config.ts); unset: the real endpoints. Browser tests point it at fakes.
   */
  CLOUD_BASE_URLS?: string;
  /**
   * VAT numbers are checked with the EU's VIES service in production (the seller's VAT id is the
   * requester); `embedded` there, or anywhere without it, uses the offline check (format, check
   * digits, the demo registry). VIES_BASE_URL points the adapter elsewhere (tests use a fake).
   */
  VAT_VALIDATION?: string;
  VIES_BASE_URL?: string;
  /**
   * Development only: a deadline for each cloud listing shorter than the 10 s default, in
   * milliseconds (the browser tests show the timeout with it). Production always waits 10 s.
   */
  CLOUD_TIMEOUT_MS?: string;
  /** `enabled`: production without Gardener runs simulated clusters (refused otherwise). */
  PROVISIONER_SIMULATOR?: string;
  /**
   * Gardener (packages/api/src/platform/provisioner/gardener.ts): with all three, clusters are
   * Shoots in this project namespace instead of the simulator.
   */
  GARDENER_API_URL?: string;
  GARDENER_TOKEN?: string;
  GARDENER_NAMESPACE?: string;
  /** The CloudProfile offering the regions, versions and machine types sold (required with Gardener). */
  GARDENER_CLOUD_PROFILE?: string;
  /** The project's CredentialsBinding of the cloud account (Kubernetes 1.34+). */
  GARDENER_CREDENTIALS_BINDING?: string;
  /**
   * Development only (ADR 32): the local API gateway of simulated clusters, started by `pnpm dev`
   * and the browser tests (scripts/lib/kube-gateway.mjs). Its URL is where simulator kubeconfigs
   * point; the secret, generated per run (at least 32 characters), is what it proves itself with
   * on /internal/kube-gateway. Production refuses both.
   */
  KUBE_GATEWAY_URL?: string;
  KUBE_GATEWAY_SECRET?: string;
  /** `enabled`: production without Stripe takes test-mode payments through the sandbox (refused otherwise). */
  PAYMENTS_SANDBOX?: string;
  /**
   * The seller printed on every invoice (@kubemarket/shared sellerFromSettings), each required in
   * production; development uses DEMO_SELLER unless all are set. SELLER_ADDRESS: lines separated by "|".
   */
  SELLER_LEGAL_NAME?: string;
  SELLER_ADDRESS?: string;
  SELLER_COUNTRY?: string;
  SELLER_VAT_ID?: string;
  SELLER_REGISTRATION?: string;
  SELLER_IBAN?: string;
  SELLER_BIC?: string;
}

/** What the auth middleware learned about the request. */
export interface RequestAuth {
  user: SessionUser | null;
  session: CurrentSession | null;
  /** Session cookie or API token; null when anonymous. */
  credential: Credential | null;
  /** CSRF token expected on unsafe requests: the session's, or the anonymous cookie's. */
  csrfToken: string;
  /** Set-Cookie values to add to the response. */
  cookies: string[];
  /**
   * Whether the answer carries the cookies above and the CSRF token (X-CSRF-Token): a visitor
   * known by cookie, or none. Not static files, not token-authenticated scripts.
   */
  answersWithToken: boolean;
}

export type AppEnv = { Bindings: Env; Variables: { auth: RequestAuth; requestId: string } };
