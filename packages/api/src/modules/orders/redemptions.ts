import { promotionRedemptions, type Database } from '@kubemarket/db';
import { eq, sql } from 'drizzle-orm';

/**
 * Holds `code` for the order if the code's redemption limits leave room (and, for a first-purchase
 * code, the organisation holds none yet): one `INSERT … SELECT … WHERE`, so SQLite (D1) arbitrates
 * between orders racing for the last redemption. True when held (now or already).
 */
export async function claimRedemption(db: Database, claim: { orderId: string; organizationId: string; code: string; discountCents: number; now: number }): Promise<boolean> {
  const { orderId, organizationId, code, discountCents, now } = claim;
  const claimed = await db.all<{ order_id: string }>(sql`
    INSERT INTO promotion_redemptions (order_id, organization_id, promotion_code, first_purchase, discount_cents, created_at)
    SELECT ${orderId}, ${organizationId}, code, first_purchase_only, ${discountCents}, ${now}
    FROM promotions
    WHERE code = ${code}
      AND (max_redemptions IS NULL OR (SELECT count(*) FROM promotion_redemptions WHERE promotion_code = ${code}) < max_redemptions)
      AND (max_redemptions_per_organization IS NULL
        OR (SELECT count(*) FROM promotion_redemptions WHERE promotion_code = ${code} AND organization_id = ${organizationId}) < max_redemptions_per_organization)
    ON CONFLICT DO NOTHING
    RETURNING order_id`);
  if (claimed.length > 0) return true;
  return (await db.$count(promotionRedemptions, eq(promotionRedemptions.orderId, orderId))) > 0;
}
