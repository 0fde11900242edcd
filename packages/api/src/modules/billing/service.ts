import {
  billingPlans,
  clusters,
  clusterTiers,
  creditApplications,
  credits,
  invoices,
  newId,
  organizations,
  paymentMethods,
  payments as paymentsTable,
  usageRecords,
  type BillingPlan,
  type CreditOrigin,
  type SavedPaymentMethod,
} from '@kubemarket/db';
import { monthForecast, utcMonthStart, utcNextMonthStart, yearlyDiscountPercent } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql, sum } from 'drizzle-orm';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { logError } from '../../platform/log';
import {
  declineReason,
  PaymentNotFoundError,
  PaymentUnavailableError,
  sandboxCardProblem,
  SANDBOX_TEST_CARDS,
  SEPA_MANDATE_TEXT,
  type CardDetails,
  type KeptMethod,
  type SandboxSetupDetails,
  type SetupMethodKind,
} from '../../platform/payments';
import { outstandingCents, unpaidInvoicesCents } from './credit-limit';
import type { MemberContext } from '../../trpc';

/**
 * The billing screen's data (issue 13): what the month costs so far, credits, the billing plan and
 * the saved payment methods. Money is EUR cents; usage is stored in thousandths of a cent and
 * rounded to the cent only when shown.
 */

type Member = MemberContext;

function addUtcMonths(at: number, months: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes());
}

type Statement = BatchItem<'sqlite'>;

/** Runs the statements in one batch (atomically on D1 and SQLite); there is always at least one. */
async function runBatch(ctx: Context, statements: Statement[]): Promise<void> {
  await ctx.db.batch(statements as [Statement, ...Statement[]]);
}

// ---------------------------------------------------------------------------------------------
// Summary

export const OVERDUE_ADVICE =
  'Your organisation has an overdue invoice. Pay it by adding a working card and making it the default (we charge it again right away), or by bank transfer with the RF reference printed on the invoice. Until it is paid, new orders may be refused.';

