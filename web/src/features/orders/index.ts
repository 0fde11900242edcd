// The orders feature's door: the order lists (/orders and each kind), an order's status and
// timeline (/order-status, /order-status/{id}, /clusters/{id}/status) and /payment-success.
export { MiddlewarePage, MiddlewaresPage, SupportPlanPage, SupportPlansPage } from './catalog-order-pages';
export { ClusterStatusPage } from './cluster-status-page';
export { listSearchParams, type OrderListSearchParams } from './list-search-params';
export { AddonOrdersPage, ClusterOrdersPage, OrderStatusIndexPage } from './order-list-pages';
export { OrderStatusView } from './order-status-view';
export { OrdersIndexPage } from './orders-index-page';
export { PaymentSuccessPage } from './payment-success-page';
export { ORDER_STATUS_COLORS } from './order-types';
