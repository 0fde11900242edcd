import { sql } from 'drizzle-orm';
import { sqliteTable, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './orders';
import { requiredRef, created } from './columns';

/** The steps of an order's timeline (/order-status/{id}). */
export const ORDER_EVENT_TYPES = [
  'placed',
  'payment_started',
  'authentication_required',
  'payment_failed',
  'paid',
  'invoiced',
  'transfer_received',
  'promotion_removed',
  'provisioning_started',
  'completed',
  'failed',
  'cancelled',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Events that settle an order: paid, invoiced (bank transfer) or cancelled. At most one per order
 * (a unique index), so two requests racing to settle it (a double click, a webhook and the answer
 * of the same charge, a cancel during a payment) cannot both win: the loser's batch is refused whole.
 */
export const SETTLING_ORDER_EVENTS = ['paid', 'invoiced', 'cancelled'] as const satisfies readonly OrderEventType[];

export interface OrderEventData {
  amountCents?: number;
  /** Bank transfer: when the invoice is due, UTC epoch ms. */
  dueAt?: number;
  declineCode?: string;
  clusterId?: string;
  /** A middleware order's instance the event is about. */
  middlewareInstanceId?: string;
  /** promotion_removed: the totals before and after. */
  previousTotalCents?: number;
}

export const orderEvents = sqliteTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    type: text('type', { enum: ORDER_EVENT_TYPES }).notNull(),
    /** What happened, in a sentence for the customer. */
    message: text('message').notNull(),
    /** The payment the event is about (payments.id), if any. */
    paymentId: text('payment_id'),
    /** Why a payment or the order failed, as the customer reads it. */
    reason: text('reason'),
    data: text('data', { mode: 'json' }).$type<OrderEventData>(),
    ...created,
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('order_events_settled_idx')
      .on(table.orderId)
      .where(sql`type IN ('paid', 'invoiced', 'cancelled')`),
    // A bank transfer is recorded as received once: two staff recording it at once cannot both win.
    uniqueIndex('order_events_transfer_received_idx').on(table.paymentId).where(sql`type = 'transfer_received'`),
  ],
);

export type OrderEvent = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
