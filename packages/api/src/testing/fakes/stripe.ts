/**
 * Test only: a local stand-in for the Stripe endpoints the adapter calls (ADR 7): PaymentIntents,
 * Customers and SetupIntents. It checks
 * every request the way the real API would (method, path, Bearer key, API version, content type,
 * Idempotency-Key, each form field, no unknown parameter) and answers with Stripe's JSON shapes,
 * status codes and idempotent replays. A request it would refuse is also recorded in
 * `violations`, which a test asserts to be empty: the adapter must never send one.
 *
 * PaymentMethods are Stripe's test ones (`pm_card_visa`, `pm_card_visa_chargeDeclined`, …), plus
 * `pm_fake_processing` for a payment that stays `processing` (Stripe's delayed methods), and
 * `pm_fake_sepa_debit` for a SEPA account (Stripe.js makes it from the IBAN DE89370400440532013000).
 * A SetupIntent is confirmed by `confirmSetup`, as Stripe.js does in the browser: the method is
 * saved as a new pm_… attached to the intent's Customer, and from then on a PaymentIntent may use
 * it only with that Customer (Stripe refuses it otherwise).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

interface TestMethod {
  last4: string;
  type?: 'card' | 'sepa_debit';
  outcome: 'succeeded' | 'requires_action' | 'processing' | { decline: CardDecline };
}

const TEST_METHODS: Record<string, TestMethod> = {
  pm_card_visa: { last4: '4242', outcome: 'succeeded' },
  pm_card_authenticationRequired: { last4: '3184', outcome: 'requires_action' },
  pm_card_visa_chargeDeclined: { last4: '0002', outcome: { decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    last4: '9995',
    outcome: { decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  },
  pm_card_chargeDeclinedExpiredCard: { last4: '0069', outcome: { decline: { code: 'expired_card', message: 'Your card has expired.' } } },
  pm_fake_processing: { last4: '1881', outcome: 'processing' },
  // A SEPA debit settles days later: a charge of it stays processing, as with Stripe.
  pm_fake_sepa_debit: { last4: '3000', type: 'sepa_debit', outcome: 'processing' },
};

const SETUP_PARAMETERS = new Set(['customer', 'usage', 'allowed_payment_method_types[0]', 'allowed_payment_method_types[1]', 'metadata[organizationId]']);
const CUSTOMER_PARAMETERS = new Set(['email', 'metadata[organizationId]']);

/** A method saved by a confirmed SetupIntent: its own id, the test method it was made from, its Customer. */
interface SavedMethod {
  testMethod: string;
  customer: string;
  holderName: string;
}

const CREATE_PARAMETERS = new Set([
  'amount',
  'currency',
  'description',
  'receipt_email',
  'metadata[orderId]',
  'metadata[organizationId]',
  'payment_method',
  'confirm',
  'automatic_payment_methods[enabled]',
  'automatic_payment_methods[allow_redirects]',
  'expand[0]',
  // Off-session charges of a saved method.
  'customer',
  'off_session',
  'allowed_payment_method_types[0]',
  'allowed_payment_method_types[1]',
  // A card kept for later at checkout (issue 31): on-session, attached to the Customer once it pays.
  'setup_future_usage',
]);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Query (GET) or form body (POST) fields, flat as sent: `metadata[orderId]`, `expand[0]`. */
  fields: Record<string, string>;
  body: string;
}

interface CachedResponse {
  body: string;
  status: number;
  payload: Json;
}

export interface FakeStripe {
  /** Pass as the adapter's `endpoint`. */
  endpoint: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  /** Requests the real API would refuse; empty when the adapter behaves. */
  violations: string[];
  intents: Map<string, Json>;
  customers: Map<string, Json>;
  setupIntents: Map<string, Json>;
  /** Refunds created, in order. */
  refunds: Json[];
  /**
   * Stripe.js's confirmCardSetup / confirmSepaDebitSetup in the browser: a test method such as
   * pm_card_visa or pm_fake_sepa_debit is saved for the intent's Customer (or refused, for a
   * declining card). Answers the saved method's id, or null when the setup failed.
   */
  confirmSetup(setupIntentId: string, testMethod: string, holderName?: string): string | null;
  /** The next N requests get a 500 api_error without being processed. */
  failNext(count: number): void;
  /** The next create is processed and cached, then the connection drops before the answer. */
  dropNextCreateResponse(): void;
  /** The customer's authentication step in the browser (Stripe.js), approved or not. */
  authenticate(paymentIntentId: string, approved: boolean): void;
  close(): Promise<void>;
}

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function flatFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

