// The quotes module's door: the authoritative quote (the pricing engine on the server) and its schemas.
export { orderLineSchema, quoteInputSchema, quoteSchema, type QuoteInput } from './schemas';
export { createQuote, organizationHasPurchased, PURCHASED_ORDER_STATUSES } from './service';