export async function getSummary(ctx: Member) {
  const now = ctx.ports.clock.now();
  const from = utcMonthStart(now);
  const until = utcNextMonthStart(now);

  const [[usage], [last], [due], [left], [organization], [checkout]] = await Promise.all([
    ctx.db
      .select({ millicents: sum(usageRecords.amountMillicents) })
      .from(usageRecords)
      .where(and(eq(usageRecords.organizationId, ctx.organizationId), gte(usageRecords.hour, from), lte(usageRecords.hour, now))),
    ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, ctx.organizationId), eq(invoices.kind, 'invoice')))
      .orderBy(desc(invoices.issuedAt))
      .limit(1),
    // The balance due is read from the one ledger the credit limit and the staff panel read (issue 30).
    ctx.db
      .select({ cents: sql<number>`${unpaidInvoicesCents(ctx.organizationId)}`, count: sql<number>`count(*)` })
      .from(invoices)
      .where(and(eq(invoices.organizationId, ctx.organizationId), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['due', 'overdue']))),
    ctx.db
      .select({ cents: sum(credits.remainingCents) })
      .from(credits)
      .where(and(eq(credits.organizationId, ctx.organizationId), or(isNull(credits.expiresAt), gt(credits.expiresAt, now)))),
    ctx.db
      .select({ overdueSince: organizations.overdueSince, invoicingAllowed: organizations.invoicingAllowed, creditLimitCents: organizations.creditLimitCents })
      .from(organizations)
      .where(eq(organizations.id, ctx.organizationId)),
    // Orders paid at checkout this month, and what was refunded (issue 31: a month of prepaid
    // orders used to read as €0.00 spent): a payment refunded keeps its row, status 'refunded'.
    ctx.db
      .select({
        paidCents: sql<number>`coalesce(sum(CASE WHEN ${paymentsTable.succeededAt} >= ${from} AND ${paymentsTable.succeededAt} <= ${now} THEN ${paymentsTable.amountCents} ELSE 0 END), 0)`,
        payments: sql<number>`coalesce(sum(CASE WHEN ${paymentsTable.succeededAt} >= ${from} AND ${paymentsTable.succeededAt} <= ${now} THEN 1 ELSE 0 END), 0)`,
        refundedCents: sql<number>`coalesce(sum(CASE WHEN ${paymentsTable.status} = 'refunded' AND ${paymentsTable.updatedAt} >= ${from} AND ${paymentsTable.updatedAt} <= ${now} THEN ${paymentsTable.amountCents} ELSE 0 END), 0)`,
      })
      .from(paymentsTable)
      .where(and(eq(paymentsTable.organizationId, ctx.organizationId), inArray(paymentsTable.status, ['succeeded', 'refunded']), gte(paymentsTable.updatedAt, from))),
  ]);

  const monthToDateMillicents = Number(usage?.millicents ?? 0);
  // The same projection as /usage's (one formula in @kubemarket/shared).
  const forecast = monthForecast(monthToDateMillicents, now);

  return {
    currency: 'EUR' as const,
    periodStart: from,
    periodEnd: until,
    monthToDateCents: forecast.monthToDateCents,
    forecastCents: forecast.forecastCents,
    checkoutThisMonth: { paidCents: Number(checkout?.paidCents ?? 0), payments: Number(checkout?.payments ?? 0), refundedCents: Number(checkout?.refundedCents ?? 0) },
    lastInvoice: last ? { id: last.id, number: last.number, status: last.status, totalCents: last.totalCents, issuedAt: last.issuedAt, dueAt: last.dueAt } : null,
    balanceDueCents: Number(due?.cents ?? 0),
    unpaidInvoices: Number(due?.count ?? 0),
    creditsLeftCents: Number(left?.cents ?? 0),
    overdue: organization?.overdueSince != null ? { since: organization.overdueSince, whatToDo: OVERDUE_ADVICE } : null,
    // What a bank-transfer confirmation is checked against (orders/credit-limit.ts), shown before it refuses.
    bankTransfer: organization?.invoicingAllowed ? { creditLimitCents: organization.creditLimitCents, outstandingCents: await outstandingCents(ctx.db, ctx.organizationId) } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Credits

export async function listCredits(ctx: Member) {
  const now = ctx.ports.clock.now();
  const rows = await ctx.db
    .select()
    .from(credits)
    .where(eq(credits.organizationId, ctx.organizationId))
    // The order they are spent in: the soonest expiring first, never-expiring last.
    .orderBy(sql`${credits.expiresAt} IS NULL`, asc(credits.expiresAt), asc(credits.createdAt));
  const applications =
    rows.length === 0
      ? []
      : await ctx.db
          .select({
            creditId: creditApplications.creditId,
            amountCents: creditApplications.amountCents,
            appliedAt: creditApplications.createdAt,
            invoiceId: invoices.id,
            invoiceNumber: invoices.number,
          })
          .from(creditApplications)
          .innerJoin(invoices, eq(invoices.id, creditApplications.invoiceId))
          .where(inArray(creditApplications.creditId, rows.map((row) => row.id)))
          .orderBy(asc(creditApplications.createdAt));

  const items = rows.map((row) => {
    const expired = row.expiresAt !== null && row.expiresAt <= now;
    return {
      id: row.id,
      origin: row.origin,
      description: row.description,
      amountCents: row.amountCents,
      remainingCents: expired ? 0 : row.remainingCents,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      status: expired ? ('expired' as const) : row.remainingCents === 0 ? ('used' as const) : ('active' as const),
      applied: applications
        .filter((application) => application.creditId === row.id)
        .map(({ creditId: _creditId, ...application }) => application),
    };
  });
  return { items, totalLeftCents: items.reduce((total, item) => total + item.remainingCents, 0) };
}

export interface GrantCreditInput {
  id: string;
  amountCents: number;
  origin: CreditOrigin;
  description: string;
  expiresAt?: number | null | undefined;
}

// ---------------------------------------------------------------------------------------------
// Plans

export const PLAN_LABELS: Record<BillingPlan, string> = {
  pay_as_you_go: 'Pay as you go (monthly)',
  yearly_commitment: 'Yearly commitment',
};

async function planRows(ctx: Member) {
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
export function nextPeriodStart(current: { plan: BillingPlan; startsAt: number } | null, now: number): number {
  if (!current || current.plan === 'pay_as_you_go') return utcNextMonthStart(now);
  let end = addUtcMonths(current.startsAt, 12);
  while (end <= now) end = addUtcMonths(end, 12);
  return end;
}

/**
 * The yearly discount of SPEC.md section 9, on what this organisation's live clusters cost by the
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

// ---------------------------------------------------------------------------------------------
// Payment methods

const METHOD_NOT_FOUND = 'This payment method does not exist.';

function methodView(row: SavedPaymentMethod) {
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
    bankCode: row.bankCode,
    mandateRef: row.mandateRef,
    isDefault: row.isDefault,
    testMode: row.provider === 'sandbox',
    createdAt: row.createdAt,
  };
}

async function activeMethods(ctx: Member) {
  return ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organizationId, ctx.organizationId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
}

export async function listPaymentMethods(ctx: Member) {
  const [rows, [organization]] = await Promise.all([
    activeMethods(ctx),
    ctx.db.select({ invoicingAllowed: organizations.invoicingAllowed }).from(organizations).where(eq(organizations.id, ctx.organizationId)),
  ]);
  const { payments } = ctx.ports;
  const sandbox = payments.provider === 'sandbox';
  // Stripe takes cards and IBANs in its own fields (Stripe.js), which need the publishable key.
  const stripe = payments.provider === 'stripe' && payments.publishableKey !== undefined;
  const invoicingAllowed = organization?.invoicingAllowed ?? false;
  return {
    items: rows.map(methodView),
    bankTransferAllowed: invoicingAllowed,
    cardForm: sandbox ? ('sandbox' as const) : stripe ? ('stripe' as const) : ('unavailable' as const),
    publishableKey: stripe ? payments.publishableKey! : null,
    sepaDebitAllowed: invoicingAllowed && (sandbox || stripe),
    sepaMandateText: SEPA_MANDATE_TEXT,
    testMode: payments.testMode,
    testCards: sandbox ? SANDBOX_TEST_CARDS.map((card) => ({ number: card.number, description: card.description })) : [],
  };
}

export type AddPaymentMethodInput = { kind: 'card'; card: CardDetails; makeDefault?: boolean | undefined } | { kind: 'bank_transfer'; makeDefault?: boolean | undefined };

/** What is kept of a card: its last four digits and its expiry (never the number). */
function keptCardFields(card: CardDetails) {
  return { last4: card.number.replace(/[\s-]/g, '').slice(-4), expMonth: card.expMonth, expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear };
}

/**
 * "Save this card for later payments" at checkout (issue 31): the card that just paid becomes a
 * payment method of the organisation (the default when it has none), unless the same card is saved
 * already. A failure here does not undo the payment: it is logged, and the card can be saved from
 * /billing.
 */
export async function keepPaidCard(ctx: Member, card: CardDetails): Promise<void> {
  const kept = keptCardFields(card);
  const [same] = await ctx.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.organizationId, ctx.organizationId),
        isNull(paymentMethods.removedAt),
        eq(paymentMethods.kind, 'card'),
        eq(paymentMethods.last4, kept.last4),
        eq(paymentMethods.expMonth, kept.expMonth),
        eq(paymentMethods.expYear, kept.expYear),
      ),
    )
    .limit(1);
  if (same) return;
  await addPaymentMethod(ctx, { kind: 'card', card }).catch((error: unknown) => logError('Keeping the card that paid an order failed', error));
}

