/**
 * What every provider client shares: one deadline for the whole listing (token exchange included),
 * the mapping of transport errors to failure kinds, and the last line of defence that removes any
 * credential from a message before it leaves this module.
 */
import { DEFAULT_TIMEOUT_MS, type CloudClient, type cloudCredentialsSchemas, type CloudCredentials, type CloudFailureKind, type CloudProvider, type ExternalCluster, type ListClustersResult, type ListOptions } from './port';

/** Thrown inside a client; `runListing` turns it into the result's failure. */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: CloudFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

export interface CallContext {
  fetch: typeof fetch;
  signal: AbortSignal;
  now: () => number;
  timeoutMs: number;
  /** Provider name as customers know it, for messages. */
  label: string;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
}

const MESSAGE_LIMIT = 400;

/**
 * Runs one listing under a deadline and returns the port's result. `secrets` are the credential
 * values: any of them found in a message is replaced, whatever produced the message.
 */
export async function runListing<B>(
  label: string,
  secrets: readonly string[],
  options: ListOptions<B>,
  list: (context: CallContext) => Promise<ExternalCluster[]>,
): Promise<ListClustersResult> {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = now();
  // Called as a function, not as `context.fetch`: workerd's fetch refuses any `this` but the global one ("Illegal invocation").
  const context: CallContext = { fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)), signal: controller.signal, now, timeoutMs, label };
  try {
    const clusters = await list(context);
    return { ok: true, clusters, tookMs: Math.max(0, now() - started) };
  } catch (error) {
    const failure =
      error instanceof ProviderFailure
        ? error
        : controller.signal.aborted
          ? timeoutFailure(context)
          : new ProviderFailure('unexpected', `${label}: the answer could not be read.`);
    return { ok: false, kind: failure.kind, message: scrub(failure.message, secrets), tookMs: Math.max(0, now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A provider's client: its listing, against the real base URLs or those the options override, runs
 * inside runListing (one deadline, failures told apart, `secrets` scrubbed from every message).
 */
export function cloudClient<P extends CloudProvider, B>(spec: {
  provider: P;
  label: string;
  defaultBaseUrls: B;
  credentialsSchema: (typeof cloudCredentialsSchemas)[P];
  /** The credential values no message may show. */
  secrets: (credentials: CloudCredentials<P>) => readonly string[];
  list: (context: CallContext, credentials: CloudCredentials<P>, urls: B, options: ListOptions<B>) => Promise<ExternalCluster[]>;
}): CloudClient<P, B> {
  return {
    provider: spec.provider,
    defaultBaseUrls: spec.defaultBaseUrls,
    credentialsSchema: spec.credentialsSchema,
    listClusters(credentials, options = {}) {
      const urls = { ...spec.defaultBaseUrls, ...options.baseUrls };
      return runListing(spec.label, spec.secrets(credentials), options, (context) => spec.list(context, credentials, urls, options));
    },
  };
}

/** The clusters a listing could read, those it could not turn into one (toCluster answered null) left out. */
export function knownClusters(clusters: Array<ExternalCluster | null>): ExternalCluster[] {
  return clusters.filter((cluster): cluster is ExternalCluster => cluster !== null);
}

function timeoutFailure(context: CallContext): ProviderFailure {
  return new ProviderFailure('timeout', `${context.label} did not answer within ${Math.round(context.timeoutMs / 100) / 10} s.`);
}

/** Replaces every credential value (and every line of a multi-line one, such as a PEM key) in `text`. */
export function scrub(text: string, secrets: readonly string[]): string {
  const pieces = secrets
    .flatMap((secret) => [secret, ...secret.split(/\\n|\n/)])
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 6 && !/^-----(BEGIN|END) /.test(piece))
    .sort((a, b) => b.length - a.length);
  let result = text;
  for (const piece of pieces) result = result.split(piece).join('[redacted]');
  return result.length > MESSAGE_LIMIT ? `${result.slice(0, MESSAGE_LIMIT - 1)}…` : result;
}

/** fetch under the listing's deadline; a transport error becomes `unreachable`, the deadline `timeout`. */
export async function call(context: CallContext, url: string, init: RequestInit = {}): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await context.fetch(url, { ...init, signal: context.signal, redirect: 'manual' });
  } catch (error) {
    if (context.signal.aborted) throw timeoutFailure(context);
    throw new ProviderFailure('unreachable', `${context.label} could not be reached at ${new URL(url).host}${transportCause(error)}.`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (context.signal.aborted) throw timeoutFailure(context);
    throw new ProviderFailure('unreachable', `${context.label} closed the connection before answering${transportCause(error)}.`);
  }
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function transportCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  return code && /^[A-Z_]+$/.test(code) ? ` (${code})` : '';
}

/**
 * The failure for a non-2xx answer when the provider's body says nothing more specific: 401 is the
 * key, 403 the key's rights, 429 the rate, 5xx the provider itself.
 */
export function failureForStatus(context: CallContext, status: number, detail: string | null): ProviderFailure {
  const suffix = detail ? `: ${detail}` : '.';
  if (status === 401) return new ProviderFailure('bad_credentials', `${context.label} rejected the credentials${suffix}`);
  if (status === 403) return new ProviderFailure('missing_permission', `${context.label} accepted the credentials but refused to list clusters${suffix}`);
  if (status === 429) return new ProviderFailure('rate_limited', `${context.label} is rate limiting these credentials; try again later${suffix}`);
  if (status >= 500) return new ProviderFailure('unexpected', `${context.label} had an internal error (HTTP ${status})${suffix}`);
  return new ProviderFailure('unexpected', `${context.label} answered HTTP ${status}${suffix}`);
}

export function rateLimited(context: CallContext, response: ProviderResponse, detail: string | null): ProviderFailure {
  const retryAfter = response.headers.get('retry-after');
  const wait = retryAfter && /^\d+$/.test(retryAfter) ? ` Retry after ${retryAfter} s.` : '';
  return new ProviderFailure('rate_limited', `${context.label} is rate limiting these credentials${detail ? `: ${detail}` : '.'}${wait}`);
}

/** A string field of a JSON object, or null. */
export function field(value: unknown, ...path: string[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function text(value: unknown, ...path: string[]): string | null {
  const found = field(value, ...path);
  return typeof found === 'string' && found.length > 0 ? found : null;
}

/** A cluster's state as a provider names it, in lower case; `unknown` when it names none. */
export const stateOf = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : 'unknown');

/** A cluster's Kubernetes version without what the provider adds to it (`added`); '' when it gives none. */
export const versionOf = (value: unknown, added?: RegExp): string => (typeof value !== 'string' ? '' : added ? value.replace(added, '') : value);

/** The nodes of a cluster's pools added up; null when a pool does not say its count. */
export function poolNodeTotal(pools: Array<{ count?: unknown }> | null): number | null {
  return pools && pools.every((pool) => typeof pool.count === 'number') ? pools.reduce((sum, pool) => sum + (pool.count as number), 0) : null;
}

export function malformed(context: CallContext, what: string): ProviderFailure {
  return new ProviderFailure('unexpected', `${context.label} answered with a ${what} we could not read.`);
}

/** Base URL without a trailing slash; `{region}` is replaced where the provider's endpoint is regional. */
export function baseUrl(value: string, region?: string): string {
  const resolved = region === undefined ? value : value.replaceAll('{region}', encodeURIComponent(region));
  return resolved.replace(/\/+$/, '');
}
