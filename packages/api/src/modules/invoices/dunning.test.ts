import { invoices, notifications, organizations, paymentMethods, type Database } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { seed } from '@kubemarket/db/seed';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxPayments, type ChargeRequest, type PaymentsPort } from '../../platform/payments';
import { manualClock, memoryMailer } from '../../testing';
import { runDunning, type InvoiceDeps } from './dunning';
import { generateInvoices, payInvoice } from './service';
import { GENERATION_AT, insertCard, seedLodz } from '../../testing/invoices-fixtures';

let keys = 0;
/** Who pays from the console, with a new payment key each time. */
let lodzOwner = '';
const payer = () => ({ userId: lodzOwner, ipAddress: '203.0.113.9', idempotencyKey: `pay-key-${(keys += 1).toString().padStart(6, '0')}` });

const DAY_MS = 24 * 60 * 60_000;

/** Łódź Analityka's October invoice (7 827 cents) with a default card that is declined. */
async function setup() {
  const db = await createTestDb();
  await seed(db, 0);
  const clock = manualClock(GENERATION_AT);
  const mailer = memoryMailer();
  const sandbox = sandboxPayments({ clock });
  const charges: ChargeRequest[] = [];
  const payments: PaymentsPort = {
    ...sandbox,
    async charge(request) {
      charges.push(request);
      return sandbox.charge(request);
    },
  };
  const deps: InvoiceDeps = { db, ports: { clock, mailer, payments, realtime: { async publish() {}, async closeSessions() {} } }, appUrl: 'https://console.example.eu' };
  const lodz = await seedLodz(db);
  lodzOwner = lodz.userId;
  await db.delete(paymentMethods).where(eq(paymentMethods.organizationId, lodz.organizationId));
  const declinedCard = await insertCard(db, lodz.organizationId, '0002');
  await generateInvoices(deps, GENERATION_AT);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.organizationId, lodz.organizationId));
  return { db, deps, clock, mailer, charges, lodz, invoice: invoice!, declinedCard };
}

async function stateOf(db: Database, invoiceId: string, organizationId: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return { status: invoice!.status, failedCharges: invoice!.failedCharges, nextChargeAt: invoice!.nextChargeAt, paidAt: invoice!.paidAt, overdueSince: organization!.overdueSince };
}

const messagesOf = async (db: Database, userId: string) => (await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.timestamp))).map((row) => row.message);

