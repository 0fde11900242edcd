import type { StripeError } from '@stripe/stripe-js';

/** What a flow through Stripe.js says when Stripe cannot be reached, and when it refuses for a reason not meant for the customer. */
export interface StripeFailureSentences {
  unreachable: string;
  unavailable: string;
}

/**
 * The sentence to show for an error of Stripe.js. Stripe writes card and validation errors for the
 * customer ("Your card number is incomplete."); its other errors are about our integration or its
 * service, and their text is not meant for the customer: the flow says what came of it instead.
 */
export function stripeErrorSentence(error: Pick<StripeError, 'type' | 'message'> | undefined | null, sentences: StripeFailureSentences): string {
  if (!error) return sentences.unavailable;
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  if (error.type === 'api_connection_error') return sentences.unreachable;
  return sentences.unavailable;
}