export async function addPaymentMethod(ctx: Member, input: AddPaymentMethodInput) {
  const now = ctx.ports.clock.now();
  const existing = await activeMethods(ctx);
  let row: typeof paymentMethods.$inferInsert;
  if (input.kind === 'card') {
    if (ctx.ports.payments.provider !== 'sandbox') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Cards cannot be saved here yet with live payments; pay an order by card to use one.' });
    }
    const problem = sandboxCardProblem(input.card, now);
    if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: declineReason(problem) });
    row = {
      id: newId('paymentMethod'),
      organizationId: ctx.organizationId,
      kind: 'card',
      provider: 'sandbox',
      providerRef: `sbx_pm_${newId('paymentMethod').slice(4)}`,
      brand: 'visa',
      // Never the number itself: the last four digits are all anyone needs to recognise the card.
      ...keptCardFields(input.card),
      holderName: input.card.holderName.trim(),
      createdBy: ctx.user.id,
      createdAt: now,
    };
  } else {
    const [organization] = await ctx.db.select({ invoicingAllowed: organizations.invoicingAllowed }).from(organizations).where(eq(organizations.id, ctx.organizationId));
    if (!organization?.invoicingAllowed) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Bank transfer is available once our team allows your organisation to pay by invoice. Contact support to ask for it.' });
    }
    if (existing.some((method) => method.kind === 'bank_transfer')) throw new TRPCError({ code: 'CONFLICT', message: 'Bank transfer is already one of your payment methods.' });
    row = { id: newId('paymentMethod'), organizationId: ctx.organizationId, kind: 'bank_transfer', provider: 'bank', createdBy: ctx.user.id, createdAt: now };
  }
  const becomesDefault = existing.length === 0 || input.makeDefault === true;
  const previousDefault = existing.find((method) => method.isDefault);
  await runBatch(ctx, [
    // The old default goes first: the partial unique index allows one default at a time.
    ...(becomesDefault && previousDefault ? [ctx.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, previousDefault.id))] : []),
    ctx.db.insert(paymentMethods).values({ ...row, isDefault: becomesDefault }),
    auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, action: 'billing.payment_method_added', targetType: 'payment_method', targetId: row.id, ipAddress: ctx.request.ipAddress, metadata: { kind: row.kind, last4: row.last4 ?? null, isDefault: becomesDefault } },
      now,
    ),
  ]);
  const [saved] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, row.id));
  return methodView(saved!);
}

