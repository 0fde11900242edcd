import {
  cloudsPortFromConfig,
  cloudTimeoutFromConfig,
  createContext,
  memoryIsolateCache,
  ecbRatesSource,
  r2Files,
  httpMailer,
  outboxMailer,
  gardenerProvisioner,
  GATEWAY_SECRET_MIN_LENGTH,
  sandboxPayments,
  simulatorProvisioner,
  stripePayments,
  systemClock,
  embeddedVatValidation,
  viesVatValidation,
  type VatValidationPort,
  SESSION_CACHE_TTL_MS,
  type IsolateCache,
  type Context,
  type Environment,
  type Mailer,
  type ClusterOperatorPort,
  type CloudsPort,
  type PaymentsPort,
  type Ports,
  type ProvisionerPort,
  type RealtimePort,
  type WebhooksPort,
} from '@kubemarket/api';
import { createDb, type Database } from '@kubemarket/db';
import type { Context as HonoContext } from 'hono';
import packageJson from '../../package.json';
import { passwordCostOf, sandboxEnabled, secretBoxFor, sellerOf } from './config';
import { anonymousCsrfCookie, clearedSessionCookie, randomToken, sessionCookie } from './cookies';
import type { AppEnv, Env } from './env';

export const APP_VERSION: string = packageJson.version;

export function environmentOf(env: Env): Environment {
  return env.ENVIRONMENT === 'development' ? 'development' : 'production';
}

/**
 * Drizzle over a D1 binding, one per binding for the isolate's life: building it walks the whole
 * schema (relational config), which cost more than a cached catalogue read. It holds no state of
 * a request, only the binding.
 */
const d1Databases = new WeakMap<D1Database, Database>();

