import type { CreatePaymentMethodCardData, Stripe, StripeError } from '@stripe/stripe-js';
import { stripeErrorSentence } from '../../lib/stripe-error';
import type { AttemptKey } from './attempt-key';
import type { CheckoutMethod, CheckoutOrder, PaymentMethodRequest, PaymentOptions } from './checkout-types';
import type { PayOutcome } from './outcome';

/**
 * Card payments when the Worker charges through Stripe: the card is typed into Stripe's own field
 * (an iframe from js.stripe.com), turned into a PaymentMethod by Stripe.js, and only its id reaches
 * our server. Everything here but the loader is pure; the loader is the one place that imports
 * Stripe.js, and it does so on first use only, so no route's bundle carries it.
 */

export type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

/** What the loader needs of @stripe/stripe-js: its loadStripe. */
export type StripeModule = { loadStripe: (publishableKey: string) => Promise<Stripe | null> };

/**
 * Loads Stripe.js once per key and keeps the instance (its card field and its 3-D Secure step must
 * share it). `/pure` adds the js.stripe.com script only when loadStripe is called, not on import.
 * A failed load (offline, a content blocker) is forgotten, so trying again loads again.
 */
export function stripeLoader(importModule: () => Promise<StripeModule> = () => import('@stripe/stripe-js/pure')): LoadStripe {
  const loaded = new Map<string, Promise<Stripe | null>>();
  return (publishableKey) => {
    let stripe = loaded.get(publishableKey);
    if (!stripe) {
      stripe = importModule().then(({ loadStripe }) => loadStripe(publishableKey));
      loaded.set(publishableKey, stripe);
      void stripe.then(
        (instance) => {
          if (instance === null) loaded.delete(publishableKey);
        },
        () => loaded.delete(publishableKey),
      );
    }
    return stripe;
  };
}

/** The checkout's loader. */
export const loadStripeOnce: LoadStripe = stripeLoader();

/** The publishable key to load Stripe.js with for this choice, or null: only Stripe's card method needs it. */
export function stripeKeyFor(options: Pick<PaymentOptions, 'provider' | 'publishableKey'>, method: CheckoutMethod): string | null {
  return method === 'stripe' && options.provider === 'stripe' ? options.publishableKey : null;
}

export const STRIPE_UNREACHABLE = 'We could not reach Stripe, so nothing was charged. Check your connection and press Pay again.';
export const STRIPE_UNAVAILABLE = 'Stripe could not take the card details right now; nothing was charged. Try again in a few minutes.';

/** The sentence to show for an error of Stripe.js while paying (nothing was charged). */
export function stripeErrorMessage(error: Pick<StripeError, 'type' | 'message'> | undefined | null): string {
  return stripeErrorSentence(error, { unreachable: STRIPE_UNREACHABLE, unavailable: STRIPE_UNAVAILABLE });
}

/** The billing details sent with the card: the name on it and the order's billing address (for the issuer's checks). */
export function stripeBillingDetails(holderName: string, billing: CheckoutOrder['billing']): NonNullable<CreatePaymentMethodCardData['billing_details']> {
  const name = holderName.trim();
  if (!billing) return { name };
  return {
    name,
    address: {
      line1: billing.addressLine1,
      ...(billing.addressLine2 ? { line2: billing.addressLine2 } : {}),
      postal_code: billing.postalCode,
      city: billing.city,
      country: billing.countryCode,
    },
  };
}

/**
 * The Stripe payment whose answer never came (the connection dropped), to send again as it was: a
 * new PaymentMethod would make it a new attempt with a new key, and the first one might have been
 * charged. Null when there is no such attempt, or it was not a Stripe payment.
 */
export function resumableStripeRequest(attempt: AttemptKey | null): Extract<PaymentMethodRequest, { kind: 'stripe' }> | null {
  if (!attempt) return null;
  let request: unknown;
  try {
    request = JSON.parse(attempt.fingerprint);
  } catch {
    return null;
  }
  if (typeof request !== 'object' || request === null) return null;
  const { kind, paymentMethodId } = request as { kind?: unknown; paymentMethodId?: unknown };
  return kind === 'stripe' && typeof paymentMethodId === 'string' ? { kind: 'stripe', paymentMethodId } : null;
}

export type StripeActionStep =
  /** Run Stripe's step (3-D Secure) with the client secret, then ask our server for the outcome. */
  | { kind: 'confirm'; paymentId: string; clientSecret: string }
  /**
   * Stop and let the customer decide: the step just ran and the payment still awaits it (closed,
   * failed to load), or there is nothing to run it with. Running it again by itself would loop.
   */
  | { kind: 'unconfirmed'; message: string | null; canConfirm: boolean };

/**
 * What to do when the server says a Stripe payment awaits the customer's confirmation.
 * `afterConfirmation`: the answer came right after Stripe's step, with Stripe's error if it gave one.
 */
export function stripeActionStep(
  outcome: Extract<PayOutcome, { kind: 'stripe_action' }>,
  publishableKey: string | null,
  afterConfirmation: { message: string | null } | null,
): StripeActionStep {
  if (!publishableKey) return { kind: 'unconfirmed', message: null, canConfirm: false };
  if (afterConfirmation) return { kind: 'unconfirmed', message: afterConfirmation.message, canConfirm: true };
  if (!outcome.clientSecret) return { kind: 'unconfirmed', message: null, canConfirm: true };
  return { kind: 'confirm', paymentId: outcome.paymentId, clientSecret: outcome.clientSecret };
}