async function methodOf(ctx: Member, id: string) {
  const [row] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.organizationId, ctx.organizationId), isNull(paymentMethods.removedAt)));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: METHOD_NOT_FOUND });
  return row;
}

export async function setDefaultPaymentMethod(ctx: Member, id: string) {
  const now = ctx.ports.clock.now();
  const method = await methodOf(ctx, id);
  if (!method.isDefault) {
    await ctx.db.batch([
      ctx.db
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.organizationId, ctx.organizationId), eq(paymentMethods.isDefault, true))),
      ctx.db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, method.id)),
      auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'billing.payment_method_default', targetType: 'payment_method', targetId: method.id, ipAddress: ctx.request.ipAddress }, now),
    ]);
  }
  return methodView((await methodOf(ctx, id)));
}

export async function removePaymentMethod(ctx: Member, id: string) {
  const now = ctx.ports.clock.now();
  const method = await methodOf(ctx, id);
  const others = (await activeMethods(ctx)).filter((candidate) => candidate.id !== method.id);
  if (others.length === 0) {
    const unpaid = await ctx.db
      .select({ number: invoices.number, status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.organizationId, ctx.organizationId), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['due', 'overdue'])))
      .orderBy(asc(invoices.issuedAt));
    if (unpaid.length > 0) {
      const first = unpaid[0]!;
      throw new TRPCError({
        code: 'PRECONDITION_FAILED',
        message: `This is your only payment method and invoice ${first.number} is ${first.status}. Add another payment method first, then remove this one.`,
      });
    }
  }
  // The default passes to the oldest remaining method, so invoices always have one to charge.
  const heir = method.isDefault ? others[0] : undefined;
  await ctx.db.batch([
    ctx.db.update(paymentMethods).set({ isDefault: false, removedAt: now }).where(eq(paymentMethods.id, method.id)),
    ...(heir ? [ctx.db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, heir.id))] : []),
    auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, action: 'billing.payment_method_removed', targetType: 'payment_method', targetId: method.id, ipAddress: ctx.request.ipAddress, metadata: { kind: method.kind, last4: method.last4, newDefault: heir?.id ?? null } },
      now,
    ),
  ]);
  return { id: method.id, removed: true as const, newDefaultId: heir?.id ?? null };
}