describe('dunning', () => {
  it('retries a declined charge on days 3, 7 and 14, then marks the invoice and the organisation overdue; paying clears it', async () => {
    const { db, deps, clock, mailer, charges, lodz, invoice } = await setup();
    const issued = invoice.issuedAt;
    expect(charges.map((charge) => [charge.orderId, charge.amountCents, charge.idempotencyKey])).toEqual([[invoice.id, 7_827, `invoice:${invoice.id}:0`]]);
    expect(await stateOf(db, invoice.id, lodz.organizationId)).toEqual({ status: 'due', failedCharges: 1, nextChargeAt: issued + 3 * DAY_MS, paidAt: null, overdueSince: null });
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([['lodz@example.eu', `Payment failed: ${invoice.number}`]]);
    expect(await messagesOf(db, lodz.userId)).toEqual([
      `The charge of €78.27 for invoice ${invoice.number} failed: Your card was declined. We will try again on 2026-11-04; you can also pay it now from Billing in the console.`,
    ]);

    // Day 2: nothing is due yet.
    expect(await runDunning(deps, issued + 2 * DAY_MS)).toEqual({ paid: [], retryScheduled: [], overdue: [] });
    expect(charges).toHaveLength(1);

    for (const [day, next] of [
      [3, 7],
      [7, 14],
    ] as const) {
      clock.advance(issued + day * DAY_MS + 7 * 60 * 60_000 - clock.now());
      expect(await runDunning(deps, clock.now())).toEqual({ paid: [], retryScheduled: [invoice.id], overdue: [] });
      expect(await stateOf(db, invoice.id, lodz.organizationId)).toMatchObject({ status: 'due', nextChargeAt: issued + next * DAY_MS, overdueSince: null });
      // A second run the same day charges nothing more.
      expect(await runDunning(deps, clock.now())).toEqual({ paid: [], retryScheduled: [], overdue: [] });
    }
    clock.advance(issued + 14 * DAY_MS + 7 * 60 * 60_000 - clock.now());
    const overdueAt = clock.now();
    expect(await runDunning(deps, overdueAt)).toEqual({ paid: [], retryScheduled: [], overdue: [invoice.id] });
    expect(await stateOf(db, invoice.id, lodz.organizationId)).toEqual({ status: 'overdue', failedCharges: 4, nextChargeAt: null, paidAt: null, overdueSince: overdueAt });
    expect(charges.map((charge) => charge.idempotencyKey)).toEqual([0, 1, 2, 3].map((attempt) => `invoice:${invoice.id}:${attempt}`));
    expect(mailer.sent.map((mail) => mail.subject)).toEqual([...Array(3).fill(`Payment failed: ${invoice.number}`), `Invoice overdue: ${invoice.number}`]);
    const messages = await messagesOf(db, lodz.userId);
    expect(messages).toHaveLength(4);
    expect(messages[3]).toContain('The invoice is now overdue. Pay it with a card');
    expect(await runDunning(deps, overdueAt + DAY_MS)).toEqual({ paid: [], retryScheduled: [], overdue: [] });

    // Paying with a declined card changes nothing; with a good one it clears the mark.
    const card = (number: string) => ({ kind: 'card' as const, card: { number, expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Jan Kowalski' } });
    expect(await payInvoice(deps, lodz.organizationId, invoice.id, card('4000 0000 0000 9995'), payer())).toEqual({ status: 'declined', reason: 'Your card has insufficient funds.' });
    expect((await stateOf(db, invoice.id, lodz.organizationId)).overdueSince).toBe(overdueAt);
    clock.advance(DAY_MS);
    expect(await payInvoice(deps, lodz.organizationId, invoice.id, card('4242 4242 4242 4242'), payer())).toEqual({ status: 'paid' });
    expect(await stateOf(db, invoice.id, lodz.organizationId)).toEqual({ status: 'paid', failedCharges: 4, nextChargeAt: null, paidAt: clock.now(), overdueSince: null });
    await expect(payInvoice(deps, lodz.organizationId, invoice.id, card('4242 4242 4242 4242'), payer())).rejects.toThrow(/already paid/);
  });

  it('settles the invoice when a retry succeeds with the card made default since', async () => {
    const { db, deps, lodz, invoice, declinedCard } = await setup();
    await db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, declinedCard));
    const goodCard = await insertCard(db, lodz.organizationId, '4242');
    const day3 = invoice.issuedAt + 3 * DAY_MS;
    expect(await runDunning(deps, day3)).toEqual({ paid: [invoice.id], retryScheduled: [], overdue: [] });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'paid', paidAt: day3, paymentMethodId: goodCard, nextChargeAt: null });
  });

  it("refuses to pay another organisation's invoice", async () => {
    const { deps, invoice } = await setup();
    const [other] = await deps.db.select().from(organizations).limit(1);
    await expect(payInvoice(deps, other!.id, invoice.id, { kind: 'saved', paymentMethodId: 'pmt_x' }, payer())).rejects.toThrow(/No invoice has this id/);
  });

  it('charges a saved sandbox SEPA mandate by its payment method id and settles the invoice', async () => {
    const { db, deps, charges, lodz, invoice, declinedCard } = await setup();
    await db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, declinedCard));
    await db.insert(paymentMethods).values({
      id: 'pmt_lodz_sepa',
      organizationId: lodz.organizationId,
      kind: 'sepa_debit',
      provider: 'sandbox',
      providerRef: `sbx_pm_sepa_${'a'.repeat(32)}`,
      mandateRef: `sbx_mandate_${'a'.repeat(32)}`,
      bankCode: '37040044',
      last4: '3000',
      isDefault: true,
      createdAt: GENERATION_AT,
    });
    const day3 = invoice.issuedAt + 3 * DAY_MS;
    expect(await runDunning(deps, day3)).toEqual({ paid: [invoice.id], retryScheduled: [], overdue: [] });
    expect(charges.at(-1)!.method).toEqual({ kind: 'sandbox_sepa_debit', paymentMethodId: `sbx_pm_sepa_${'a'.repeat(32)}` });
  });

  it('charges a saved Stripe method off-session with its Customer, and never debits a SEPA account again while the first debit settles', async () => {
    const { db, deps, lodz, invoice, declinedCard } = await setup();
    const sent: ChargeRequest[] = [];
    deps.ports.payments = {
      ...deps.ports.payments,
      provider: 'stripe',
      async charge(request) {
        sent.push(request);
        return { status: 'processing', paymentId: 'pi_sepa_1' };
      },
    };
    await db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, declinedCard));
    await db.insert(paymentMethods).values({
      id: 'pmt_lodz_stripe_sepa',
      organizationId: lodz.organizationId,
      kind: 'sepa_debit',
      provider: 'stripe',
      providerRef: 'pm_1SepaLodz',
      customerRef: 'cus_Lodz',
      mandateRef: 'mandate_1Lodz',
      last4: '3000',
      isDefault: true,
      createdAt: GENERATION_AT,
    });
    const day3 = invoice.issuedAt + 3 * DAY_MS;
    expect(await runDunning(deps, day3)).toEqual({ paid: [], retryScheduled: [invoice.id], overdue: [] });
    expect(sent.map((request) => request.method)).toEqual([{ kind: 'stripe_payment_method', paymentMethodId: 'pm_1SepaLodz', customerRef: 'cus_Lodz' }]);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'due', nextChargeAt: null, paymentMethodId: 'pmt_lodz_stripe_sepa', dueAt: invoice.issuedAt + 30 * DAY_MS });
    // The next daily runs do not charge it again.
    expect(await runDunning(deps, invoice.issuedAt + 7 * DAY_MS)).toEqual({ paid: [], retryScheduled: [], overdue: [] });
    expect(sent).toHaveLength(1);
    await expect(payInvoice(deps, lodz.organizationId, invoice.id, { kind: 'saved', paymentMethodId: 'pmt_lodz_stripe_sepa' }, payer())).rejects.toThrow(/sent to your bank/);
  });
});
