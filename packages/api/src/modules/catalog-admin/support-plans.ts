import {
  supportPlans,
  type SupportPlan,
} from '@kubemarket/db';
import { and, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogEntity } from './entity';
import { presentPriced, NO_EXTRA_PRICES, type PriceAccessor } from './prices';
import type {
  supportCreateInput,
  supportUpdateInput,
} from './schemas';
import { type Staff, badRequest } from './common';

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

const supportPlansEntity = catalogEntity({
  table: supportPlans,
  entity: 'support_plan',
  noun: 'support plan',
  article: 'A',
  fields: SUPPORT_FIELDS,
  columns: SUPPORT_COLUMNS,
  prices: SUPPORT_PRICES,
  present: async (ctx: Staff, rows: SupportPlan[]) => presentPriced(ctx.db, rows, SUPPORT_PRICES, ctx.ports.clock.now(), () => ({ inUse: null })),
});

export const listSupportPlans = supportPlansEntity.list;

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
  await supportPlansEntity.checkNewId(ctx.db, input.id);
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
      ...(await supportPlansEntity.newRow(ctx.db, input.sortOrder, now)),
    },
    input,
  );
  checkSupportPlan(plan);
  return supportPlansEntity.insert(ctx, plan);
}

export async function updateSupportPlan(ctx: Staff, input: z.infer<typeof supportUpdateInput>) {
  return supportPlansEntity.update(ctx, input, {
    normalise: normaliseSupportPlan,
    check: (after, before, _loaded, { priceEffectiveFrom, now }) => {
      checkSupportPlan(after);
      if (after.pricingKind !== before.pricingKind && priceEffectiveFrom !== undefined && priceEffectiveFrom > now) {
        throw badRequest('Switching between a fixed price and a share of spend applies at once: leave the date out.');
      }
    },
  });
}

/** Refused for the last plan on sale: every organisation has a support plan. */
export async function archiveSupportPlan(ctx: Staff, id: string) {
  return supportPlansEntity.setArchived(ctx, id, true, async (plan) => {
    const others = await ctx.db.$count(supportPlans, and(isNull(supportPlans.archivedAt), ne(supportPlans.id, id)));
    if (others === 0) throw badRequest(`${plan.name} is the last support plan on offer: create or restore another one first.`);
  });
}

export async function restoreSupportPlan(ctx: Staff, id: string) {
  return supportPlansEntity.setArchived(ctx, id, false);
}
