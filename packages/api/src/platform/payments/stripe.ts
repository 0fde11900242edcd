/**
 * The production payments adapter (ADR 7): Stripe PaymentIntents through `stripe` 23 over fetch,
 * so it runs in workerd and Node alike. Cards never pass through us: the browser turns them into
 * a PaymentMethod with Stripe.js, or confirms the PaymentIntent itself with its client secret.
 *
 * The SDK is loaded on first use: every request builds the context, few of them take money, and
 * the Worker should not evaluate the SDK for the others.
 */
import type Stripe from 'stripe';
import {
  chargeRequestProblem,
  declined,
  declineReason,
  PaymentNotFoundError,
  paymentsUnavailable,
  setupFailed,
  setupRequestProblem,
  WebhookSignatureError,
  type ChargeOutcome,
  type KeptMethod,
  type PaymentEvent,
  type PaymentsPort,
  type SavedMethodDetails,
  type SetupOutcome,
} from './port';

type StripeSdk = typeof Stripe;

/** Pinned: the shapes this adapter reads are those of this version (the SDK's own, 23.1.0). */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** One automatic retry, with the same idempotency key, on a connection failure, a 409 or a 5xx. */
const MAX_NETWORK_RETRIES = 1;
/** A checkout should not hang for Stripe's default 80 s. */
const REQUEST_TIMEOUT_MS = 20_000;

const SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]+$/;
const PUBLISHABLE_KEY = /^pk_(live|test)_[A-Za-z0-9]+$/;
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]+$/;
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]+$/;
const SETUP_INTENT_ID = /^seti_[A-Za-z0-9]+$/;
const CUSTOMER_ID = /^cus_[A-Za-z0-9]+$/;

/** A secret (sk_) or restricted (rk_) API key, live or test. */
export function isStripeSecretKey(value: string): boolean {
  return SECRET_KEY.test(value);
}

/** A webhook endpoint's signing secret. */
export function isStripeWebhookSecret(value: string): boolean {
  return WEBHOOK_SECRET.test(value);
}

/** The publishable key (pk_live_… or pk_test_…) Stripe.js uses in the browser; it is public by design. */
export function isStripePublishableKey(value: string): boolean {
  return PUBLISHABLE_KEY.test(value);
}

const isTestKey = (key: string) => key.slice(3, 8) === 'test_';

/**
 * What is wrong with a publishable key for this secret key, or null. A PaymentMethod made with a
 * test key cannot be charged with a live one (and the reverse): the pair must be of one mode.
 */
export function stripePublishableKeyProblem(publishableKey: string, secretKey: string): string | null {
  if (!isStripePublishableKey(publishableKey)) return 'must be a Stripe publishable key (pk_live_… or pk_test_…)';
  if (isStripeSecretKey(secretKey) && isTestKey(publishableKey) !== isTestKey(secretKey)) {
    return `is a ${isTestKey(publishableKey) ? 'test' : 'live'} key but the secret key is a ${isTestKey(secretKey) ? 'test' : 'live'} key`;
  }
  return null;
}

export interface StripePaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  /**
   * For the checkout's card form (Stripe.js). Optional here so server-only uses (webhooks, tests)
   * need none; the Worker requires it in production (worker/src/config.ts).
   */
  publishableKey?: string;
  /** Receipt time of webhooks: their signature must be at most five minutes old. */
  clock: { now(): number };
  /** Tests: a local fake of the API instead of api.stripe.com. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The decline code a customer's reason is looked up by: the issuer's when it is specific. */
function declineCodeOf(error: { code?: string | undefined; decline_code?: string | undefined }): string {
  if (error.decline_code && error.decline_code !== 'generic_decline') return error.decline_code;
  return error.code ?? 'card_declined';
}

function cardOf(intent: Stripe.PaymentIntent): { cardBrand?: string; cardLast4?: string } {
  const method = intent.payment_method;
  if (method === null || typeof method === 'string' || !method.card) return {};
  return { cardBrand: method.card.brand, cardLast4: method.card.last4 };
}

/** A card paid with setup_future_usage is now its Customer's: what to keep of it (issue 31). */
function keptMethodOf(intent: Stripe.PaymentIntent): KeptMethod | null {
  if (intent.setup_future_usage !== 'off_session' || !intent.customer) return null;
  const method = intent.payment_method;
  if (method === null || typeof method === 'string' || method.type !== 'card' || !method.card) return null;
  const customerRef = typeof intent.customer === 'string' ? intent.customer : intent.customer.id;
  return {
    customerRef,
    method: { kind: 'card', providerRef: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year, holderName: method.billing_details.name ?? null },
  };
}