function cardMethod(id: string, last4: string, customer: string | null = null, holderName: string | null = null): Json {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    billing_details: { name: holderName, email: null, phone: null, address: null },
    card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'DE' },
    customer,
    livemode: false,
  };
}

function sepaMethod(id: string, last4: string, customer: string | null, holderName: string | null): Json {
  return {
    id,
    object: 'payment_method',
    type: 'sepa_debit',
    billing_details: { name: holderName, email: null, phone: null, address: null },
    sepa_debit: { bank_code: '37040044', branch_code: '', country: 'DE', fingerprint: 'fakeSepaFingerprint', last4 },
    customer,
    livemode: false,
  };
}

export async function startFakeStripe(options: { secretKey: string; apiVersion: string }): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const intents = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const refunds: Json[] = [];
  const saved = new Map<string, SavedMethod>();
  const idempotency = new Map<string, CachedResponse>();
  let failures = 0;
  let dropNextCreate = false;

  function send(res: ServerResponse, status: number, payload: Json, extra: Record<string, string> = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': stripeId('req'), 'Stripe-Version': options.apiVersion, ...extra });
    res.end(JSON.stringify(payload));
  }

  function refuse(res: ServerResponse, status: number, type: string, message: string, extra: Json = {}) {
    violations.push(message);
    send(res, status, { error: { type, message, ...extra } });
  }

  /** A test method by id, or the one a saved method was made from. */
  function testMethodOf(methodId: string): TestMethod | undefined {
    return TEST_METHODS[saved.get(methodId)?.testMethod ?? methodId];
  }

  function methodObject(methodId: string): Json {
    const method = testMethodOf(methodId)!;
    const savedMethod = saved.get(methodId);
    const make = method.type === 'sepa_debit' ? sepaMethod : cardMethod;
    return make(methodId, method.last4, savedMethod?.customer ?? null, savedMethod?.holderName ?? null);
  }

  /** The intent as the API shows it: payment_method expanded when asked. */
  function view(intent: Json, expand: string | undefined): Json {
    const methodId = intent.payment_method as string | null;
    if (expand !== 'payment_method' || methodId === null) return intent;
    return { ...intent, payment_method: methodObject(methodId) };
  }

  function createIntent(fields: Record<string, string>): { status: number; payload: Json } {
    const id = stripeId('pi');
    const methodId = fields.payment_method ?? null;
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount: Number(fields.amount),
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: { enabled: true, allow_redirects: fields['automatic_payment_methods[allow_redirects]'] },
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      currency: fields.currency,
      description: fields.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { orderId: fields['metadata[orderId]'], organizationId: fields['metadata[organizationId]'] },
      customer: fields.customer ?? null,
      setup_future_usage: fields.setup_future_usage ?? null,
      next_action: null,
      payment_method: methodId,
      receipt_email: fields.receipt_email,
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    if (methodId === null) return { status: 200, payload: view(intent, fields['expand[0]']) };

    const method = testMethodOf(methodId);
    if (!method) {
      intents.delete(id);
      return {
        status: 400,
        payload: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${methodId}'` } },
      };
    }
    // Off-session, nobody can take a 3-D Secure step: Stripe declines with authentication_required.
    const outcome =
      method.outcome === 'requires_action' && fields.off_session === 'true'
        ? { decline: { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' } }
        : method.outcome;
    if (outcome === 'succeeded') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: stripeId('ch') });
      keepForLater(intent);
    } else if (outcome === 'processing') {
      intent.status = 'processing';
    } else if (outcome === 'requires_action') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } });
    } else {
      const error = { type: 'card_error', ...outcome.decline, charge: stripeId('ch'), doc_url: `https://docs.stripe.com/error-codes/${outcome.decline.code.replace(/_/g, '-')}` };
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: { ...error, payment_method: methodObject(methodId) } });
      return { status: 402, payload: { error: { ...error, payment_intent: intent, payment_method: methodObject(methodId) } } };
    }
    return { status: 200, payload: view(intent, fields['expand[0]']) };
  }

  /**
   * A payment with setup_future_usage that succeeded attaches its method to the intent's Customer,
   * as Stripe does: a test token (pm_card_visa) becomes a PaymentMethod of its own.
   */
  function keepForLater(intent: Json): void {
    const methodId = intent.payment_method as string | null;
    if (intent.setup_future_usage !== 'off_session' || methodId === null || saved.has(methodId)) return;
    const id = stripeId('pm');
    saved.set(id, { testMethod: methodId, customer: intent.customer as string, holderName: 'Alice Martin' });
    intent.payment_method = id;
  }

  /** What the API would refuse in a create, or null. */
  function createProblem(fields: Record<string, string>): string | null {
    for (const name of Object.keys(fields)) if (!CREATE_PARAMETERS.has(name)) return `Received unknown parameter: ${name}`;
    const amount = fields.amount ?? '';
    if (!/^\d+$/.test(amount) || Number(amount) < 50) return `Invalid amount: ${amount} (an integer of at least 50 cents)`;
    if (fields.currency !== 'eur') return `Invalid currency: ${fields.currency}`;
    for (const name of ['description', 'receipt_email', 'metadata[orderId]', 'metadata[organizationId]']) {
      if (!fields[name]) return `Missing required param: ${name}.`;
    }
    if (fields.confirm !== 'true' && fields.confirm !== 'false') return `Invalid boolean: ${fields.confirm}`;
    if ((fields.confirm === 'true') !== (fields.payment_method !== undefined)) return 'confirm must be true exactly when payment_method is given.';
    const savedMethod = fields.payment_method === undefined ? undefined : saved.get(fields.payment_method);
    if (fields.setup_future_usage !== undefined) {
      // Keeping the card paid with now: on-session, for a Customer, never with off_session.
      if (fields.setup_future_usage !== 'off_session' && fields.setup_future_usage !== 'on_session') return `Invalid setup_future_usage: ${fields.setup_future_usage}`;
      if (fields.off_session !== undefined) return 'setup_future_usage cannot be used with off_session.';
      if (!fields.customer || !customers.has(fields.customer)) return `No such customer: '${fields.customer}'`;
      if (fields['automatic_payment_methods[enabled]'] !== 'true' || fields['automatic_payment_methods[allow_redirects]'] !== 'never') {
        return 'automatic_payment_methods must be enabled without redirects.';
      }
      if (savedMethod) return 'This PaymentMethod is already attached to a Customer.';
    } else if (fields.off_session !== undefined || fields.customer !== undefined) {
      // An off-session charge of a saved method: Stripe's rules for merchant-initiated payments.
      if (fields.off_session !== 'true') return `Invalid boolean: ${fields.off_session}`;
      if (!fields.customer || !customers.has(fields.customer)) return `No such customer: '${fields.customer}'`;
      if (fields.confirm !== 'true') return 'off_session can only be used with confirm=true.';
      if (fields['automatic_payment_methods[enabled]'] !== undefined) return 'allowed_payment_method_types and automatic_payment_methods cannot be used together.';
      const types = [fields['allowed_payment_method_types[0]'], fields['allowed_payment_method_types[1]']];
      const method = testMethodOf(fields.payment_method!);
      if (method && !types.includes(method.type ?? 'card')) return `The PaymentMethod's type is not in allowed_payment_method_types.`;
      if (savedMethod && savedMethod.customer !== fields.customer) return 'The PaymentMethod does not belong to this Customer.';
    } else {
      if (fields['automatic_payment_methods[enabled]'] !== 'true' || fields['automatic_payment_methods[allow_redirects]'] !== 'never') {
        return 'automatic_payment_methods must be enabled without redirects.';
      }
      // Stripe: "The provided PaymentMethod was previously attached to a Customer… you must also supply the customer".
      if (savedMethod) return 'A PaymentMethod attached to a Customer needs that customer parameter.';
    }
    if (fields['expand[0]'] !== 'payment_method') return 'The adapter expands payment_method to read the card.';
    return null;
  }

  function customerProblem(fields: Record<string, string>): string | null {
    for (const name of Object.keys(fields)) if (!CUSTOMER_PARAMETERS.has(name)) return `Received unknown parameter: ${name}`;
    if (!fields.email?.includes('@')) return `Invalid email address: ${fields.email}`;
    if (!fields['metadata[organizationId]']) return 'The adapter tags each Customer with its organisation.';
    return null;
  }

  function createCustomer(fields: Record<string, string>): { status: number; payload: Json } {
    const id = stripeId('cus');
    const customer: Json = {
      id,
      object: 'customer',
      created: Math.floor(Date.now() / 1000),
      email: fields.email,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: { organizationId: fields['metadata[organizationId]'] },
    };
    customers.set(id, customer);
    return { status: 200, payload: customer };
  }

  function setupProblem(fields: Record<string, string>): string | null {
    for (const name of Object.keys(fields)) if (!SETUP_PARAMETERS.has(name)) return `Received unknown parameter: ${name}`;
    if (!fields.customer || !customers.has(fields.customer)) return `No such customer: '${fields.customer}'`;
    if (fields.usage !== 'off_session') return 'The adapter saves methods for off-session charges: usage must be off_session.';
    const types = [fields['allowed_payment_method_types[0]'], fields['allowed_payment_method_types[1]']].filter((type) => type !== undefined);
    if (types.length === 0) return 'Missing required param: allowed_payment_method_types.';
    for (const type of types) if (type !== 'card' && type !== 'sepa_debit') return `Invalid allowed_payment_method_types: ${type}`;
    if (!fields['metadata[organizationId]']) return 'The adapter tags each SetupIntent with its organisation.';
    return null;
  }

  function createSetupIntent(fields: Record<string, string>): { status: number; payload: Json } {
    const id = stripeId('seti');
    const types = [fields['allowed_payment_method_types[0]'], fields['allowed_payment_method_types[1]']].filter((type) => type !== undefined);
    const intent: Json = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      customer: fields.customer,
      description: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: { organizationId: fields['metadata[organizationId]'] },
      next_action: null,
      payment_method: null,
      payment_method_types: types,
      status: 'requires_payment_method',
      usage: fields.usage,
    };
    setupIntents.set(id, intent);
    return { status: 200, payload: intent };
  }

  /** POST /v1/refunds: the whole of a succeeded PaymentIntent, once (Stripe refuses more than it received). */
  function refundProblem(fields: Record<string, string>): string | null {
    const unknown = Object.keys(fields).find((name) => !['payment_intent', 'amount', 'reason'].includes(name));
    if (unknown) return `Received unknown parameter: ${unknown}`;
    const intent = intents.get(fields.payment_intent ?? '');
    if (!intent) return `No such payment_intent: '${fields.payment_intent ?? ''}'`;
    if (intent.status !== 'succeeded') return `This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`;
    if (!['duplicate', 'fraudulent', 'requested_by_customer'].includes(fields.reason ?? 'requested_by_customer')) return `Invalid reason: ${fields.reason}`;
    const amount = Number(fields.amount ?? intent.amount_received);
    const refunded = Number(intent.amount_refunded ?? 0);
    if (!Number.isInteger(amount) || amount <= 0) return 'Invalid positive integer: amount';
    if (amount + refunded > Number(intent.amount_received)) {
      return `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((Number(intent.amount_received) - refunded) / 100).toFixed(2)})`;
    }
    return null;
  }

  function createRefund(fields: Record<string, string>) {
    const intent = intents.get(fields.payment_intent!)!;
    const amount = Number(fields.amount ?? intent.amount_received);
    intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
    const refund = { id: stripeId('re'), object: 'refund', amount, currency: 'eur', payment_intent: intent.id, reason: fields.reason ?? null, status: 'succeeded' };
    refunds.push(refund);
    return { status: 200, payload: refund };
  }

  function handle(req: IncomingMessage, body: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const fields = flatFields(req.method === 'GET' ? url.search : body);
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, fields, body });

    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      const sent = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      return refuse(res, 401, 'invalid_request_error', `Invalid API Key provided: ${sent.slice(0, 8)}****${sent.slice(-4)}`);
    }
    if (req.headers['stripe-version'] !== options.apiVersion) {
      return refuse(res, 400, 'invalid_request_error', `Invalid Stripe API version: ${String(req.headers['stripe-version'])}`);
    }
    if (failures > 0) {
      failures -= 1;
      return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }

    const creates: Record<string, { problem: (fields: Record<string, string>) => string | null; create: (fields: Record<string, string>) => { status: number; payload: Json } }> = {
      '/v1/payment_intents': { problem: createProblem, create: createIntent },
      '/v1/customers': { problem: customerProblem, create: createCustomer },
      '/v1/setup_intents': { problem: setupProblem, create: createSetupIntent },
      '/v1/refunds': { problem: refundProblem, create: createRefund },
    };
    const creator = req.method === 'POST' ? creates[url.pathname] : undefined;
    if (creator) {
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return refuse(res, 400, 'invalid_request_error', 'Bodies must be form-encoded.');
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '' || key.length > 255) return refuse(res, 400, 'invalid_request_error', 'A create needs an Idempotency-Key of 1 to 255 characters.');
      const cached = idempotency.get(key);
      if (cached) {
        if (cached.body !== body) {
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        return send(res, cached.status, cached.payload, { 'Idempotent-Replayed': 'true', 'Original-Request': 'req_original' });
      }
      const problem = creator.problem(fields);
      if (problem) return refuse(res, 400, 'invalid_request_error', problem);
      const { status, payload } = creator.create(fields);
      idempotency.set(key, { body, status, payload });
      if (dropNextCreate) {
        dropNextCreate = false;
        res.socket?.destroy();
        return;
      }
      return send(res, status, payload);
    }

    // GET /v1/payment_intents/{id} and /v1/setup_intents/{id}: the stored intent, its charge expanded on request.
    const retrieve = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      if (body !== '') return refuse(res, 400, 'invalid_request_error', 'A GET has no body.');
      const unknown = Object.keys(fields).find((name) => name !== 'expand[0]');
      if (unknown) return refuse(res, 400, 'invalid_request_error', `Received unknown parameter: ${unknown}`);
      const [, collection, id] = retrieve as unknown as [string, 'payment_intents' | 'setup_intents', string];
      const intent = (collection === 'payment_intents' ? intents : setupIntents).get(decodeURIComponent(id));
      if (!intent) {
        const noun = collection === 'payment_intents' ? 'payment_intent' : 'setupintent';
        return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such ${noun}: '${id}'` } });
      }
      return send(res, 200, view(intent, fields['expand[0]']));
    }

    return refuse(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    violations,
    intents,
    customers,
    setupIntents,
    refunds,
    confirmSetup(setupIntentId, testMethod, holderName = 'Bruno Petit') {
      const intent = setupIntents.get(setupIntentId);
      if (intent?.status !== 'requires_payment_method' && intent?.status !== 'requires_action') throw new Error(`${setupIntentId} cannot be confirmed.`);
      const method = TEST_METHODS[testMethod];
      if (!method) throw new Error(`${testMethod} is not a test method.`);
      if (!(intent.payment_method_types as string[]).includes(method.type ?? 'card')) throw new Error(`${setupIntentId} does not take ${method.type ?? 'card'}.`);
      if (typeof method.outcome === 'object') {
        const { decline } = method.outcome;
        Object.assign(intent, { status: 'requires_payment_method', last_setup_error: { type: 'card_error', ...decline, payment_method: cardMethod(stripeId('pm'), method.last4) } });
        return null;
      }
      const id = stripeId('pm');
      saved.set(id, { testMethod, customer: intent.customer as string, holderName });
      Object.assign(intent, {
        status: 'succeeded',
        payment_method: id,
        last_setup_error: null,
        latest_attempt: stripeId('setatt'),
        mandate: method.type === 'sepa_debit' ? stripeId('mandate') : null,
      });
      return id;
    },
    failNext(count) {
      failures = count;
    },
    dropNextCreateResponse() {
      dropNextCreate = true;
    },
    authenticate(paymentIntentId, approved) {
      const intent = intents.get(paymentIntentId);
      if (intent?.status !== 'requires_action') throw new Error(`${paymentIntentId} does not await authentication.`);
      if (approved) {
        Object.assign(intent, { status: 'succeeded', next_action: null, amount_received: intent.amount, latest_charge: stripeId('ch') });
        keepForLater(intent);
      } else {
        Object.assign(intent, {
          status: 'requires_payment_method',
          next_action: null,
          payment_method: null,
          last_payment_error: {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