// ---------------------------------------------------------------------------------------------
// Saving a method through the payments port (Stripe SetupIntent, or the sandbox's equivalent)

const SETUP_NOT_FOUND = 'This payment method setup does not exist; start again.';

/**
 * A debit can be reversed by the payer's bank for eight weeks (thirteen if unauthorised), so the
 * money is not ours until then: the same trust as paying by invoice, which staff grant per
 * organisation. Others save cards only.
 */
async function setupKinds(ctx: Member): Promise<SetupMethodKind[]> {
  const [organization] = await ctx.db.select({ invoicingAllowed: organizations.invoicingAllowed }).from(organizations).where(eq(organizations.id, ctx.organizationId));
  return organization?.invoicingAllowed ? ['card', 'sepa_debit'] : ['card'];
}

const SEPA_NOT_ALLOWED = 'SEPA direct debit is available once our team allows your organisation to pay by invoice. Contact support to ask for it.';

function unavailable(error: PaymentUnavailableError): TRPCError {
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: error.message, cause: error });
}

/** The organisation's Stripe Customer, from any method it ever saved with Stripe (a removed one too). */
export async function knownStripeCustomer(ctx: Member): Promise<string | null> {
  const [known] = await ctx.db
    .select({ customerRef: paymentMethods.customerRef })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organizationId, ctx.organizationId), eq(paymentMethods.provider, 'stripe'), isNotNull(paymentMethods.customerRef)))
    .orderBy(asc(paymentMethods.createdAt))
    .limit(1);
  return known?.customerRef ?? null;
}

export async function startPaymentMethodSetup(ctx: Member, input: { kind: SetupMethodKind }) {
  const { payments } = ctx.ports;
  if (payments.provider === 'stripe' && payments.publishableKey === undefined) {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Payment methods cannot be saved right now. Contact support.' });
  }
  const kinds = await setupKinds(ctx);
  if (!kinds.includes(input.kind)) throw new TRPCError({ code: 'FORBIDDEN', message: SEPA_NOT_ALLOWED });
  const customerRef = await knownStripeCustomer(ctx);
  try {
    const start = await payments.createSetup({
      organizationId: ctx.organizationId,
      ...(customerRef ? { customerRef } : {}),
      // Each press of "save" is one setup; the key only guards the provider's own retry.
      idempotencyKey: `payment-method-setup:${newId('paymentMethod')}`,
      methodTypes: [input.kind],
      customerEmail: ctx.user.email,
    });
    return {
      setupId: start.setupId,
      kind: input.kind,
      provider: payments.provider,
      clientSecret: start.clientSecret,
      publishableKey: payments.provider === 'stripe' ? (payments.publishableKey ?? null) : null,
      mandateText: input.kind === 'sepa_debit' ? SEPA_MANDATE_TEXT : null,
    };
  } catch (error) {
    if (error instanceof PaymentUnavailableError) throw unavailable(error);
    throw error;
  }
}

export interface ConfirmSetupInput {
  setupId: string;
  makeDefault?: boolean | undefined;
  details?: SandboxSetupDetails | undefined;
}

