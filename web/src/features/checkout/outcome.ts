import type { PayResult } from './checkout-types';

/**
 * What the checkout does with the server's answer to a payment, and with a failure to get one.
 */
export type PayOutcome =
  | { kind: 'paid' }
  | { kind: 'declined'; reason: string }
  | { kind: 'authenticate'; paymentId: string }
  /**
   * Stripe asked for the customer's confirmation (3-D Secure), which Stripe.js runs with the client
   * secret. None when the server could not hand one over (the payment is another provider's).
   */
  | { kind: 'stripe_action'; paymentId: string; clientSecret: string | null }
  | { kind: 'processing' };

export function payOutcome(result: Pick<PayResult, 'result' | 'paymentId' | 'action' | 'reason'>): PayOutcome {
  switch (result.result) {
    case 'succeeded':
    case 'invoiced':
      return { kind: 'paid' };
    case 'declined':
      return { kind: 'declined', reason: result.reason ?? 'Your card was declined.' };
    case 'processing':
      return { kind: 'processing' };
    case 'requires_action':
      if (result.action?.kind === 'sandbox_authentication') return { kind: 'authenticate', paymentId: result.paymentId };
      return { kind: 'stripe_action', paymentId: result.paymentId, clientSecret: result.action?.kind === 'stripe_client_secret' ? result.action.clientSecret : null };
  }
}

export interface PayFailure {
  /** The server's sentence, or ours when it could not be reached. */
  message: string;
  /** What to do about it, when the message does not say. */
  advice: string | null;
  /**
   * The attempt may have reached the server (the connection dropped): a retry sends the same
   * key, so it can never charge twice. Otherwise the next attempt is a new one.
   */
  sameAttempt: boolean;
}

export const UNREACHABLE =
  'We could not reach our server, so we cannot tell whether the payment went through. Press Pay again: the same payment is sent, and it is never charged twice.';

/** A failed pay or authentication request, from its HTTP status (null: no answer) and message. */
export function payFailure(httpStatus: number | null, message: string): PayFailure {
  if (httpStatus === null) return { message: UNREACHABLE, advice: null, sameAttempt: true };
  if (httpStatus === 503) return { message, advice: 'Nothing was charged. Try again in a few minutes.', sameAttempt: false };
  if (httpStatus === 429) return { message, advice: 'Wait a while before trying again, or contact billing support.', sameAttempt: false };
  if (httpStatus === 403) return { message, advice: null, sameAttempt: false };
  // The payment may have been claimed before the server failed: the same key finds it again.
  if (httpStatus >= 500) return { message, advice: 'Press Pay again in a moment: the same payment is sent, never charged twice. If it keeps failing, contact billing support.', sameAttempt: true };
  return { message, advice: null, sameAttempt: false };
}
