// The checkout's door: the one checkout every order is paid through, its first step for what is not
// ordered yet (billing details and promotion code), and the order summary both show.
export { Checkout } from './checkout';
export { PlaceOrderModal } from './place-order';
export { MoneySummary } from './order-summary';
export { BillingDetailsView } from './billing-fields';
export { euros, orderMoney, quoteMoney, type OrderMoney } from './money';
