/**
 * Paying an order (ADR 14, ADR 26), one concern a file (issue 32): recording what the provider
 * answered, exactly once (payment-outcome.ts); the promotion claimed before money moves
 * (payment-promotion.ts); paying and the bank step (payment-pay.ts); what the checkout offers
 * (payment-options.ts); what they share in payment-common.ts.
 */
export * from './payment-common';
export * from './payment-outcome';
export * from './payment-promotion';
export * from './payment-pay';
export * from './payment-options';
