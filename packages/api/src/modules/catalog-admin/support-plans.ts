import {
  supportPlans,
  type Database,
  type SupportPlan,
} from '@kubemarket/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { giveawayAllowance } from './four-eyes';
import {
  initialPriceStatements,
  loadPrices,
  presentPriced,
  NO_EXTRA_PRICES,
  planPriceChanges,
  withPricesInEffect,
  type PriceAccessor,
} from './prices';
import type {
  supportCreateInput,
  supportUpdateInput,
} from './schemas';
import { type Staff, auditChange, badRequest, changedFields, commit, conflict, given, nextSortOrder, notFound, pick, setArchived } from './common';

// Support plans: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

/** Fixed plans price their monthly fee; share-of-spend plans their share and monthly minimum. */
const SUPPORT_PRICES: PriceAccessor<SupportPlan>[] = [
  {
    kind: 'support_plan',
    read: (plan) =>
      plan.pricingKind === 'fixed'
        ? { ...NO_EXTRA_PRICES, monthlyPriceCents: plan.monthlyPriceCents ?? 0 }
        : { ...NO_EXTRA_PRICES, monthlyPriceCents: plan.minimumMonthlyCents ?? 0, percentOfSpendBasisPoints: plan.percentOfSpendBasisPoints },
    write: (plan, price) => {
      if (plan.pricingKind === 'fixed' && price.percentOfSpendBasisPoints === null) return { ...plan, monthlyPriceCents: price.monthlyPriceCents };
      if (plan.pricingKind === 'share' && price.percentOfSpendBasisPoints !== null) {
        return { ...plan, minimumMonthlyCents: price.monthlyPriceCents, percentOfSpendBasisPoints: price.percentOfSpendBasisPoints };
      }
      return plan;
    },
  },
];
const SUPPORT_KINDS = SUPPORT_PRICES.map((accessor) => accessor.kind);
const SUPPORT_FIELDS = [
  'name',
  'description',
  'p1ResponseMinutes',
  'p2ResponseMinutes',
  'p3ResponseMinutes',
  'p4ResponseMinutes',
  'channels',
  'hours',
  'namedEngineer',
  'pricingKind',
  'sortOrder',
] as const;
const SUPPORT_COLUMNS = [...SUPPORT_FIELDS, 'monthlyPriceCents', 'percentOfSpendBasisPoints', 'minimumMonthlyCents'] as const;

type SupportPatch = Omit<z.infer<typeof supportUpdateInput>, 'id' | 'priceEffectiveFrom'>;

async function presentSupportPlans(ctx: Staff, rows: SupportPlan[]) {
  return presentPriced(ctx.db, rows, SUPPORT_PRICES, ctx.ports.clock.now(), () => ({ inUse: null }));
}

async function findSupportPlan(db: Database, id: string) {
  const [row] = await db.select().from(supportPlans).where(eq(supportPlans.id, id)).limit(1);
  if (!row) throw notFound(`No support plan with the id ${id}.`);
  return row;
}

const supportOutput = async (ctx: Staff, id: string) => (await presentSupportPlans(ctx, [await findSupportPlan(ctx.db, id)]))[0]!;

export async function listSupportPlans(ctx: Staff) {
  return presentSupportPlans(ctx, await ctx.db.select().from(supportPlans).orderBy(asc(supportPlans.sortOrder), asc(supportPlans.id)));
}

/** The price fields of the other pricing kind are cleared, unless the edit sets them (a contradiction). */
function normaliseSupportPlan(plan: SupportPlan, patch: SupportPatch): SupportPlan {
  if (plan.pricingKind === 'fixed') {
    if ((patch.percentOfSpendBasisPoints ?? null) !== null || (patch.minimumMonthlyCents ?? null) !== null) {
      throw badRequest('A fixed-price plan has no share of spend or monthly minimum: leave them empty.');
    }
    if (plan.monthlyPriceCents === null) throw badRequest('A fixed-price plan needs its monthly price (0 for a plan included with every organisation).');
    return { ...plan, percentOfSpendBasisPoints: null, minimumMonthlyCents: null };
  }
  if ((patch.monthlyPriceCents ?? null) !== null) throw badRequest('A share-of-spend plan has no fixed price: give its share of spend and monthly minimum instead.');
  if (plan.percentOfSpendBasisPoints === null || plan.minimumMonthlyCents === null) {
    throw badRequest('A share-of-spend plan needs its share of spend (basis points, 700 = 7 %) and its monthly minimum.');
  }
  return { ...plan, monthlyPriceCents: null };
}

