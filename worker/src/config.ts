import { isStripeSecretKey, isStripeWebhookSecret, logError, stripePublishableKeyProblem, TEST_PASSWORD_COST, type PasswordCost } from '@kubemarket/api';
import { createSecretBox, DEVELOPMENT_KEYRING, KeyringError, parseKeyring, type SecretBox } from '@kubemarket/db';
import { DEMO_SELLER, SELLER_SETTINGS, sellerFromSettings, type SellerIdentity } from '@kubemarket/shared';
import type { MiddlewareHandler } from 'hono';
import { apiError } from './api-errors';
import type { AppEnv, Env } from './env';

export function isDevelopment(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development';
}

/** The keyring in force: ENCRYPTION_KEYS, or in development only the development keyring. */
export function keyringOf(env: Env): string | undefined {
  if (env.ENCRYPTION_KEYS?.trim()) return env.ENCRYPTION_KEYS;
  return isDevelopment(env) ? DEVELOPMENT_KEYRING : undefined;
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

const DEVELOPMENT_KEY = parseKeyring(DEVELOPMENT_KEYRING).get(1)!;

function isDevelopmentKey(key: Uint8Array): boolean {
  return key.length === DEVELOPMENT_KEY.length && key.every((byte, index) => byte === DEVELOPMENT_KEY[index]);
}

/** What is wrong with the keyring, or null. The development key is published: never in production. */
function keyringProblem(env: Env): string | null {
  let keys: Map<number, Uint8Array>;
  try {
    keys = parseKeyring(keyringOf(env));
  } catch (error) {
    if (error instanceof KeyringError) return error.message;
    throw error;
  }
  if (!isDevelopment(env) && [...keys.values()].some(isDevelopmentKey)) {
    return 'ENCRYPTION_KEYS holds the development key; generate a production keyring.';
  }
  return null;
}

function urlProblem(name: string, value: string | undefined): string | null {
  if (!value?.trim()) return `${name} is not set.`;
  return isHttpsUrl(value) ? null : `${name} must be an absolute https URL.`;
}

/** Production takes sandbox (test-mode) payments only when this says so. */
export function sandboxEnabled(env: Pick<Env, 'PAYMENTS_SANDBOX'>): boolean {
  return env.PAYMENTS_SANDBOX?.trim() === 'enabled';
}

/**
 * Stripe needs its key and webhook secret together (half of it would take payments whose webhooks
 * nobody can verify), and in production the publishable key too (without it the checkout cannot
 * take a card); without Stripe, production must enable the sandbox on purpose, so test-mode
 * payments are never taken by accident.
 */
function paymentsProblems(env: Env): Array<string | null> {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  if (secretKey) {
    const publishableKeyProblem = publishableKey ? stripePublishableKeyProblem(publishableKey, secretKey) : null;
    return [
      isStripeSecretKey(secretKey) ? null : 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_… or rk_…).',
      !webhookSecret
        ? 'STRIPE_WEBHOOK_SECRET is not set; it is required with STRIPE_SECRET_KEY.'
        : isStripeWebhookSecret(webhookSecret)
          ? null
          : 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…).',
      !publishableKey
        ? isDevelopment(env)
          ? null
          : 'STRIPE_PUBLISHABLE_KEY is not set; the checkout needs it with STRIPE_SECRET_KEY to take cards.'
        : publishableKeyProblem && `STRIPE_PUBLISHABLE_KEY ${publishableKeyProblem}.`,
    ];
  }
  return [
    webhookSecret ? 'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY.' : null,
    publishableKey ? 'STRIPE_PUBLISHABLE_KEY is set without STRIPE_SECRET_KEY.' : null,
    isDevelopment(env) || sandboxEnabled(env)
      ? null
      : 'Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX=enabled to take test-mode payments.',
  ];
}

/**
 * Production builds real clusters through Gardener; the simulator (clusters that exist only in our
 * database) runs there only when enabled on purpose, for a demo landscape, like the payments sandbox.
 */
function provisionerProblem(env: Env): string | null {
  if (isDevelopment(env) || env.GARDENER_API_URL?.trim() || env.PROVISIONER_SIMULATOR?.trim() === 'enabled') return null;
  return 'Clusters are not configured: set GARDENER_API_URL, GARDENER_TOKEN, GARDENER_NAMESPACE and GARDENER_CLOUD_PROFILE, or PROVISIONER_SIMULATOR=enabled to run simulated clusters.';
}

