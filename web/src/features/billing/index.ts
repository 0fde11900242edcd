// The billing feature's door: the /billing page, and which billing queries a page change refreshes.
export { BillingPage } from './billing-page';
export { billingRefreshFilters } from './billing-refresh';
