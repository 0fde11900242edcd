/**
 * The payments port (ADR 7, DESIGN.md section 2): the order service charges through it and cannot
 * tell the embedded sandbox from Stripe. Both adapters answer in the terms below; every `reason`
 * is a sentence a customer understands, so the caller shows it as is.
 */
import { logError } from '../log';

export type PaymentProvider = 'sandbox' | 'stripe';

/** Sandbox only: raw card numbers never reach a real provider (Stripe takes cards in the browser). */
export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits; two digits are read as 20xx. */
  expYear: number;
  cvc: string;
  holderName: string;
}

export type PaymentMethodInput =
  | { kind: 'sandbox_card'; card: CardDetails }
  /** A PaymentMethod the browser created with Stripe.js; without one, the customer picks it client-side. */
  | { kind: 'stripe_payment_method'; paymentMethodId?: string };

export interface ChargeRequest {
  orderId: string;
  organizationId: string;
  /** Integer cents, at least 50 (Stripe's euro minimum) and at most 99,999,999. */
  amountCents: number;
  currency: 'EUR';
  /** The same key never charges twice: Stripe's Idempotency-Key header; the sandbox derives the id from it. */
  idempotencyKey: string;
  description: string;
  customerEmail: string;
  method: PaymentMethodInput;
}

export type AuthenticationAction = { kind: 'sandbox_authentication' } | { kind: 'stripe_client_secret'; clientSecret: string };

export type ChargeOutcome =
  | { status: 'succeeded'; paymentId: string; cardBrand?: string; cardLast4?: string }
  | { status: 'requires_action'; paymentId: string; action: AuthenticationAction }
  | { status: 'processing'; paymentId: string }
  /** No paymentId when the details were refused before a payment existed (an invalid card number). */
  | { status: 'declined'; paymentId?: string; code: string; reason: string };

export interface PaymentEvent {
  /** The provider's event id: handle each once. */
  id: string;
  type: 'payment_succeeded' | 'payment_failed' | 'other';
  paymentId?: string;
  orderId?: string;
  amountCents?: number;
  reason?: string;
}

export interface PaymentsPort {
  provider: PaymentProvider;
  /** No real money moves: the sandbox, or Stripe with a test key. Screens that take money say "test mode". */
  testMode: boolean;
  /** Stripe: the publishable key the checkout gives Stripe.js to take the card. Public; never on the sandbox. */
  publishableKey?: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * Sandbox: the customer completed (approved = true) or cancelled the authentication step.
   * Stripe: re-reads the PaymentIntent after the client-side step (Stripe.js knows the answer).
   */
  completeAuthentication(paymentId: string, approved: boolean): Promise<ChargeOutcome>;
  retrieve(paymentId: string): Promise<ChargeOutcome>;
  /**
   * Verifies the signature over the raw body (Stripe: constructEventAsync with the SubtleCrypto
   * provider) and throws WebhookSignatureError when it does not hold. The sandbox has no webhooks.
   */
  parseWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>;
}

export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Payments are unavailable right now; nothing was charged. Try again in a few minutes.';

/**
 * The provider is down or refused us for a reason that is ours (a bad key, a malformed request),
 * not the customer's card. The details went to the log; the message is safe to show.
 */
export class PaymentUnavailableError extends Error {
  constructor() {
    super(PAYMENTS_UNAVAILABLE_MESSAGE);
    this.name = 'PaymentUnavailableError';
  }
}

/** No payment of this provider has the id, or none awaiting authentication (completeAuthentication). */
export class PaymentNotFoundError extends Error {
  constructor(message = 'No payment has this id.') {
    super(message);
    this.name = 'PaymentNotFoundError';
  }
}

/** A webhook whose signature does not hold (wrong secret, changed body, too old, missing): answer 400. */
export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is not valid.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Logs what went wrong (redacted by logError) and returns the error the caller may show. */
export function paymentsUnavailable(label: string, error: unknown): PaymentUnavailableError {
  logError(label, error);
  return new PaymentUnavailableError();
}

/**
 * Customer-readable reasons by decline code. The codes are Stripe's (`code` or `decline_code`),
 * plus a few of the sandbox's own for details refused before a payment exists.
 */
export const DECLINE_REASONS: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is not valid.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is not valid.',
  invalid_expiry: "Your card's expiry date is not valid.",
  invalid_name: 'Enter the name on the card.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  authentication_required: 'Your bank asks you to confirm this payment. Try again and complete the confirmation step.',
  authentication_cancelled: 'You cancelled the authentication, so the payment was not taken.',
  payment_intent_authentication_failure: 'Your bank could not confirm the payment, so it was not taken. Try again or use another card.',
  payment_canceled: 'The payment was cancelled, so nothing was charged.',
  invalid_payment_method: 'This payment method cannot be used. Choose another one.',
  test_card_required: 'Use a test card: 4242 4242 4242 4242 succeeds.',
};

/** The reason for a code; unknown codes (issuers have dozens) read as a plain decline. */
export function declineReason(code: string): string {
  return DECLINE_REASONS[code] ?? DECLINE_REASONS.card_declined!;
}

export function declined(code: string, paymentId?: string): Extract<ChargeOutcome, { status: 'declined' }> {
  return paymentId === undefined ? { status: 'declined', code, reason: declineReason(code) } : { status: 'declined', paymentId, code, reason: declineReason(code) };
}

/** Stripe's limits for a euro PaymentIntent; the order service never asks for less or more. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_CHARGE_CENTS = 99_999_999;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Stripe metadata values hold at most 500 characters. */
const MAX_METADATA_LENGTH = 500;

/**
 * What is wrong with a request, or null. A problem here is the caller's bug, never the customer's,
 * so the adapters turn it into PaymentUnavailableError (logged) rather than a decline.
 */
export function chargeRequestProblem(request: ChargeRequest): string | null {
  if (!Number.isInteger(request.amountCents) || request.amountCents < MIN_CHARGE_CENTS || request.amountCents > MAX_CHARGE_CENTS) {
    return `amountCents must be an integer from ${MIN_CHARGE_CENTS} to ${MAX_CHARGE_CENTS}.`;
  }
  if (request.currency !== 'EUR') return 'currency must be EUR.';
  if (request.idempotencyKey.trim() === '' || request.idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return `idempotencyKey must hold 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`;
  }
  for (const field of ['orderId', 'organizationId'] as const) {
    const value = request[field];
    if (value.trim() === '' || value.length > MAX_METADATA_LENGTH) return `${field} must hold 1 to ${MAX_METADATA_LENGTH} characters.`;
  }
  if (request.description.trim() === '') return 'description is empty.';
  if (!request.customerEmail.includes('@')) return 'customerEmail is not an address.';
  return null;
}