function checkSupportPlan(plan: SupportPlan) {
  const targets = [plan.p1ResponseMinutes, plan.p2ResponseMinutes, plan.p3ResponseMinutes, plan.p4ResponseMinutes];
  for (let i = 0; i < targets.length; i += 1) {
    for (let j = i + 1; j < targets.length; j += 1) {
      const higher = targets[i];
      const lower = targets[j];
      if (higher != null && lower != null && lower < higher) {
        throw badRequest(`A less severe ticket cannot be answered faster: P${j + 1} (${lower} min) is faster than P${i + 1} (${higher} min).`);
      }
    }
  }
}

export async function createSupportPlan(ctx: Staff, input: z.infer<typeof supportCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(supportPlans, eq(supportPlans.id, input.id))) > 0) throw conflict(`A support plan with the id ${input.id} already exists.`);
  const plan = normaliseSupportPlan(
    {
      ...input,
      p1ResponseMinutes: input.p1ResponseMinutes ?? null,
      p2ResponseMinutes: input.p2ResponseMinutes ?? null,
      p3ResponseMinutes: input.p3ResponseMinutes ?? null,
      p4ResponseMinutes: input.p4ResponseMinutes ?? null,
      // Ticket update cadence (issue 14): not edited here yet, so the severity defaults apply.
      p1UpdateMinutes: null,
      p2UpdateMinutes: null,
      p3UpdateMinutes: null,
      p4UpdateMinutes: null,
      namedEngineer: input.namedEngineer ?? false,
      monthlyPriceCents: input.monthlyPriceCents ?? null,
      percentOfSpendBasisPoints: input.percentOfSpendBasisPoints ?? null,
      minimumMonthlyCents: input.minimumMonthlyCents ?? null,
      sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, supportPlans, supportPlans.sortOrder)),
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    input,
  );
  checkSupportPlan(plan);
  await commit(
    ctx.db,
    [
      ctx.db.insert(supportPlans).values(plan),
      ...initialPriceStatements(ctx.db, SUPPORT_PRICES, plan.id, plan, now, ctx.user.id),
      auditChange(ctx, 'support_plan', 'created', plan.id, { values: pick(plan, SUPPORT_COLUMNS) }, now),
    ],
    `A support plan with the id ${plan.id} already exists.`,
  );
  return supportOutput(ctx, plan.id);
}

export async function updateSupportPlan(ctx: Staff, input: z.infer<typeof supportUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findSupportPlan(ctx.db, id);
  const before = withPricesInEffect(row, SUPPORT_PRICES, id, await loadPrices(ctx.db, SUPPORT_KINDS, [id]), now);
  const after = normaliseSupportPlan({ ...before, ...given(patch) }, patch);
  checkSupportPlan(after);
  if (after.pricingKind !== before.pricingKind && priceEffectiveFrom !== undefined && priceEffectiveFrom > now) {
    throw badRequest('Switching between a fixed price and a share of spend applies at once: leave the date out.');
  }
  const prices = planPriceChanges(ctx.db, { accessors: SUPPORT_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, SUPPORT_FIELDS);
  if (!prices.audit && Object.keys(changes).length === 0) return supportOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(supportPlans).set({ ...pick(prices.record, SUPPORT_COLUMNS), updatedAt: now }).where(eq(supportPlans.id, id)),
      ...prices.statements,
      auditChange(ctx, 'support_plan', 'updated', id, { changes, ...(prices.audit ? { price: prices.audit } : {}) }, now),
    ],
  );
  return supportOutput(ctx, id);
}

/** Refused for the last plan on sale: every organisation has a support plan. */
export async function archiveSupportPlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findSupportPlan(ctx.db, id);
  if (plan.archivedAt !== null) return supportOutput(ctx, id);
  const others = await ctx.db.$count(supportPlans, and(isNull(supportPlans.archivedAt), ne(supportPlans.id, id)));
  if (others === 0) throw badRequest(`${plan.name} is the last support plan on offer: create or restore another one first.`);
  await setArchived(ctx, supportPlans, 'support_plan', id, true, { name: plan.name }, now);
  return supportOutput(ctx, id);
}

export async function restoreSupportPlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findSupportPlan(ctx.db, id);
  if (plan.archivedAt === null) return supportOutput(ctx, id);
  await setArchived(ctx, supportPlans, 'support_plan', id, false, { name: plan.name }, now);
  return supportOutput(ctx, id);
}
