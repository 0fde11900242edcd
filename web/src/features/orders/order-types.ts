import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type OrderOutputs = inferRouterOutputs<AppRouter>['orders'];

/** One order with its lines, quote, timeline and payments (GET /api/orders/{id}). */
export type OrderDetail = OrderOutputs['get'];
/** An order as lists show it. */
export type OrderSummary = OrderOutputs['list']['items'][number];
export type OrderPage = OrderOutputs['list'];
export type OrderCounts = OrderOutputs['counts'];
export type OrderStatus = OrderSummary['status'];
export type OrderKind = OrderSummary['kind'];
export type OrderEvent = OrderDetail['events'][number];
export type OrderPayment = OrderDetail['payments'][number];
export type ListOrdersInput = Exclude<inferRouterInputs<AppRouter>['orders']['list'], void | undefined>;
export type OrderSort = NonNullable<ListOrdersInput['sort']>;

/** What a customer reads for each status; `pending` is an order awaiting its payment. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  provisioning: 'Provisioning',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

/**
 * Filled badge colours: shades dark or light enough that the theme's automatic contrast (white or
 * black text) meets WCAG AA in both themes; light badges of these colours do not.
 */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow.4',
  paid: 'blue.8',
  provisioning: 'blue.8',
  completed: 'teal.9',
  cancelled: 'gray.7',
  failed: 'red.9',
};

/** Nothing more happens to an order in these states: no polling, no payment, no cancel. */
export function isFinalStatus(status: OrderStatus): boolean {
  return status === 'completed' || status === 'cancelled' || status === 'failed';
}

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  cluster: 'Cluster',
  addon: 'Add-on',
  middleware: 'Middleware',
  support: 'Support plan',
};

/** The list of each kind of order (docs/product/screens.md: /orders/products is labelled Middlewares). */
export const ORDER_KIND_LISTS = {
  cluster: { to: '/orders/clusters', title: 'Clusters' },
  addon: { to: '/orders/addons', title: 'Add-ons' },
  middleware: { to: '/orders/products', title: 'Middlewares' },
  support: { to: '/orders/support', title: 'Support plans' },
} as const satisfies Record<OrderKind, { to: string; title: string }>;

export const ORDER_KINDS = Object.keys(ORDER_KIND_LISTS) as OrderKind[];

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Total, highest first',
  total_asc: 'Total, lowest first',
};

export const ORDER_SORTS = Object.keys(ORDER_SORT_LABELS) as OrderSort[];
