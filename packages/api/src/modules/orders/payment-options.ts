import {
  paymentMethods,
} from '@kubemarket/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { sellerOf } from '../../context';
import {
  MIN_CHARGE_CENTS,
  SANDBOX_TEST_CARDS,
} from '../../platform/payments';
import { INVOICE_DUE_DAYS } from './fulfilment';
import { chargeableMethod } from '../invoices';
import { organizationOf } from './service';
import { type Member } from './views';

// Options

/** What the checkout offers this organisation. */
export async function paymentOptions(ctx: Member) {
  const organization = await organizationOf(ctx.db, ctx.organizationId);
  const port = ctx.ports.payments;
  const card = port.provider === 'sandbox' ? ('card' as const) : ('stripe' as const);
  // The saved cards and mandates this deployment can charge, the default first (issue 31).
  const saved = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organizationId, ctx.organizationId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  const savedMethods = saved
    .filter((method) => method.kind !== 'bank_transfer' && method.provider === port.provider && chargeableMethod(method) !== null)
    .map((method) => ({
      id: method.id,
      kind: method.kind as 'card' | 'sepa_debit',
      label: method.kind === 'card' ? `${brandName(method.brand)} ending in ${method.last4 ?? '—'}` : `SEPA direct debit, account ending in ${method.last4 ?? '—'}`,
      isDefault: method.isDefault,
    }));
  return {
    savedMethods,
    // The sandbox keeps the card entered; Stripe attaches it to the organisation's Customer as it pays.
    canSaveCards: port.provider === 'sandbox' || port.publishableKey !== undefined,
    provider: port.provider,
    testMode: port.testMode,
    methods: organization.invoicingAllowed ? [card, 'bank_transfer' as const] : [card],
    testCards: port.provider === 'sandbox' ? SANDBOX_TEST_CARDS.map((testCard) => ({ number: testCard.number, description: testCard.description })) : [],
    publishableKey: port.provider === 'stripe' ? (port.publishableKey ?? null) : null,
    minimumCardChargeCents: MIN_CHARGE_CENTS,
    invoiceDueDays: INVOICE_DUE_DAYS,
    billingProfile: organization.billingProfile,
    transferAccount: (({ legalName, iban, bic }) => ({ beneficiary: legalName, iban, bic }))(sellerOf(ctx.config)),
  };
}

function brandName(brand: string | null): string {
  if (!brand) return 'Card';
  return brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);
}
