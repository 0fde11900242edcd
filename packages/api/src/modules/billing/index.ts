// The billing module's door: the billing profile that taxes orders and invoices, its schemas, and
// keeping a card that paid at checkout.
export { changeCountry, profileForOrder, profileView, taxCustomerOf, vatNumberVerified, verifiedVatCheck } from './profile';
export { billingProfileFieldsSchema, billingProfileSchema, vatCheckSchema } from './schemas';
export { keepKeptMethod, keepPaidCard, knownStripeCustomer } from './service';
export { assertWithinCreditLimit, claimWithinCreditLimit, outstandingCents, unpaidInvoicesCents } from './credit-limit';
export { billingRecipients } from './recipients';
