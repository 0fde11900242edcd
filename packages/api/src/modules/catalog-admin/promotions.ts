import {
  promotionRedemptions,
  promotions,
  type Database,
  type Promotion,
} from '@kubemarket/db';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { euros } from '@kubemarket/shared';
import { claimGiveaway, fourEyes, giveawayAllowance, giveawayLimit, promotionLimit } from './four-eyes';
import type {
  promotionCreateInput,
  promotionUpdateInput,
} from './schemas';
import { type Staff, type Statement, auditChange, badRequest, changedFields, commit, conflict, given, notFound, pick } from './common';

// Promotions: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const PROMOTION_FIELDS = ['description', 'kind', 'value', 'validFrom', 'validUntil', 'firstPurchaseOnly', 'minimumSubtotalCents', 'appliesTo', 'featured', 'maxRedemptions', 'maxRedemptionsPerOrganization'] as const;
/** What changes how much a code gives away: an edit of these on a code above the alone limit needs four eyes. */
const PROMOTION_MONEY_FIELDS = ['kind', 'value', 'validFrom', 'validUntil', 'firstPurchaseOnly', 'minimumSubtotalCents', 'appliesTo', 'maxRedemptions', 'maxRedemptionsPerOrganization'] as const;

async function redemptionCounts(db: Database, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: promotionRedemptions.promotionCode, count: count() })
    .from(promotionRedemptions)
    .where(inArray(promotionRedemptions.promotionCode, [...codes]))
    .groupBy(promotionRedemptions.promotionCode);
  return new Map(rows.map((row) => [row.code, row.count]));
}

// `inUse` counts items customers run; a code is counted in `redemptions` (orders holding it).
const presentPromotion = (row: Promotion, redemptions = 0) => ({ ...row, redemptions, inUse: null });

async function promotionOutput(db: Database, code: string) {
  const row = await findPromotion(db, code);
  return presentPromotion(row, (await redemptionCounts(db, [row.code])).get(row.code) ?? 0);
}

/**
 * Four eyes on a code that gives more than one person offers alone, or that comes after their
 * monthly allowance of giveaways is spent (ADR 27). Resolves to the statement that counts it
 * against the allowance, for the change's batch; none when an approval carries it.
 */
async function checkPromotionSize(ctx: Staff, promotion: Promotion, what: string, now: number, givesAway = true): Promise<Statement[]> {
  const size = promotion.kind === 'percent' ? `${promotion.value / 100} %` : euros(promotion.value);
  const allowance = givesAway ? await giveawayAllowance(ctx.db, ctx.user, now) : null;
  fourEyes(ctx.approval, `${what} ${promotion.code} (${size} off${promotion.maxRedemptions === null ? ', no redemption limit' : `, at most ${promotion.maxRedemptions} orders`})`, promotionLimit(promotion) ?? (allowance && giveawayLimit(allowance)));
  return allowance && ctx.approval?.kind !== 'approved' ? [claimGiveaway(ctx.db, allowance, `promotion:${promotion.code}`)] : [];
}

const orNone = (value: number | null) => value ?? Number.POSITIVE_INFINITY;

/**
 * Whether an edit makes a code give more: a larger discount (or another kind), a longer window,
 * looser rules or more redemptions. An edit that only narrows a code takes nothing from the
 * monthly allowance.
 */
function givesMore(before: Promotion, after: Promotion): boolean {
  const widerKinds = after.appliesTo === null ? before.appliesTo !== null : before.appliesTo !== null && after.appliesTo.some((kind) => !before.appliesTo!.includes(kind));
  return (
    after.kind !== before.kind ||
    after.value > before.value ||
    after.validFrom < before.validFrom ||
    orNone(after.validUntil) > orNone(before.validUntil) ||
    (before.firstPurchaseOnly && !after.firstPurchaseOnly) ||
    after.minimumSubtotalCents < before.minimumSubtotalCents ||
    widerKinds ||
    orNone(after.maxRedemptions) > orNone(before.maxRedemptions) ||
    orNone(after.maxRedemptionsPerOrganization) > orNone(before.maxRedemptionsPerOrganization)
  );
}

async function findPromotion(db: Database, code: string) {
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code.trim().toUpperCase())).limit(1);
  if (!row) throw notFound(`No promotion with the code ${code}.`);
  return row;
}

export async function listPromotions(ctx: Staff) {
  const rows = await ctx.db.select().from(promotions).orderBy(asc(promotions.validFrom), asc(promotions.code));
  const redemptions = await redemptionCounts(ctx.db, rows.map((row) => row.code));
  return rows.map((row) => presentPromotion(row, redemptions.get(row.code) ?? 0));
}