/** The public details of a saved PaymentMethod, or null for a kind we do not save. */
function savedMethodOf(intent: Stripe.SetupIntent): SavedMethodDetails | null {
  const method = intent.payment_method;
  if (method === null || typeof method === 'string') return null;
  const holderName = method.billing_details.name ?? null;
  if (method.type === 'card' && method.card) {
    return { kind: 'card', providerRef: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year, holderName };
  }
  if (method.type === 'sepa_debit' && method.sepa_debit?.last4) {
    const mandate = intent.mandate;
    const mandateRef = mandate === null ? null : typeof mandate === 'string' ? mandate : mandate.id;
    // Without the mandate Stripe cannot debit the account off-session: not a usable method.
    if (!mandateRef) return null;
    return { kind: 'sepa_debit', providerRef: method.id, bankCode: method.sepa_debit.bank_code ?? null, country: method.sepa_debit.country ?? null, last4: method.sepa_debit.last4, mandateRef, holderName };
  }
  return null;
}

export function stripePayments(config: StripePaymentsConfig): PaymentsPort {
  if (!isStripeSecretKey(config.secretKey)) throw new Error('The Stripe secret key must look like sk_live_… or sk_test_….');
  if (!isStripeWebhookSecret(config.webhookSecret)) throw new Error('The Stripe webhook secret must look like whsec_….');
  const publishableKeyProblem = config.publishableKey === undefined ? null : stripePublishableKeyProblem(config.publishableKey, config.secretKey);
  if (publishableKeyProblem) throw new Error(`The Stripe publishable key ${publishableKeyProblem}.`);

  let loaded: Promise<{ Stripe: StripeSdk; client: Stripe }> | undefined;
  function sdk() {
    loaded ??= import('stripe').then(
      ({ default: Sdk }) => ({
        Stripe: Sdk,
        client: new Sdk(config.secretKey, {
          apiVersion: STRIPE_API_VERSION,
          httpClient: Sdk.createFetchHttpClient(),
          maxNetworkRetries: MAX_NETWORK_RETRIES,
          timeout: REQUEST_TIMEOUT_MS,
          telemetry: false,
          ...(config.endpoint ?? {}),
        }),
      }),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  }

  function clientSecretOf(intent: Stripe.PaymentIntent): string {
    // Always present for a secret key; without it the browser could not finish the payment.
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret.`);
    return intent.client_secret;
  }

  function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
    const paymentId = intent.id;
    switch (intent.status) {
      case 'succeeded': {
        const kept = keptMethodOf(intent);
        return { status: 'succeeded', paymentId, ...cardOf(intent), ...(kept ? { kept } : {}) };
      }
      // requires_capture: authorised, not yet captured; we capture automatically, so the money is on its way.
      case 'processing':
      case 'requires_capture':
        return { status: 'processing', paymentId };
      case 'canceled':
        return declined('payment_canceled', paymentId);
      case 'requires_payment_method':
        // After a failed attempt (a decline, a failed 3-D Secure) the customer needs another card.
        if (intent.last_payment_error) return declined(declineCodeOf(intent.last_payment_error), paymentId);
        return { status: 'requires_action', paymentId, action: { kind: 'stripe_client_secret', clientSecret: clientSecretOf(intent) } };
      case 'requires_action':
      case 'requires_confirmation':
        return { status: 'requires_action', paymentId, action: { kind: 'stripe_client_secret', clientSecret: clientSecretOf(intent) } };
      default:
        throw new Error(`PaymentIntent ${paymentId} has the unknown status ${intent.status}.`);
    }
  }

  /** A card's answer becomes a decline; everything else is ours or Stripe's, logged and unavailable. */
  function failure(Sdk: StripeSdk | undefined, error: unknown, label: string, operation: 'create' | 'retrieve'): ChargeOutcome {
    if (Sdk && error instanceof Sdk.errors.StripeCardError) {
      return declined(declineCodeOf(error), error.payment_intent?.id);
    }
    if (Sdk && error instanceof Sdk.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      // The browser sent a PaymentMethod id that does not exist (or not for this account).
      if (operation === 'create' && error.param === 'payment_method') return declined('invalid_payment_method');
      if (operation === 'retrieve') throw new PaymentNotFoundError();
    }
    // Stripe's errors print as plain "Error": name the kind and request for the operator.
    if (Sdk && error instanceof Sdk.errors.StripeError) {
      throw paymentsUnavailable(`${label} (${error.type}, HTTP ${error.statusCode ?? 'none'}, request ${error.requestId ?? 'none'})`, error);
    }
    throw paymentsUnavailable(label, error);
  }

  async function retrieve(paymentId: string): Promise<ChargeOutcome> {
    if (!PAYMENT_INTENT_ID.test(paymentId)) throw new PaymentNotFoundError();
    let Sdk: StripeSdk | undefined;
    try {
      const { Stripe: loadedSdk, client } = await sdk();
      Sdk = loadedSdk;
      return outcomeOf(await client.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }));
    } catch (error) {
      if (error instanceof PaymentNotFoundError) throw error;
      return failure(Sdk, error, 'Reading a Stripe PaymentIntent failed', 'retrieve');
    }
  }

  return {
    provider: 'stripe',
    testMode: isTestKey(config.secretKey),
    ...(config.publishableKey === undefined ? {} : { publishableKey: config.publishableKey }),

    async charge(request) {
      const problem = chargeRequestProblem(request);
      if (problem) throw paymentsUnavailable('Stripe charge refused', new Error(problem));
      if (request.method.kind !== 'stripe_payment_method') {
        // Never forward a card number: Stripe takes cards in the browser only.
        throw paymentsUnavailable('Stripe charge refused', new Error(`Stripe takes stripe_payment_method, not ${request.method.kind}.`));
      }
      const { paymentMethodId, customerRef } = request.method;
      if (paymentMethodId !== undefined && !PAYMENT_METHOD_ID.test(paymentMethodId)) return declined('invalid_payment_method');
      if (customerRef !== undefined && (!CUSTOMER_ID.test(customerRef) || paymentMethodId === undefined)) {
        throw paymentsUnavailable('Stripe charge refused', new Error('An off-session charge needs a cus_ Customer and its saved pm_ PaymentMethod.'));
      }
      if (request.keepFor?.customerRef !== undefined && !CUSTOMER_ID.test(request.keepFor.customerRef)) {
        throw paymentsUnavailable('Stripe charge refused', new Error(`${request.keepFor.customerRef} is not a Stripe Customer id.`));
      }
      let Sdk: StripeSdk | undefined;
      try {
        const { Stripe: loadedSdk, client } = await sdk();
        Sdk = loadedSdk;
        // Kept for later (not for an off-session charge of a method already kept): the card is
        // attached to the organisation's Customer once it pays, as a SetupIntent would.
        const keepFor =
          request.keepFor && !customerRef
            ? request.keepFor.customerRef ??
              (await client.customers.create({ email: request.customerEmail, metadata: { organizationId: request.organizationId } }, { idempotencyKey: `${request.idempotencyKey}:customer` })).id
            : null;
        const intent = await client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'eur',
            description: request.description,
            receipt_email: request.customerEmail,
            metadata: { orderId: request.orderId, organizationId: request.organizationId },
            ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
            confirm: Boolean(paymentMethodId),
            // A saved method belongs to its Customer and is charged while the customer is away:
            // Stripe then uses the mandate of the setup and answers authentication_required
            // instead of waiting for a 3-D Secure step nobody will take. Its types are those a
            // setup saves, not the dashboard's list (which may lack sepa_debit).
            ...(customerRef
              ? { customer: customerRef, off_session: true, allowed_payment_method_types: ['card', 'sepa_debit'] }
              : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
            ...(keepFor ? { customer: keepFor, setup_future_usage: 'off_session' as const } : {}),
            expand: ['payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (error) {
        return failure(Sdk, error, 'Creating a Stripe PaymentIntent failed', 'create');
      }
    },

    async createSetup(request) {
      const problem = setupRequestProblem(request);
      if (problem) throw paymentsUnavailable('Stripe setup refused', new Error(problem));
      if (request.customerRef !== undefined && !CUSTOMER_ID.test(request.customerRef)) {
        throw paymentsUnavailable('Stripe setup refused', new Error(`${request.customerRef} is not a Stripe Customer id.`));
      }
      let Sdk: StripeSdk | undefined;
      try {
        const { Stripe: loadedSdk, client } = await sdk();
        Sdk = loadedSdk;
        // A method saved for later charges must belong to a Customer: one per organisation, reused.
        const customerRef =
          request.customerRef ??
          (
            await client.customers.create(
              { email: request.customerEmail, metadata: { organizationId: request.organizationId } },
              { idempotencyKey: `${request.idempotencyKey}:customer` },
            )
          ).id;
        const intent = await client.setupIntents.create(
          {
            customer: customerRef,
            usage: 'off_session',
            // The pinned API version names the list allowed_payment_method_types (formerly payment_method_types).
            allowed_payment_method_types: [...request.methodTypes],
            metadata: { organizationId: request.organizationId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came without a client secret.`);
        return { setupId: intent.id, customerRef, clientSecret: intent.client_secret };
      } catch (error) {
        if (Sdk && error instanceof Sdk.errors.StripeError) {
          throw paymentsUnavailable(`Creating a Stripe SetupIntent failed (${error.type}, HTTP ${error.statusCode ?? 'none'}, request ${error.requestId ?? 'none'})`, error);
        }
        throw paymentsUnavailable('Creating a Stripe SetupIntent failed', error);
      }
    },

    async confirmSetup({ setupId, organizationId, details }): Promise<SetupOutcome> {
      // Cards and IBANs go to Stripe from the browser only; the server never forwards them.
      if (details !== undefined) throw paymentsUnavailable('Stripe setup refused', new Error('Stripe takes the details in the browser (Stripe.js), not from the server.'));
      if (!SETUP_INTENT_ID.test(setupId)) throw new PaymentNotFoundError('No setup of your organisation has this id.');
      let Sdk: StripeSdk | undefined;
      let intent: Stripe.SetupIntent;
      try {
        const { Stripe: loadedSdk, client } = await sdk();
        Sdk = loadedSdk;
        intent = await client.setupIntents.retrieve(setupId, { expand: ['payment_method'] });
      } catch (error) {
        if (Sdk && error instanceof Sdk.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw new PaymentNotFoundError('No setup of your organisation has this id.');
        if (Sdk && error instanceof Sdk.errors.StripeError) {
          throw paymentsUnavailable(`Reading a Stripe SetupIntent failed (${error.type}, HTTP ${error.statusCode ?? 'none'}, request ${error.requestId ?? 'none'})`, error);
        }
        throw paymentsUnavailable('Reading a Stripe SetupIntent failed', error);
      }
      // The browser names the setup: one another organisation started is not this one's to save.
      if (intent.metadata?.organizationId !== organizationId) throw new PaymentNotFoundError('No setup of your organisation has this id.');
      const customer = intent.customer;
      const customerRef = customer === null ? null : typeof customer === 'string' ? customer : customer.id;
      switch (intent.status) {
        case 'succeeded': {
          const method = savedMethodOf(intent);
          if (!method) return setupFailed('invalid_payment_method', setupId);
          return { status: 'succeeded', setupId, customerRef, method };
        }
        case 'processing':
          return { status: 'processing', setupId };
        case 'canceled':
          return setupFailed('setup_canceled', setupId);
        case 'requires_payment_method':
          if (intent.last_setup_error) return setupFailed(declineCodeOf(intent.last_setup_error), setupId);
          return { status: 'requires_action', setupId };
        case 'requires_action':
        case 'requires_confirmation':
          return { status: 'requires_action', setupId };
        default:
          throw paymentsUnavailable('Reading a Stripe SetupIntent failed', new Error(`SetupIntent ${setupId} has the unknown status ${String(intent.status)}.`));
      }
    },

    // Stripe.js ran the authentication step and knows its answer: the PaymentIntent tells it.
    completeAuthentication: (paymentId) => retrieve(paymentId),

    retrieve,

    async refund(request) {
      if (!PAYMENT_INTENT_ID.test(request.paymentId)) throw new PaymentNotFoundError();
      try {
        const { client } = await sdk();
        const refund = await client.refunds.create(
          { payment_intent: request.paymentId, amount: request.amountCents, reason: 'duplicate' },
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw paymentsUnavailable('Refunding a Stripe PaymentIntent failed', error);
      }
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('The webhook has no Stripe-Signature header.');
      const { Stripe: Sdk } = await sdk().catch((error: unknown) => {
        throw paymentsUnavailable('Loading the Stripe SDK failed', error);
      });
      let event: Stripe.Event;
      try {
        event = await Sdk.webhooks.constructEventAsync(
          rawBody,
          signatureHeader,
          config.webhookSecret,
          undefined,
          Sdk.createSubtleCryptoProvider(),
          config.clock.now(),
        );
      } catch {
        // Whatever the sender wrote: a signature that does not hold, a header the SDK cannot even
        // compare (`v1=` empty), or a signed body that is not JSON. None of it came from Stripe.
        throw new WebhookSignatureError();
      }
      return eventOf(event);
    },
  };
}

function eventOf(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return { id: event.id, type: 'payment_succeeded', paymentId: intent.id, orderId: intent.metadata.orderId, amountCents: intent.amount_received };
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const code = event.type === 'payment_intent.canceled' ? 'payment_canceled' : intent.last_payment_error ? declineCodeOf(intent.last_payment_error) : 'card_declined';
      return { id: event.id, type: 'payment_failed', paymentId: intent.id, orderId: intent.metadata.orderId, amountCents: intent.amount, reason: declineReason(code) };
    }
    default:
      return { id: event.id, type: 'other' };
  }
}
