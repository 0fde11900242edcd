import { orders, promotions, type Database, type OrderStatus } from '@kubemarket/db';
import { isQuoteError, quote, type OrderLine, type PromotionRejection, type Quote } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { loadOrderCatalogue, type OrderCatalogue } from '../catalog';
import type { QuoteInput } from './schemas';

/**
 * Orders that count as a purchase for first-purchase-only promotions: paid, or past payment
 * (provisioning, completed). A pending order was never paid; a cancelled or failed one did not
 * go through, so neither uses up the organisation's first purchase.
 */
export const PURCHASED_ORDER_STATUSES = ['paid', 'provisioning', 'completed'] as const satisfies readonly OrderStatus[];

export async function organizationHasPurchased(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.status, PURCHASED_ORDER_STATUSES)))
    .limit(1);
  return row !== undefined;
}

/**
 * Promotion outcomes that make the quote a 400: the code cannot be used by this customer at all.
 * A code that only misses its minimum or the kinds it applies to is answered in the quote
 * (`promotion.reason`), as the customer can still change the order to qualify.
 */
const REFUSED_PROMOTIONS: ReadonlySet<PromotionRejection> = new Set(['unknown', 'not_started', 'expired', 'first_purchase_only']);

const badRequest = (message: string, cause?: unknown) => new TRPCError({ code: 'BAD_REQUEST', message, cause });

const atLine = (index: number, message: string) => `Order line ${index + 1}: ${message}`;

/**
 * What the catalogue requires beyond the engine's rules: a new cluster runs a Kubernetes version
 * we offer, and each node flavour is available in the cluster's region. Ids the catalogue does not
 * know are left to the engine, which names them.
 */
function checkOrderable(lines: readonly OrderLine[], catalogue: OrderCatalogue): void {
  const offered = catalogue.kubernetesVersions;
  lines.forEach((line, index) => {
    if (line.kind !== 'cluster') return;
    const wanted = line.kubernetesVersion.replace(/^v/i, '');
    const [major, minor, patch] = wanted.split('.');
    const version = offered.find((candidate) => candidate.version === `${major}.${minor}`);
    if (!version) {
      const choices = offered.map((candidate) => candidate.version);
      throw badRequest(
        atLine(index, `Kubernetes ${wanted} is not offered for new clusters; choose ${choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices.join('')}.`),
      );
    }
    if (patch !== undefined && Number(patch) > version.patch) {
      throw badRequest(atLine(index, `Kubernetes ${wanted} is not available yet; the latest ${version.version} patch is ${version.version}.${version.patch}.`));
    }
    for (const pool of line.nodePools) {
      const regions = catalogue.flavorRegions.get(pool.flavorId);
      if (regions && !regions.includes(line.regionId)) {
        const name = catalogue.priceBook.flavors.find((flavor) => flavor.id === pool.flavorId)?.name ?? pool.flavorId;
        throw badRequest(atLine(index, `The ${name} flavour is not available in the ${line.regionId} region.`));
      }
    }
  });
}

/**
 * The authoritative quote: the catalogue on sale now at the prices in effect now, priced by the
 * shared engine. The organisation of a signed-in caller decides first-purchase promotions. Every
 * reason the order cannot be quoted is a 400 with a sentence the customer understands.
 */
export async function createQuote(ctx: Pick<Context, 'db' | 'ports' | 'user'>, input: QuoteInput): Promise<Quote> {
  const now = ctx.ports.clock.now();
  const organizationId = ctx.user?.organizationId ?? null;
  const [catalogue, hasPurchased] = await Promise.all([
    loadOrderCatalogue(ctx.db, now),
    organizationId ? organizationHasPurchased(ctx.db, organizationId) : Promise.resolve(false),
  ]);
  checkOrderable(input.lines, catalogue);

  const vatNumber = input.customer.vatNumber || null;
  let result: Quote;
  try {
    result = quote(
      input.lines,
      {
        cycle: input.cycle,
        now,
        promotionCode: input.promotionCode ?? null,
        customer: {
          countryCode: input.customer.countryCode,
          vatNumber,
          isBusiness: input.customer.isBusiness ?? vatNumber !== null,
          hasPurchased,
        },
      },
      catalogue.priceBook,
    );
  } catch (error) {
    if (isQuoteError(error)) throw badRequest(error.lineIndex === null ? error.message : atLine(error.lineIndex, error.message), error);
    throw error;
  }

  const promotion = result.promotion;
  if (promotion && !promotion.applied && promotion.rejection && REFUSED_PROMOTIONS.has(promotion.rejection)) {
    throw badRequest(promotion.rejection === 'unknown' ? `Unknown promotion code "${promotion.code}".` : `Promotion code ${promotion.code}: ${promotion.reason ?? 'it cannot be used.'}`);
  }
  if (promotion?.applied) await assertRedeemable(ctx.db, promotion.code, organizationId);
  return result;
}

/**
 * A code used as many times as it may be is refused when quoted, so the customer learns it before
 * ordering. This is a read: the claim when the order is paid (orders/payment.ts claimPromotion) is
 * what holds when orders race for the last redemption.
 */
async function assertRedeemable(db: Database, code: string, organizationId: string | null): Promise<void> {
  const normalised = code.trim().toUpperCase();
  const [row] = await db
    .select({
      maxRedemptions: promotions.maxRedemptions,
      maxRedemptionsPerOrganization: promotions.maxRedemptionsPerOrganization,
      inAll: sql<number>`(SELECT count(*) FROM promotion_redemptions WHERE promotion_code = ${normalised})`,
      here: sql<number>`(SELECT count(*) FROM promotion_redemptions WHERE promotion_code = ${normalised} AND organization_id = ${organizationId ?? ''})`,
    })
    .from(promotions)
    .where(eq(promotions.code, normalised))
    .limit(1);
  if (!row) return;
  if (row.maxRedemptions !== null && Number(row.inAll) >= row.maxRedemptions) throw badRequest(`Promotion code ${normalised}: This code has been used as many times as it may be.`);
  if (organizationId && row.maxRedemptionsPerOrganization !== null && Number(row.here) >= row.maxRedemptionsPerOrganization) {
    throw badRequest(`Promotion code ${normalised}: Your organisation has used this code as many times as it may.`);
  }
}