function checkPromotion(promotion: Promotion) {
  if (promotion.kind === 'percent' && promotion.value > 10_000) throw badRequest('A percentage discount is at most 10000 basis points (100 %); 500 is 5 %.');
  if (promotion.validUntil !== null && promotion.validUntil <= promotion.validFrom) throw badRequest('The promotion must end after it starts.');
  // A code that makes orders free is handed out on purpose, to a known number of orders.
  if (promotion.kind === 'percent' && promotion.value === 10_000 && promotion.maxRedemptions === null) {
    throw badRequest('A 100 % code makes orders free: give it a redemption limit.');
  }
  if (promotion.maxRedemptions !== null && promotion.maxRedemptionsPerOrganization !== null && promotion.maxRedemptionsPerOrganization > promotion.maxRedemptions) {
    throw badRequest('The redemption limit per organisation cannot be above the redemption limit of the code.');
  }
}

/** One promotion at a time is announced by the banner: featuring one takes the banner from the others. */
const unfeatureOthers = (db: Database, code: string, now: number) =>
  db.update(promotions).set({ featured: false, updatedAt: now }).where(and(eq(promotions.featured, true), ne(promotions.code, code)));

export async function createPromotion(ctx: Staff, input: z.infer<typeof promotionCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(promotions, eq(promotions.code, input.code))) > 0) throw conflict(`A promotion with the code ${input.code} already exists.`);
  const promotion: Promotion = {
    ...input,
    validFrom: input.validFrom ?? now,
    validUntil: input.validUntil ?? null,
    firstPurchaseOnly: input.firstPurchaseOnly ?? false,
    minimumSubtotalCents: input.minimumSubtotalCents ?? 0,
    appliesTo: input.appliesTo ?? null,
    featured: input.featured ?? false,
    maxRedemptions: input.maxRedemptions ?? null,
    maxRedemptionsPerOrganization: input.maxRedemptionsPerOrganization ?? null,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  checkPromotion(promotion);
  const giveaway = await checkPromotionSize(ctx, promotion, 'New promotion', now);
  await commit(
    ctx.db,
    [
      ...giveaway,
      ...(promotion.featured ? [unfeatureOthers(ctx.db, promotion.code, now)] : []),
      ctx.db.insert(promotions).values(promotion),
      auditChange(ctx, 'promotion', 'created', promotion.code, { values: pick(promotion, PROMOTION_FIELDS) }, now),
    ],
    `A promotion with the code ${promotion.code} already exists.`,
  );
  return promotionOutput(ctx.db, promotion.code);
}

export async function updatePromotion(ctx: Staff, input: z.infer<typeof promotionUpdateInput>) {
  const { code, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findPromotion(ctx.db, code);
  const after = { ...before, ...given(patch) };
  checkPromotion(after);
  const changes = changedFields(before, after, PROMOTION_FIELDS);
  // A withdrawn code gives nothing until restored (restorePromotion checks it then).
  const moneyChanged = PROMOTION_MONEY_FIELDS.some((field) => field in changes) && before.archivedAt === null;
  const giveaway = moneyChanged ? await checkPromotionSize(ctx, after, 'Promotion', now, givesMore(before, after)) : (fourEyes(ctx.approval, `Promotion ${before.code}`, null), []);
  if (Object.keys(changes).length === 0) return promotionOutput(ctx.db, before.code);
  await commit(
    ctx.db,
    [
      ...giveaway,
      ...(after.featured && !before.featured ? [unfeatureOthers(ctx.db, before.code, now)] : []),
      ctx.db.update(promotions).set({ ...pick(after, PROMOTION_FIELDS), updatedAt: now }).where(eq(promotions.code, before.code)),
      auditChange(ctx, 'promotion', 'updated', before.code, { changes }, now),
    ],
  );
  return promotionOutput(ctx.db, before.code);
}

/** The banner stops announcing an archived promotion; restoring it does not feature it again. */
export async function archivePromotion(ctx: Staff, code: string) {
  const now = ctx.ports.clock.now();
  const promotion = await findPromotion(ctx.db, code);
  if (promotion.archivedAt !== null) return promotionOutput(ctx.db, promotion.code);
  await commit(
    ctx.db,
    [
      ctx.db.update(promotions).set({ archivedAt: now, featured: false, updatedAt: now }).where(eq(promotions.code, promotion.code)),
      auditChange(ctx, 'promotion', 'archived', promotion.code, { description: promotion.description, wasFeatured: promotion.featured }, now),
    ],
  );
  return promotionOutput(ctx.db, promotion.code);
}

export async function restorePromotion(ctx: Staff, code: string) {
  const now = ctx.ports.clock.now();
  const promotion = await findPromotion(ctx.db, code);
  if (promotion.archivedAt === null) {
    fourEyes(ctx.approval, `Promotion ${promotion.code}`, null);
    return promotionOutput(ctx.db, promotion.code);
  }
  const giveaway = await checkPromotionSize(ctx, promotion, 'Restoring promotion', now);
  await commit(
    ctx.db,
    [
      ...giveaway,
      ctx.db.update(promotions).set({ archivedAt: null, updatedAt: now }).where(eq(promotions.code, promotion.code)),
      auditChange(ctx, 'promotion', 'restored', promotion.code, { description: promotion.description }, now),
    ],
  );
  return promotionOutput(ctx.db, promotion.code);
}