/** D1 by default; libSQL/Turso when DATABASE_URL is configured. */
export function databaseFor(env: Env): Database {
  if (env.DATABASE_URL) {
    // A libSQL client may hold a connection, which a Worker must not carry from one request to the next.
    return createDb({ kind: 'libsql', url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  }
  let db = d1Databases.get(env.DB);
  if (!db) {
    db = createDb({ kind: 'd1', binding: env.DB });
    d1Databases.set(env.DB, db);
  }
  return db;
}

/** How long an isolate trusts its copy of the catalogue before asking the database again. */
export const CATALOGUE_TTL_MS = 10_000;

type IsolateCacheName = 'catalogue' | 'sessions';
const CACHE_TTL_MS: Record<IsolateCacheName, number> = { catalogue: CATALOGUE_TTL_MS, sessions: SESSION_CACHE_TTL_MS };
const d1Caches = new WeakMap<object, Partial<Record<IsolateCacheName, IsolateCache>>>();
let libsqlCaches: { url: string; caches: Partial<Record<IsolateCacheName, IsolateCache>> } | undefined;

/** The isolate's cache of this kind for this database (a test may run several). */
function isolateCacheFor(env: Env, name: IsolateCacheName): IsolateCache {
  let caches: Partial<Record<IsolateCacheName, IsolateCache>>;
  if (env.DATABASE_URL) {
    if (libsqlCaches?.url !== env.DATABASE_URL) libsqlCaches = { url: env.DATABASE_URL, caches: {} };
    caches = libsqlCaches.caches;
  } else {
    caches = d1Caches.get(env.DB) ?? {};
    d1Caches.set(env.DB, caches);
  }
  return (caches[name] ??= memoryIsolateCache({ ttlMs: CACHE_TTL_MS[name] }));
}

/**
 * The public catalogue: other isolates see a staff edit within CATALOGUE_TTL_MS; this one at once
 * (mutations invalidate it: trpc.ts).
 */
export const catalogueCacheFor = (env: Env): IsolateCache => isolateCacheFor(env, 'catalogue');

/** Validated sessions (ADR 19): other isolates see a sign-out within SESSION_CACHE_TTL_MS; this one at once. */
export const sessionCacheFor = (env: Env): IsolateCache => isolateCacheFor(env, 'sessions');

/**
 * The mail API when configured; else (development only) the outbox table. Production never falls
 * back: requireConfiguration (config.ts) refuses to serve without MAIL_API_URL and MAIL_API_KEY.
 */
function mailerFor(env: Env, db: Database): Mailer {
  if (env.MAIL_API_URL && env.MAIL_API_KEY) {
    return httpMailer({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM ?? 'KubeMarket <no-reply@kubemarket.eu>' });
  }
  if (environmentOf(env) === 'production') throw new Error('MAIL_API_URL and MAIL_API_KEY are required in production.');
  return outboxMailer(db, { now: () => Date.now() });
}

/**
 * Stripe when STRIPE_SECRET_KEY is set (requireConfiguration has checked it, its webhook secret
 * and, in production, the publishable key the checkout's card form needs); else the sandbox,
 * which production takes only with PAYMENTS_SANDBOX=enabled.
 */
export function paymentsFor(env: Env): PaymentsPort {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (secretKey) {
    const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
    return stripePayments({
      secretKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() ?? '',
      // Development may run Stripe without one: the checkout then says it cannot take cards.
      ...(publishableKey ? { publishableKey } : {}),
      clock: systemClock,
    });
  }
  if (environmentOf(env) === 'production' && !sandboxEnabled(env)) {
    throw new Error('Production takes payments through Stripe (STRIPE_SECRET_KEY) or, on purpose, the sandbox (PAYMENTS_SANDBOX=enabled).');
  }
  return sandboxPayments({ clock: systemClock });
}

/** Gardener's URL, token and project namespace, trimmed ('' where unset). */
function gardenerSettings(env: Env): [string, string, string] {
  const trimmed = (value: string | undefined) => value?.trim() ?? '';
  return [trimmed(env.GARDENER_API_URL), trimmed(env.GARDENER_TOKEN), trimmed(env.GARDENER_NAMESPACE)];
}

/**
 * The local API gateway of simulated clusters (ADR 32): only in development, with the simulator,
 * and with both its URL and a secret of at least 32 characters; else null, and no route answers it.
 */
export function kubeGatewayOf(env: Env): { url: string; secret: string } | null {
  const url = env.KUBE_GATEWAY_URL?.trim();
  const secret = env.KUBE_GATEWAY_SECRET?.trim();
  if (environmentOf(env) !== 'development' || gardenerSettings(env).some(Boolean)) return null;
  if (!url || !secret || secret.length < GATEWAY_SECRET_MIN_LENGTH) return null;
  return { url: url.replace(/\/$/, ''), secret };
}

/**
 * Gardener when its URL, token and project namespace are all set; else the embedded simulator at
 * PROVISIONER_SPEED, whose failure injection by cluster name exists only in development, and whose
 * kubeconfigs point at the local API gateway when it runs.
 */
export function provisionerFor(env: Env): ProvisionerPort {
  const gardener = gardenerSettings(env);
  if (gardener.some(Boolean)) {
    const [apiUrl, token, namespace] = gardener;
    if (!apiUrl || !token || !namespace || !env.GARDENER_CLOUD_PROFILE?.trim()) {
      throw new Error('Gardener needs GARDENER_API_URL, GARDENER_TOKEN, GARDENER_NAMESPACE and GARDENER_CLOUD_PROFILE together.');
    }
    return gardenerProvisioner({
      apiUrl,
      token,
      namespace,
      cloudProfileName: env.GARDENER_CLOUD_PROFILE.trim(),
      ...(env.GARDENER_CREDENTIALS_BINDING?.trim() ? { credentialsBindingName: env.GARDENER_CREDENTIALS_BINDING.trim() } : {}),
    });
  }
  const speed = Number(env.PROVISIONER_SPEED ?? '1');
  const gateway = kubeGatewayOf(env);
  return simulatorProvisioner({
    speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    nameFailures: environmentOf(env) === 'development',
    ...(gateway ? { apiGatewayUrl: gateway.url } : {}),
  });
}

/**
 * Where other clouds' APIs live (CLOUD_BASE_URLS) and, in development only, a shorter deadline
 * for their listings (CLOUD_TIMEOUT_MS); elsewhere every listing has the 10 s default.
 */
export function cloudsFor(env: Env): CloudsPort {
  const port = cloudsPortFromConfig(env.CLOUD_BASE_URLS);
  const timeoutMs = environmentOf(env) === 'development' ? cloudTimeoutFromConfig(env.CLOUD_TIMEOUT_MS) : undefined;
  return timeoutMs === undefined ? port : { ...port, timeoutMs };
}

/** VIES in production (or wherever VIES_BASE_URL points), unless VAT_VALIDATION=embedded says otherwise. */
export function vatValidationFor(env: Env): VatValidationPort {
  const seller = sellerOf(env);
  const wantsVies = env.VAT_VALIDATION?.trim() === 'vies' || (env.VAT_VALIDATION?.trim() !== 'embedded' && (environmentOf(env) === 'production' || Boolean(env.VIES_BASE_URL)));
  if (!wantsVies || !seller) return embeddedVatValidation();
  return viesVatValidation({ requesterVatNumber: seller.vatId, ...(env.VIES_BASE_URL ? { baseUrl: env.VIES_BASE_URL } : {}) });
}

/** Hands operations to the cluster's ClusterOperator Durable Object. */
export function operatorFor(env: Env, appUrl?: string): ClusterOperatorPort {
  return {
    async start(clusterId, operationId) {
      await env.CLUSTER_OPERATOR.get(env.CLUSTER_OPERATOR.idFromName(clusterId)).start(operationId, appUrl);
    },
  };
}

/**
 * DNS over HTTPS (Cloudflare's JSON API): a Worker cannot resolve names itself. Used at
 * registration in production only, to refuse hosts that resolve to private addresses (ADR 36).
 */
async function resolveOverHttps(host: string): Promise<string[]> {
  const lookup = async (type: 'A' | 'AAAA') => {
    const response = await fetch(`https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(host)}&type=${type}`, { headers: { accept: 'application/dns-json' }, signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`DNS over HTTPS answered ${response.status}`);
    const answer = (await response.json()) as { Answer?: Array<{ type: number; data: string }> };
    return (answer.Answer ?? []).filter((record) => record.type === (type === 'A' ? 1 : 28)).map((record) => record.data);
  };
  const [v4, v6] = await Promise.all([lookup('A'), lookup('AAAA')]);
  return [...v4, ...v6];
}

/** Wakes the organisation's WebhookDispatcher Durable Object (ADR 36). */
export function webhooksFor(env: Env): WebhooksPort {
  return {
    async wake(organizationId) {
      await env.WEBHOOK_DISPATCHER.get(env.WEBHOOK_DISPATCHER.idFromName(organizationId)).wake(organizationId);
    },
    ...(environmentOf(env) === 'production' ? { resolveHost: resolveOverHttps } : {}),
  };
}

/** The hub holding an organisation's sockets (ADR 43). */
export const hubOf = (env: Env, organizationId: string) => env.NOTIFICATION_HUB.get(env.NOTIFICATION_HUB.idFromName(organizationId));

export function realtimeFor(env: Env): RealtimePort {
  return {
    async publish(organizationId, messages) {
      await hubOf(env, organizationId).publish(messages);
    },
    async closeSessions(organizationId, sessionIds) {
      await hubOf(env, organizationId).closeSessions(sessionIds);
    },
  };
}

/**
 * The context a ClusterOperator (or a cron job) runs the engine with: no request and no user,
 * the Worker's ports, links in mail pointing at APP_URL or the origin the operation was started from.
 */
export function operatorContext(env: Env, appUrl?: string): Context {
  const db = databaseFor(env);
  return createContext({
    db,
    config: { appVersion: APP_VERSION, environment: environmentOf(env), passwordCost: passwordCostOf(env), seller: sellerOf(env) },
    ports: {
      mailer: mailerFor(env, db),
      realtime: realtimeFor(env),
      secrets: secretBoxFor(env),
      provisioner: provisionerFor(env),
      operator: operatorFor(env, appUrl),
      clouds: cloudsFor(env),
      catalogue: catalogueCacheFor(env),
      sessions: sessionCacheFor(env),
      vat: vatValidationFor(env),
      webhooks: webhooksFor(env),
    },
    request: { appUrl: env.APP_URL?.replace(/\/$/, '') ?? appUrl ?? 'http://localhost:5173' },
  });
}

/**
 * waitUntil, so the task outlives the response; without an execution context (Hono throws when
 * there is none, e.g. app.request in a test) it runs detached. Failures are the task's to log.
 */
function backgroundFor(c: HonoContext<AppEnv>): Ports['background'] {
  return (task) => {
    const settled = task.catch(() => undefined);
    try {
      c.executionCtx.waitUntil(settled);
    } catch {
      void settled;
    }
  };
}

function appUrlFor(c: HonoContext<AppEnv>): string {
  if (c.env.APP_URL) return c.env.APP_URL.replace(/\/$/, '');
  // Behind the Vite dev proxy the browser's origin is the one links must use.
  const origin = c.req.header('Origin');
  if (origin && environmentOf(c.env) === 'development') return origin;
  return originOf(c.req.url);
}

/**
 * A request URL's origin, as `new URL(url).origin` gives it: the runtime hands the Worker the URL
 * serialised (scheme and host in lower case, a default port dropped, no credentials), so its origin
 * is everything before the path. Parsing the URL on every request cost a cached catalogue read a
 * few per cent (issue 35).
 */
export function originOf(url: string): string {
  const path = url.indexOf('/', url.indexOf('//') + 2);
  return path < 0 ? url : url.slice(0, path);
}

/** The config and the ports that depend on the Worker's bindings only, not on the request. */
type BindingPorts = Pick<Context, 'config'> & {
  ports: Pick<Ports, 'mailer' | 'realtime' | 'rates' | 'secrets' | 'payments' | 'provisioner' | 'files' | 'clouds' | 'catalogue' | 'sessions' | 'vat' | 'webhooks'>;
};

function bindingPortsOf(env: Env, db: Database): BindingPorts {
  return {
    config: { appVersion: APP_VERSION, environment: environmentOf(env), passwordCost: passwordCostOf(env), seller: sellerOf(env) },
    ports: {
      mailer: mailerFor(env, db),
      realtime: realtimeFor(env),
      rates: ecbRatesSource(),
      secrets: secretBoxFor(env),
      payments: paymentsFor(env),
      provisioner: provisionerFor(env),
      files: r2Files(env.FILES),
      clouds: cloudsFor(env),
      catalogue: catalogueCacheFor(env),
      sessions: sessionCacheFor(env),
      vat: vatValidationFor(env),
      webhooks: webhooksFor(env),
    },
  };
}

/**
 * Bindings do not change within an isolate: their ports are built once per bindings object, not
 * on every request (parsing the seller, the clouds' URLs and the provisioner's settings was a
 * measurable share of a list request, issue 35). None holds state of a request. A libSQL database
 * is opened per request (databaseFor), and so is what is built on it.
 */
const bindingPorts = new WeakMap<Env, BindingPorts>();

function bindingPortsFor(env: Env, db: Database): BindingPorts {
  if (env.DATABASE_URL) return bindingPortsOf(env, db);
  let built = bindingPorts.get(env);
  if (!built) {
    built = bindingPortsOf(env, db);
    bindingPorts.set(env, built);
  }
  return built;
}

/** Turns the Worker's bindings and the request into the context and ports of packages/api. */
export function contextFor(c: HonoContext<AppEnv>): Context {
  const env = c.env;
  const db = databaseFor(env);
  const auth = c.get('auth');
  const { config, ports } = bindingPortsFor(env, db);
  const appUrl = appUrlFor(c);
  return createContext({
    db,
    config,
    user: auth?.user ?? null,
    session: auth?.session ?? null,
    credential: auth?.credential ?? null,
    ports: {
      ...ports,
      sessionCookie: {
        issue({ token, expiresAt, csrfToken }) {
          auth.cookies.push(sessionCookie(env, c.req.url, token, expiresAt, Date.now()));
          auth.csrfToken = csrfToken;
        },
        clear() {
          // Signed out: a fresh anonymous CSRF token replaces the ended session's.
          auth.csrfToken = randomToken();
          auth.cookies.push(clearedSessionCookie(env, c.req.url), anonymousCsrfCookie(env, c.req.url, auth.csrfToken));
        },
      },
      background: backgroundFor(c),
      operator: operatorFor(env, appUrl),
    },
    request: {
      ipAddress: c.req.header('CF-Connecting-IP') ?? null,
      userAgent: c.req.header('User-Agent') ?? null,
      appUrl,
    },
  });
}
