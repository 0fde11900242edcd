import { luhnValid } from '@kubemarket/shared';
/**
 * The embedded payments provider (ADR 7): behaves like Stripe's test mode with Stripe's test card
 * numbers, and moves no money. Development, tests, demos and the browser tests order with it;
 * production takes it only when PAYMENTS_SANDBOX=enabled (worker/src/config.ts).
 *
 * It keeps no state (docs/architecture.md#runtime: nothing in-process is shared between requests), so
 * everything it must remember lives in the payment id:
 * - `sbx_pi_<scenario>_<hash>`, the hash being SHA-256 over the idempotency key, the order and the
 *   organisation. The same request with the same key gets the same id and outcome on any isolate,
 *   which is Stripe's idempotency; two orders never share an id even if a caller reused a key.
 *   Like any stateless scheme it cannot notice a key reused with a different card (Stripe answers
 *   that with an idempotency error): use a new key per attempt.
 * - The scenario (`ok`, `3ds`, `dcl`, `nsf`, `exp`) is what `retrieve` answers from, and it lets
 *   `completeAuthentication` accept only ids of payments that asked for authentication (`3ds`).
 *   Anyone can write such an id, so the order service additionally checks the id against its own
 *   payment row for the order; the sandbox's answer for an id it never issued is harmless anyway,
 *   since no money moves. After the authentication step the order service's row is the truth:
 *   `retrieve` of a `3ds` id answers the state before that step.
 */
import { sha256Hex } from '../crypto';
import {
  chargeRequestProblem,
  declined,
  normalizeIban,
  PaymentNotFoundError,
  paymentsUnavailable,
  sepaIbanProblem,
  setupFailed,
  setupRequestProblem,
  WebhookSignatureError,
  type CardDetails,
  type ChargeOutcome,
  type PaymentsPort,
  type SetupOutcome,
} from './port';

type Scenario = 'ok' | '3ds' | 'dcl' | 'nsf' | 'exp';

export interface SandboxTestCard {
  /** As printed, in groups of four. */
  number: string;
  brand: 'visa';
  /** What happens, for the checkout screen's test-mode hint. */
  description: string;
  scenario: Scenario;
}

/** Stripe's test numbers for each outcome the sandbox simulates; any other number is refused. */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'visa', description: 'Succeeds.', scenario: 'ok' },
  { number: '4000 0027 6000 3184', brand: 'visa', description: 'Asks for authentication (3-D Secure), then succeeds or is cancelled.', scenario: '3ds' },
  { number: '4000 0000 0000 0002', brand: 'visa', description: 'Is declined.', scenario: 'dcl' },
  { number: '4000 0000 0000 9995', brand: 'visa', description: 'Is declined for insufficient funds.', scenario: 'nsf' },
  { number: '4000 0000 0000 0069', brand: 'visa', description: 'Is declined as expired.', scenario: 'exp' },
];

const DECLINE_CODES: Record<Extract<Scenario, 'dcl' | 'nsf' | 'exp'>, string> = {
  dcl: 'card_declined',
  nsf: 'insufficient_funds',
  exp: 'expired_card',
};

const digitsOf = (number: string) => number.replace(/[\s-]/g, '');
const CARDS = new Map(SANDBOX_TEST_CARDS.map((card) => [digitsOf(card.number), card]));
const PAYMENT_ID = /^sbx_pi_(ok|3ds|dcl|nsf|exp)_([0-9a-f]{32})$/;
/** `sbx_seti_<organisation tag>_<hash>`: the tag ties a setup to the organisation that started it. */
const SETUP_ID = /^sbx_seti_([0-9a-f]{16})_([0-9a-f]{32})$/;
/** A saved sandbox SEPA mandate's payment method, as confirmSetup issued it. */
const SEPA_METHOD_ID = /^sbx_pm_sepa_([0-9a-f]{32})$/;

const organizationTag = async (organizationId: string) => (await sha256Hex(JSON.stringify(['sandbox-setup-organization', organizationId]))).slice(0, 16);
/** Card expiry more than this many years ahead is a typo, as Stripe's card element treats it. */
const MAX_EXPIRY_YEARS_AHEAD = 50;

export { luhnValid };

/** The decline code for details that cannot be a usable card, checked in the order a form reads. */
function cardProblem(card: CardDetails, now: number): string | null {
  const digits = digitsOf(card.number);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return 'invalid_number';
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear)) return 'invalid_expiry';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const today = new Date(now);
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, card.expMonth, 1) <= now) return 'expired_card';
  if (year > today.getUTCFullYear() + MAX_EXPIRY_YEARS_AHEAD) return 'invalid_expiry';
  if (!/^\d{3,4}$/.test(card.cvc)) return 'invalid_cvc';
  if (card.holderName.trim() === '') return 'invalid_name';
  return null;
}

/**
 * Why card details cannot be saved as a sandbox payment method (a decline code, see declineReason),
 * or null for a valid test card: the same rules a sandbox charge applies, without charging.
 */
export function sandboxCardProblem(card: CardDetails, now: number): string | null {
  return cardProblem(card, now) ?? (CARDS.has(digitsOf(card.number)) ? null : 'test_card_required');
}

function outcomeOf(scenario: Scenario, paymentId: string, last4: string): ChargeOutcome {
  switch (scenario) {
    case 'ok':
      return { status: 'succeeded', paymentId, cardBrand: 'visa', cardLast4: last4 };
    case '3ds':
      return { status: 'requires_action', paymentId, action: { kind: 'sandbox_authentication' } };
    default:
      return declined(DECLINE_CODES[scenario], paymentId);
  }
}