/**
 * scrypt's cost: production's unless PASSWORD_HASH_COST=test in development, where the workerd and
 * browser tests that are not about hashing use a cheap one. Production refuses the setting.
 */
export function passwordCostOf(env: Pick<Env, 'ENVIRONMENT' | 'PASSWORD_HASH_COST'>): PasswordCost | undefined {
  return isDevelopment(env) && env.PASSWORD_HASH_COST?.trim() === 'test' ? TEST_PASSWORD_COST : undefined;
}

/**
 * Who sells, printed on every invoice: from the SELLER_* settings; in development the demo seller
 * unless they are all set. Production refuses to serve without them (configurationProblems).
 */
export function sellerOf(env: Env): SellerIdentity | undefined {
  const configured = sellerFromSettings(env);
  if (configured.seller) return configured.seller;
  return isDevelopment(env) ? DEMO_SELLER : undefined;
}

function sellerProblems(env: Env): string[] {
  return isDevelopment(env) ? [] : sellerFromSettings(env).problems;
}

/** The local API gateway of simulated clusters serves development only: production has no business with its secret. */
function kubeGatewayProblem(env: Env): string | null {
  if (isDevelopment(env) || !(env.KUBE_GATEWAY_URL?.trim() || env.KUBE_GATEWAY_SECRET?.trim())) return null;
  return 'KUBE_GATEWAY_URL and KUBE_GATEWAY_SECRET are development settings (the local API gateway of simulated clusters); remove them in production.';
}

function passwordCostProblem(env: Env): string | null {
  if (isDevelopment(env) || !env.PASSWORD_HASH_COST?.trim()) return null;
  return 'PASSWORD_HASH_COST is a test setting; remove it in production.';
}

/**
 * Settings the Worker cannot run without. In production a missing one would otherwise degrade
 * silently (links to the wrong host, mail in a table nobody reads, secrets under a public key).
 * The messages name settings, never their values.
 */
export function configurationProblems(env: Env): string[] {
  const problems = [keyringProblem(env), ...paymentsProblems(env), provisionerProblem(env), passwordCostProblem(env), kubeGatewayProblem(env), ...sellerProblems(env)];
  if (!isDevelopment(env)) {
    problems.push(
      urlProblem('APP_URL', env.APP_URL),
      urlProblem('MAIL_API_URL', env.MAIL_API_URL),
      env.MAIL_API_KEY?.trim() ? null : 'MAIL_API_KEY is not set.',
    );
  }
  return problems.filter((problem): problem is string => problem !== null);
}

let lastCheck: { key: string; problems: string[] } | undefined;
const reported = new Set<string>();

/** Bindings do not change within an isolate: check once per distinct configuration. */
function cachedProblems(env: Env): string[] {
  const key = JSON.stringify([
    env.ENVIRONMENT,
    env.APP_URL,
    env.MAIL_API_URL,
    Boolean(env.MAIL_API_KEY?.trim()),
    env.ENCRYPTION_KEYS,
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
    env.STRIPE_PUBLISHABLE_KEY,
    env.PAYMENTS_SANDBOX,
    env.GARDENER_API_URL,
    env.PROVISIONER_SIMULATOR,
    env.PASSWORD_HASH_COST,
    Boolean(env.KUBE_GATEWAY_URL?.trim() || env.KUBE_GATEWAY_SECRET?.trim()),
    ...SELLER_SETTINGS.map((name) => env[name]),
  ]);
  if (lastCheck?.key !== key) lastCheck = { key, problems: configurationProblems(env) };
  return lastCheck.problems;
}

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again later.';

/**
 * Refuses every request while the deployment is misconfigured: a generic 503 for the public, the
 * concrete problems once in the log for the operator.
 */
export const requireConfiguration: MiddlewareHandler<AppEnv> = async (c, next) => {
  const problems = cachedProblems(c.env);
  if (problems.length === 0) return next();
  const summary = problems.join(' ');
  if (!reported.has(summary)) {
    reported.add(summary);
    logError('The Worker refuses to serve: it is not configured', new Error(summary));
  }
  return apiError(c, 503, UNAVAILABLE);
};

const secretBoxes = new Map<string, SecretBox>();

/** One SecretBox per keyring (imported keys are cached inside it). Call after requireConfiguration. */
export function secretBoxFor(env: Env): SecretBox {
  const keyring = keyringOf(env) ?? '';
  let box = secretBoxes.get(keyring);
  if (!box) {
    box = createSecretBox(keyring);
    secretBoxes.set(keyring, box);
  }
  return box;
}
