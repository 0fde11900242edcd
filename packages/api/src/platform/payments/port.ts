/**
 * The payments port (ADR 7, docs/architecture.md#ports): the order service charges through it and cannot
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
  /** A sandbox SEPA mandate saved with confirmSetup: its payment method id. */
  | { kind: 'sandbox_sepa_debit'; paymentMethodId: string }
  /**
   * A PaymentMethod the browser created with Stripe.js; without one, the customer picks it client-side.
   * `customerRef` is set for a method saved with a SetupIntent: it belongs to that Customer, and is
   * charged off-session (the customer is not there to authenticate; the saved mandate covers it).
   */
  | { kind: 'stripe_payment_method'; paymentMethodId?: string; customerRef?: string };

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
  /**
   * Keep the card for later payments once it pays (issue 31; Stripe: setup_future_usage with the
   * organisation's Customer, created when it has none). Only for a method entered now.
   */
  keepFor?: { customerRef?: string };
}

/** A card kept at checkout: the provider's saved method and the Customer it belongs to. */
export interface KeptMethod {
  customerRef: string | null;
  method: SavedMethodDetails;
}

export interface RefundRequest {
  /** The provider's payment id (pi_…, sbx_pi_…). */
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundOutcome {
  /** The provider's refund id (re_…, sbx_re_…). */
  refundId: string;
}

export type AuthenticationAction = { kind: 'sandbox_authentication' } | { kind: 'stripe_client_secret'; clientSecret: string };

export type ChargeOutcome =
  | { status: 'succeeded'; paymentId: string; cardBrand?: string; cardLast4?: string; kept?: KeptMethod }
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

export type SetupMethodKind = 'card' | 'sepa_debit';

export interface SetupRequest {
  organizationId: string;
  /** Stripe: the organisation's Customer from an earlier setup, reused; without one a Customer is created. */
  customerRef?: string;
  /** Stripe's Idempotency-Key of the SetupIntent create; the sandbox derives the setup id from it. */
  idempotencyKey: string;
  /** The kinds the customer may save: SEPA only where staff allowed invoicing. */
  methodTypes: readonly SetupMethodKind[];
  customerEmail: string;
}

export interface SetupStart {
  setupId: string;
  /** The Customer the saved method will belong to (Stripe); null on the sandbox. */
  customerRef: string | null;
  /** Stripe: what Stripe.js confirms the setup with in the browser. Null on the sandbox, which takes the details itself. */
  clientSecret: string | null;
}

/**
 * Sandbox only, as the browser hands them to Stripe.js: the card (a test number), or the IBAN of
 * a SEPA mandate with the customer's acceptance of its text. Never sent to Stripe by the server.
 */
export type SandboxSetupDetails =
  | { kind: 'card'; card: CardDetails }
  | { kind: 'sepa_debit'; iban: string; holderName: string; email: string; mandateAccepted: boolean };

/** What is kept of a saved method: never a full card number or IBAN. */
export type SavedMethodDetails =
  | { kind: 'card'; providerRef: string; brand: string; last4: string; expMonth: number; expYear: number; holderName: string | null }
  | { kind: 'sepa_debit'; providerRef: string; bankCode: string | null; country: string | null; last4: string; mandateRef: string; holderName: string | null };

export type SetupOutcome =
  | { status: 'succeeded'; setupId: string; customerRef: string | null; method: SavedMethodDetails }
  /** The browser step (Stripe.js) is not done yet, or asks for more (3-D Secure): confirm again after it. */
  | { status: 'requires_action'; setupId: string }
  | { status: 'processing'; setupId: string }
  | { status: 'failed'; setupId: string; code: string; reason: string };

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
   * Gives back the whole of a succeeded payment the provider took although another payment had
   * already paid for the same thing (reason: duplicate). The same key never refunds twice.
   * Throws PaymentUnavailableError when the provider cannot be reached (retry with the same key).
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** Starts saving a method for later off-session charges (Stripe: Customer + SetupIntent). */
  createSetup(request: SetupRequest): Promise<SetupStart>;
  /**
   * The saved method's public details once the setup succeeded. Stripe reads the SetupIntent back
   * (the browser confirmed it); the sandbox takes `details` here, as Stripe.js would. A setup of
   * another organisation, or an id the provider never issued, throws PaymentNotFoundError.
   */
  confirmSetup(request: { setupId: string; organizationId: string; details?: SandboxSetupDetails }): Promise<SetupOutcome>;
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
  invalid_iban: 'This IBAN is not valid; check it.',
  iban_not_sepa: 'SEPA direct debit takes an IBAN of a SEPA country.',
  mandate_not_accepted: 'Accept the direct debit mandate to save the account.',
  invalid_owner_name: 'Enter the account holder’s name.',
  setup_intent_authentication_failure: 'Your bank could not confirm the payment method, so it was not saved. Try again or use another one.',
  setup_canceled: 'The setup was cancelled, so nothing was saved.',
};

/** The reason for a code; unknown codes (issuers have dozens) read as a plain decline. */
export function declineReason(code: string): string {
  return DECLINE_REASONS[code] ?? DECLINE_REASONS.card_declined!;
}

export function setupFailed(code: string, setupId: string): Extract<SetupOutcome, { status: 'failed' }> {
  return { status: 'failed', setupId, code, reason: declineReason(code) };
}

/**
 * The mandate the customer accepts before a SEPA account is saved (Stripe's wording for SEPA
 * Direct Debit, which Stripe requires shown next to the form). The web form shows it and the
 * sandbox refuses a setup without its acceptance.
 */
export const SEPA_MANDATE_TEXT =
  'By providing your payment information and confirming this payment, you authorise (A) KubeMarket and Stripe, our payment service provider, to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with those instructions. As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited. Your rights are explained in a statement that you can obtain from your bank. You agree to receive notifications for future debits up to 2 days before they occur.';

/** Countries whose IBANs SEPA Direct Debit takes (the EEA, Switzerland, the UK, and the micro-states). */
const SEPA_COUNTRIES = new Set(
  'AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA'.split(' '),
);

/** IBAN lengths by country (ISO 13616), for the countries SEPA takes. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28,
  IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** The IBAN without spaces, upper case. */
export function normalizeIban(iban: string): string {
  return iban.replace(/[\s-]/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 over the rearranged IBAN: 1 for a valid one. */
export function ibanChecksumValid(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Why an IBAN cannot be a SEPA mandate's account (a decline code), or null. */
export function sepaIbanProblem(iban: string): string | null {
  const value = normalizeIban(iban);
  const country = value.slice(0, 2);
  if (!ibanChecksumValid(value)) return 'invalid_iban';
  if (!SEPA_COUNTRIES.has(country)) return 'iban_not_sepa';
  if (IBAN_LENGTHS[country] !== value.length) return 'invalid_iban';
  return null;
}

/** What is wrong with a setup request (the caller's bug, never the customer's), or null. */
export function setupRequestProblem(request: SetupRequest): string | null {
  if (request.idempotencyKey.trim() === '' || request.idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return `idempotencyKey must hold 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`;
  }
  if (request.organizationId.trim() === '' || request.organizationId.length > MAX_METADATA_LENGTH) return `organizationId must hold 1 to ${MAX_METADATA_LENGTH} characters.`;
  if (request.methodTypes.length === 0) return 'methodTypes is empty.';
  if (!request.customerEmail.includes('@')) return 'customerEmail is not an address.';
  return null;
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