/** The last four digits of the test card behind a scenario (each has exactly one). */
function last4Of(scenario: Scenario): string {
  const card = SANDBOX_TEST_CARDS.find((candidate) => candidate.scenario === scenario)!;
  return card.number.slice(-4);
}

export function sandboxPayments(options: { clock: { now(): number } }): PaymentsPort {
  return {
    provider: 'sandbox',
    testMode: true,

    async charge(request) {
      const problem = chargeRequestProblem(request);
      if (problem) throw paymentsUnavailable('Sandbox charge refused', new Error(problem));
      if (request.method.kind === 'sandbox_sepa_debit') {
        if (!SEPA_METHOD_ID.test(request.method.paymentMethodId)) return declined('invalid_payment_method');
        // A sandbox debit settles at once; a real one is `processing` for days (Stripe answers that).
        const hash = await sha256Hex(JSON.stringify(['sandbox-payment', request.organizationId, request.orderId, request.idempotencyKey]));
        return { status: 'succeeded', paymentId: `sbx_pi_ok_${hash.slice(0, 32)}` };
      }
      if (request.method.kind !== 'sandbox_card') {
        throw paymentsUnavailable('Sandbox charge refused', new Error(`The sandbox takes sandbox_card, not ${request.method.kind}.`));
      }
      const { card } = request.method;
      const invalid = cardProblem(card, options.clock.now());
      if (invalid) return declined(invalid);
      const testCard = CARDS.get(digitsOf(card.number));
      // A valid number that is not a test card may be a real one: refuse it and say what to type.
      if (!testCard) return declined('test_card_required');
      const hash = await sha256Hex(JSON.stringify(['sandbox-payment', request.organizationId, request.orderId, request.idempotencyKey]));
      const paymentId = `sbx_pi_${testCard.scenario}_${hash.slice(0, 32)}`;
      return outcomeOf(testCard.scenario, paymentId, testCard.number.slice(-4));
    },

    async createSetup(request) {
      const problem = setupRequestProblem(request);
      if (problem) throw paymentsUnavailable('Sandbox setup refused', new Error(problem));
      const hash = await sha256Hex(JSON.stringify(['sandbox-setup', request.organizationId, request.idempotencyKey]));
      return { setupId: `sbx_seti_${await organizationTag(request.organizationId)}_${hash.slice(0, 32)}`, customerRef: null, clientSecret: null };
    },

    async confirmSetup({ setupId, organizationId, details }): Promise<SetupOutcome> {
      const match = SETUP_ID.exec(setupId);
      if (!match || match[1] !== (await organizationTag(organizationId))) throw new PaymentNotFoundError('No setup of your organisation has this id.');
      // The sandbox plays Stripe.js too: without the details the browser step has not happened.
      if (!details) return { status: 'requires_action', setupId };
      if (details.kind === 'card') {
        const problem = sandboxCardProblem(details.card, options.clock.now());
        if (problem) return setupFailed(problem, setupId);
        const digits = digitsOf(details.card.number);
        const year = details.card.expYear < 100 ? 2000 + details.card.expYear : details.card.expYear;
        return {
          status: 'succeeded',
          setupId,
          customerRef: null,
          method: { kind: 'card', providerRef: `sbx_pm_card_${match[2]}`, brand: 'visa', last4: digits.slice(-4), expMonth: details.card.expMonth, expYear: year, holderName: details.card.holderName.trim() },
        };
      }
      const ibanProblem = sepaIbanProblem(details.iban);
      if (ibanProblem) return setupFailed(ibanProblem, setupId);
      if (details.holderName.trim() === '') return setupFailed('invalid_owner_name', setupId);
      // Stripe records the acceptance (time, address, browser) with the mandate; a setup without it is refused.
      if (!details.mandateAccepted) return setupFailed('mandate_not_accepted', setupId);
      const iban = normalizeIban(details.iban);
      return {
        status: 'succeeded',
        setupId,
        customerRef: null,
        method: {
          kind: 'sepa_debit',
          providerRef: `sbx_pm_sepa_${match[2]}`,
          // The German BLZ, like Stripe's bank_code for DE accounts; other countries' layouts differ.
          bankCode: iban.startsWith('DE') ? iban.slice(4, 12) : null,
          country: iban.slice(0, 2),
          last4: iban.slice(-4),
          mandateRef: `sbx_mandate_${match[2]}`,
          holderName: details.holderName.trim(),
        },
      };
    },

    async completeAuthentication(paymentId, approved) {
      const match = PAYMENT_ID.exec(paymentId);
      if (!match) throw new PaymentNotFoundError();
      if (match[1] !== '3ds') throw new PaymentNotFoundError('This payment does not await authentication.');
      return approved ? { status: 'succeeded', paymentId, cardBrand: 'visa', cardLast4: last4Of('3ds') } : declined('authentication_cancelled', paymentId);
    },

    async retrieve(paymentId) {
      const match = PAYMENT_ID.exec(paymentId);
      if (!match) throw new PaymentNotFoundError();
      const scenario = match[1] as Scenario;
      return outcomeOf(scenario, paymentId, last4Of(scenario));
    },

    async refund(request) {
      if (!PAYMENT_ID.test(request.paymentId)) throw new PaymentNotFoundError();
      const hash = await sha256Hex(JSON.stringify(['sandbox-refund', request.paymentId, request.idempotencyKey]));
      return { refundId: `sbx_re_${hash.slice(0, 32)}` };
    },

    async parseWebhook() {
      // No webhook can come from the sandbox: whatever arrives was signed by nobody we trust.
      throw new WebhookSignatureError('The payments sandbox sends no webhooks.');
    },
  };
}
