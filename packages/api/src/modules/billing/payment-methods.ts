import {
  invoices,
  newId,
  organizations,
  paymentMethods,
  type SavedPaymentMethod,
} from '@kubemarket/db';
import { pick } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
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
import { runBatch, type Member } from './service-common';

// Payment methods

const METHOD_NOT_FOUND = 'This payment method does not exist.';

function methodView(row: SavedPaymentMethod) {
  return {
    ...pick(row, ['id', 'kind', 'provider', 'brand', 'last4', 'expMonth', 'expYear', 'holderName', 'bankCode', 'mandateRef', 'isDefault']),
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

type AddPaymentMethodInput = { kind: 'card'; card: CardDetails; makeDefault?: boolean | undefined } | { kind: 'bank_transfer'; makeDefault?: boolean | undefined };

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
  return insertMethod(ctx, existing, row, input.makeDefault === true, now);
}

/**
 * Saves a new payment method, the default when it is the first or when asked (the old default
 * gives way in the same batch), audited with its kind, last four digits, whether it is the default
 * and `details`. Answers it as the API shows it.
 */
async function insertMethod(ctx: Member, existing: SavedPaymentMethod[], row: typeof paymentMethods.$inferInsert, makeDefault: boolean, now: number, details: Record<string, unknown> = {}) {
  const becomesDefault = existing.length === 0 || makeDefault;
  const previousDefault = existing.find((method) => method.isDefault);
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
        metadata: { kind: row.kind, last4: row.last4 ?? null, isDefault: becomesDefault, ...details },
      },
      now,
    ),
  ]);
  const [saved] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, row.id));
  return methodView(saved!);
}

export async function methodOf(ctx: Member, id: string) {
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

export function unavailable(error: PaymentUnavailableError): TRPCError {
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

interface ConfirmSetupInput {
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
  return insertMethod(ctx, existing, row, makeDefault, now, { provider: row.provider, mandateRef: row.mandateRef ?? null });
}
