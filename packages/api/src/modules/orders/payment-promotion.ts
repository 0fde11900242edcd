import {
  newId,
  orderEvents,
  orders,
  promotionRedemptions,
  promotions,
  type Order,
} from '@kubemarket/db';
import { and, eq } from 'drizzle-orm';
import { organizationHasPurchased } from '../quotes';
import { euros } from '@kubemarket/shared';
import { withoutDiscount } from './money';
import { claimRedemption } from './redemptions';
import { type Member } from './views';
import { badRequest, batch } from './payment-common';

// Promotion

/**
 * Before charging: a first-purchase promotion the order was placed with no longer applies once the
 * organisation has purchased (another order was paid meanwhile). The order is re-priced without
 * it, from its own quote, and the customer reviews the new total before paying.
 */
export async function recheckPromotion(ctx: Member, order: Order, now: number): Promise<void> {
  if (!order.promotionApplied || !order.promotionCode || !order.quote?.discount) return;
  const [promotion] = await ctx.db.select({ firstPurchaseOnly: promotions.firstPurchaseOnly }).from(promotions).where(eq(promotions.code, order.promotionCode)).limit(1);
  if (!promotion?.firstPurchaseOnly || !(await organizationHasPurchased(ctx.db, order.organizationId))) return;
  await removePromotion(ctx, order, now);
}

const FIRST_PURCHASE_ONLY = 'This code is only for an organisation’s first purchase.';

/** Re-prices a pending order without its promotion and asks the customer to review it (throws). */
async function removePromotion(ctx: Member, order: Order, now: number, why: 'first_purchase' | 'exhausted' | 'exhausted_here' = 'first_purchase'): Promise<never> {
  const reasons = {
    first_purchase: { quote: FIRST_PURCHASE_ONLY, event: 'the organisation has made its first purchase', customer: `${order.promotionCode} applies only to your organisation's first purchase, which has now been made.` },
    exhausted: { quote: 'This code has been used as many times as it may be.', event: 'the code has been used as many times as it may be', customer: `${order.promotionCode} has been used as many times as it may be.` },
    exhausted_here: { quote: 'Your organisation has used this code as many times as it may.', event: 'the organisation has used the code as many times as it may', customer: `Your organisation has used ${order.promotionCode} as many times as it may.` },
  }[why];
  const quote = withoutDiscount(order.quote!, reasons.quote);
  await batch(ctx.db, [
    ctx.db
      .update(orders)
      .set({ quote, discountCents: 0, taxCents: quote.tax.amountCents, totalCents: quote.totalCents, promotionApplied: false, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.promotionApplied, true))),
    ctx.db.insert(orderEvents).values({
      id: newId('orderEvent'),
      orderId: order.id,
      type: 'promotion_removed',
      message: `Promotion ${order.promotionCode} removed: ${reasons.event}. New total ${euros(quote.totalCents)}.`,
      data: { amountCents: quote.totalCents, previousTotalCents: order.totalCents },
      createdAt: now,
    }),
  ]);
  throw badRequest(`${reasons.customer} The order was re-priced to ${euros(quote.totalCents)}; review it and pay again.`);
}

/**
 * The order's promotion, held by this order from its payment on: one `INSERT … SELECT … WHERE`
 * counts the orders already holding the code (in all, and of this organisation) against its
 * redemption limits and inserts only below them, so SQLite (D1) arbitrates between orders paid at
 * once; promotion_redemptions_first_purchase_idx keeps an organisation to one first-purchase
 * code. A code no longer available re-prices the order without it, as recheckPromotion does once a
 * purchase is made. A declined or failed payment gives it back (releaseRedemption).
 */
export async function claimPromotion(ctx: Member, order: Order, now: number): Promise<void> {
  if (!order.promotionApplied || !order.promotionCode || !order.quote?.discount) return;
  const code = order.promotionCode;
  if (await claimRedemption(ctx.db, { orderId: order.id, organizationId: order.organizationId, code, discountCents: order.discountCents, now })) return;
  // Why not: another order holds the organisation's first purchase, or the code is used up.
  const [promotion] = await ctx.db.select().from(promotions).where(eq(promotions.code, code)).limit(1);
  if (promotion?.firstPurchaseOnly && (await ctx.db.$count(promotionRedemptions, and(eq(promotionRedemptions.organizationId, order.organizationId), eq(promotionRedemptions.firstPurchase, true)))) > 0) {
    await removePromotion(ctx, order, now, 'first_purchase');
  }
  const inAll = await ctx.db.$count(promotionRedemptions, eq(promotionRedemptions.promotionCode, code));
  const usedUp = !promotion || (promotion.maxRedemptions !== null && inAll >= promotion.maxRedemptions);
  await removePromotion(ctx, order, now, usedUp ? 'exhausted' : 'exhausted_here');
}
