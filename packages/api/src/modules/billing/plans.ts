import {
  billingPlans,
  clusters,
  clusterTiers,
  newId,
  type BillingPlan,
} from '@kubemarket/db';
import { utcNextMonthStart, yearlyDiscountPercent } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import { addUtcMonths, runBatch, type Member } from './service-common';

// Plans

const PLAN_LABELS: Record<BillingPlan, string> = {
  pay_as_you_go: 'Pay as you go (monthly)',
  yearly_commitment: 'Yearly commitment',
};

export async function planRows(ctx: Member) {
  return ctx.db.select().from(billingPlans).where(eq(billingPlans.organizationId, ctx.organizationId)).orderBy(asc(billingPlans.startsAt));
}

/** The plan in effect at `now` (pay as you go when none was ever chosen) and a switch after it. */
function planState(rows: Awaited<ReturnType<typeof planRows>>, now: number) {
  const started = rows.filter((row) => row.startsAt <= now);
  const current = started.at(-1) ?? null;
  const scheduled = rows.find((row) => row.startsAt > now) ?? null;
  return { current, scheduled };
}

/**
 * When a switch takes effect: pay as you go runs by calendar month, so the next 1st (UTC); a
 * yearly commitment runs twelve months from its start, so the end of the current commitment year.
 */
function nextPeriodStart(current: { plan: BillingPlan; startsAt: number } | null, now: number): number {
  if (!current || current.plan === 'pay_as_you_go') return utcNextMonthStart(now);
  let end = addUtcMonths(current.startsAt, 12);
  while (end <= now) end = addUtcMonths(end, 12);
  return end;
}

/**
 * The yearly discount of docs/product/constants.md#currencies-and-prices, on what this organisation's live clusters cost by the
 * month and by the year (the Standard tier when it has none).
 */
async function yearlyDiscount(ctx: Member) {
  const rows = await ctx.db
    .select({ monthly: clusterTiers.monthlyPriceCents, yearly: clusterTiers.yearlyPriceCents })
    .from(clusters)
    .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
    .where(and(eq(clusters.organizationId, ctx.organizationId), notInArray(clusters.status, ['deleting', 'deleted', 'failed'])));
  let monthly = rows.reduce((total, row) => total + row.monthly, 0);
  let yearly = rows.reduce((total, row) => total + row.yearly, 0);
  if (monthly === 0) {
    const [standard] = await ctx.db.select({ monthly: clusterTiers.monthlyPriceCents, yearly: clusterTiers.yearlyPriceCents }).from(clusterTiers).where(eq(clusterTiers.id, 'tier_standard'));
    monthly = standard?.monthly ?? 0;
    yearly = standard?.yearly ?? 0;
  }
  return { percent: monthly > 0 ? yearlyDiscountPercent(monthly, yearly) : 0, monthlyCents: monthly, yearlyCents: yearly, basedOnClusters: rows.length };
}

function switchExplanation(from: BillingPlan, to: BillingPlan, effectiveAt: number, discountPercent: number): string {
  const date = new Date(effectiveAt).toISOString().slice(0, 10);
  if (to === 'yearly_commitment') {
    return `From ${date} (UTC), your cluster subscriptions are billed for twelve months at a time with ${discountPercent} % off the monthly price, and you commit to them for that year. Until then you stay on ${PLAN_LABELS[from].toLowerCase()}; usage (node-hours, storage, egress) is still billed monthly.`;
  }
  return `From ${date} (UTC), when your commitment year ends, your cluster subscriptions are billed month by month at the full monthly price, with no commitment and no yearly discount. Until then your yearly commitment continues.`;
}

export async function getPlans(ctx: Member) {
  const now = ctx.ports.clock.now();
  const [rows, discount] = await Promise.all([planRows(ctx), yearlyDiscount(ctx)]);
  const { current, scheduled } = planState(rows, now);
  const currentPlan: BillingPlan = current?.plan ?? 'pay_as_you_go';
  const effectiveAt = nextPeriodStart(current, now);
  return {
    current: { plan: currentPlan, label: PLAN_LABELS[currentPlan], since: current?.startsAt ?? null, periodEndsAt: effectiveAt },
    scheduled: scheduled ? { plan: scheduled.plan, label: PLAN_LABELS[scheduled.plan], startsAt: scheduled.startsAt } : null,
    yearlyDiscountPercent: discount.percent,
    options: (['pay_as_you_go', 'yearly_commitment'] as const).map((plan) => ({
      plan,
      label: PLAN_LABELS[plan],
      cycle: plan === 'pay_as_you_go' ? ('monthly' as const) : ('yearly' as const),
      discountPercent: plan === 'yearly_commitment' ? discount.percent : 0,
      // What the organisation's clusters' control planes cost over a year on this plan.
      exampleYearCents: plan === 'yearly_commitment' ? discount.yearlyCents : discount.monthlyCents * 12,
      current: plan === currentPlan,
      effectiveAt: plan === currentPlan ? null : effectiveAt,
      whatSwitchingMeans: plan === currentPlan ? null : switchExplanation(currentPlan, plan, effectiveAt, discount.percent),
    })),
  };
}

export async function switchPlan(ctx: Member, input: { plan: BillingPlan }) {
  const now = ctx.ports.clock.now();
  const { current, scheduled } = planState(await planRows(ctx), now);
  const currentPlan: BillingPlan = current?.plan ?? 'pay_as_you_go';
  if (input.plan === currentPlan) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: scheduled ? `You are already on ${PLAN_LABELS[currentPlan].toLowerCase()}; cancel the scheduled switch instead.` : `You are already on ${PLAN_LABELS[currentPlan].toLowerCase()}.`,
    });
  }
  if (scheduled?.plan === input.plan) return getPlans(ctx);
  const startsAt = nextPeriodStart(current, now);
  await runBatch(ctx, [
    ...(scheduled ? [ctx.db.delete(billingPlans).where(eq(billingPlans.id, scheduled.id))] : []),
    ctx.db.insert(billingPlans).values({ id: newId('billingPlan'), organizationId: ctx.organizationId, plan: input.plan, startsAt, createdBy: ctx.user.id, createdAt: now }),
    auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, action: 'billing.plan_switch_scheduled', targetType: 'organization', targetId: ctx.organizationId, ipAddress: ctx.request.ipAddress, metadata: { from: currentPlan, to: input.plan, startsAt } },
      now,
    ),
  ]);
  return getPlans(ctx);
}

export async function cancelPlanSwitch(ctx: Member) {
  const now = ctx.ports.clock.now();
  const { scheduled } = planState(await planRows(ctx), now);
  if (!scheduled) throw new TRPCError({ code: 'NOT_FOUND', message: 'No plan switch is scheduled.' });
  await ctx.db.batch([
    ctx.db.delete(billingPlans).where(eq(billingPlans.id, scheduled.id)),
    auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, action: 'billing.plan_switch_cancelled', targetType: 'organization', targetId: ctx.organizationId, ipAddress: ctx.request.ipAddress, metadata: { plan: scheduled.plan, startsAt: scheduled.startsAt } },
      now,
    ),
  ]);
  return getPlans(ctx);
}
