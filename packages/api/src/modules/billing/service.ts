/**
 * Billing (issue 13) one concern a file: the summary of the month, credits, billing plans, and
 * payment methods (saved from /billing, through the payments port, or kept when a card pays at
 * checkout); what they share is in service-common.ts.
 */
export * from './service-common';
export * from './summary';
export * from './credits';
export * from './plans';
export * from './payment-methods';
