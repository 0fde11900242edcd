// The checkout's door: the one checkout every order is paid through, its first step for what is not
// ordered yet (billing details and promotion code), and the order summary both show.
export { Checkout } from './checkout';
export { PlaceOrderModal } from './place-order';
export { MoneySummary } from './order-summary';
export { BillingDetailsView, BillingFields } from './billing-fields';
// The billing details form and its starting values, shared with the billing profile of /billing.
export { initialBilling, type BillingFormValues } from './billing';
export { euros, orderMoney, quoteMoney, type OrderMoney } from './money';
// The test-mode card fields and their checks, shared with the add-card form of /billing.
export { cardErrors, cardMethod, EMPTY_CARD, formatCardNumber, parseExpiry, type CardErrors, type CardFormValues } from './card';
export { CardInputs, TestCardsTable, testCardValues } from './card-fields';
// Stripe's card field and the app's one Stripe.js loader, shared with the add-card and SEPA forms of /billing.
export { StripeCardField, type StripeCardReady } from './stripe-card';
export { loadStripeOnce } from './stripe-payment';