export async function confirmPaymentMethodSetup(ctx: Member, input: ConfirmSetupInput) {
  const { payments } = ctx.ports;
  if (payments.provider === 'stripe' && input.details) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Card and bank details go to Stripe in its own fields, not to us.' });
  }
  if (payments.provider === 'sandbox' && !input.details) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Enter the card or bank account to save.' });
  const kinds = await setupKinds(ctx);
  if (input.details?.kind === 'sepa_debit' && !kinds.includes('sepa_debit')) throw new TRPCError({ code: 'FORBIDDEN', message: SEPA_NOT_ALLOWED });

  let outcome;
  try {
    outcome = await payments.confirmSetup({ setupId: input.setupId, organizationId: ctx.organizationId, ...(input.details ? { details: input.details } : {}) });
  } catch (error) {
    if (error instanceof PaymentNotFoundError) throw new TRPCError({ code: 'NOT_FOUND', message: SETUP_NOT_FOUND });
    if (error instanceof PaymentUnavailableError) throw unavailable(error);
    throw error;
  }
  switch (outcome.status) {
    case 'failed':
      throw new TRPCError({ code: 'BAD_REQUEST', message: outcome.reason });
    case 'requires_action':
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'The payment method is not confirmed yet: complete the step your bank asks for, then save again.' });
    case 'processing':
      throw new TRPCError({ code: 'CONFLICT', message: 'Your bank is still confirming the payment method. Save again in a minute.' });
    case 'succeeded':
      break;
  }
  // Staff may have withdrawn invoicing while the browser step ran.
  if (!kinds.includes(outcome.method.kind)) throw new TRPCError({ code: 'FORBIDDEN', message: SEPA_NOT_ALLOWED });
  return storeSavedMethod(ctx, { customerRef: outcome.customerRef, method: outcome.method }, input.makeDefault === true);
}

/**
 * A card Stripe attached to the organisation's Customer when it paid an order at checkout with
 * "save this card" (issue 31): kept like a card saved from /billing, once. A failure is logged:
 * the order is paid either way.
 */
export async function keepKeptMethod(ctx: Member, kept: KeptMethod): Promise<void> {
  await storeSavedMethod(ctx, kept, false).catch((error: unknown) => logError('Keeping the card that paid an order failed', error));
}

/** Stores a method the provider saved, once (a retried confirmation finds it), default if first. */
async function storeSavedMethod(ctx: Member, saved: KeptMethod, makeDefault: boolean) {
  const { payments } = ctx.ports;
  const { method } = saved;
  const now = ctx.ports.clock.now();
  const existing = await activeMethods(ctx);
  // Confirming twice (a retried request, a double click) saves the method once.
  const same = existing.find((row) => row.provider === payments.provider && row.providerRef === method.providerRef);
  if (same) return methodView(same);
  const row: typeof paymentMethods.$inferInsert = {
    id: newId('paymentMethod'),
    organizationId: ctx.organizationId,
    kind: method.kind,
    provider: payments.provider,
    providerRef: method.providerRef,
    customerRef: saved.customerRef,
    holderName: method.holderName,
    last4: method.last4,
    createdBy: ctx.user.id,
    createdAt: now,
    ...(method.kind === 'card'
      ? { brand: method.brand, expMonth: method.expMonth, expYear: method.expYear }
      : { bankCode: method.bankCode, mandateRef: method.mandateRef }),
  };
  const becomesDefault = existing.length === 0 || makeDefault;
  const previousDefault = existing.find((candidate) => candidate.isDefault);
  await runBatch(ctx, [
    // The old default goes first: the partial unique index allows one default at a time.
    ...(becomesDefault && previousDefault ? [ctx.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, previousDefault.id))] : []),
    ctx.db.insert(paymentMethods).values({ ...row, isDefault: becomesDefault }),
    auditInsert(
      ctx.db,
      {
        actorUserId: ctx.user.id,
        action: 'billing.payment_method_added',
        targetType: 'payment_method',
        targetId: row.id,
        ipAddress: ctx.request.ipAddress,
        metadata: { kind: row.kind, last4: row.last4 ?? null, isDefault: becomesDefault, provider: row.provider, mandateRef: row.mandateRef ?? null },
      },
      now,
    ),
  ]);
  const [stored] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, row.id));
  return methodView(stored!);
}
