import {
  HOLDING_PAYMENT_STATUSES,
  orders,
  payments,
  type Database,
  type Order,
  type Payment,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AuthenticationAction,
} from '../../platform/payments';
import { type RateLimitRule } from '../../platform/rate-limit';
import { type Statement } from './fulfilment';
import type { completeAuthenticationInputSchema, payOrderInputSchema } from './schemas';
import { settledMessage } from './service';

/**
 * Paying an order, exactly once. Each attempt carries a key; its payments row is claimed first
 * (the unique key in the database, not a lock in memory), so a repeated or concurrent request with
 * the key finds that row and never charges again. The provider gets the same key. Outcomes are
 * recorded with the order's state and timeline in one batch; settling the order is guarded by
 * the one-settling-event index, so a webhook and an answer racing for the same payment, or two
 * payments racing for the same order, settle it once.
 */

export type PayInput = z.output<typeof payOrderInputSchema>;
export type CompleteInput = z.output<typeof completeAuthenticationInputSchema>;

/** Per organisation: card testing (many small attempts with stolen numbers) stops here. */
export const PAY_RATE_LIMIT = { limit: 30, windowMs: 60 * 60_000 } as const satisfies RateLimitRule;
export const DAY_MS = 24 * 60 * 60_000;

export type PayResultKind = 'succeeded' | 'requires_action' | 'processing' | 'declined' | 'invoiced';

export interface Outcome {
  result: PayResultKind;
  payment: Payment;
  action: AuthenticationAction | null;
}

export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

export const UNDER_WAY = 'A payment for this order is still being processed; wait for its outcome before paying again.';

/**
 * Why a new payment of the order was refused by payments_one_holding_per_order_idx: another
 * payment is under way, or it has paid the order.
 */
export async function heldBy(db: Database, order: Order): Promise<TRPCError> {
  const [holding] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, [...HOLDING_PAYMENT_STATUSES])))
    .limit(1);
  if (holding?.status === 'succeeded') return conflict(settledMessage('paid', 'paid'));
  return conflict(UNDER_WAY);
}

export function unavailable(message: string, cause?: unknown): TRPCError {
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message, cause });
}

export async function batch(db: Database, statements: Statement[]): Promise<void> {
  await db.batch(statements as unknown as Parameters<Database['batch']>[0]);
}

export async function paymentById(db: Database, id: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function orderById(db: Database, id: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row!;
}
