import { credits, invoiceReceipts, invoices, orderEvents, payments, webhookDeliveries } from '@kubemarket/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, memoryMailer, refusal, sessionUserOf } from '../../testing';
import { isCreditorReference, printedReference } from '../invoices';

const NOW = Date.UTC(2026, 11, 6, 10);
const GLOBEX = 'org_demo_globex';

async function setup() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW), mailer: memoryMailer() } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const gabriel = await as('gabriel');
  const adam = await as('adam');
  let keys = 0;
  /** Globex orders a support plan and confirms it for a bank transfer: its invoice is issued, due. */
  const confirmed = async () => {
    keys += 1;
    const placed = await gabriel.orders.create({
      idempotencyKey: `receipt-order-${keys}`,
      lines: [{ kind: 'support', planId: 'support_business' }],
      billing: { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' },
    });
    const paid = await gabriel.orders.pay({ id: placed.id, paymentIdempotencyKey: `receipt-pay-${keys}`, method: { kind: 'bank_transfer' } });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    return { orderId: placed.id, paymentId: paid.paymentId, invoice: invoice! };
  };
  return { db, gabriel, adam, confirmed, as };
}

describe('bank transfers matched by RF reference (issue 30)', () => {
  it('leaves the right balance everywhere after a partial transfer, and pays the order once the rest arrives', async () => {
    const { db, gabriel, adam, confirmed } = await setup();
    const before = await gabriel.billing.summary();
    const { invoice, orderId, paymentId } = await confirmed();
    expect(invoice).toMatchObject({ status: 'due', totalCents: 23_880, receivedCents: 0 });
    expect(invoice.taxCents).toBe(3_980);

    // €100 of €238.80 arrives, the reference typed as printed (grouped by four, lower case).
    const partial = await adam.staffOrganizations.recordInvoiceTransfer({ reference: printedReference(invoice.paymentReference!).toLowerCase(), amountCents: 10_000, bankReference: 'BNP-0001' });
    expect(partial).toMatchObject({ number: invoice.number, status: 'due', receivedCents: 10_000, dueCents: 13_880, excessCents: 0 });
    // The same figure everywhere: the invoice, the customer's balance, the credit limit, the staff page.
    expect(await gabriel.invoices.get({ id: invoice.id })).toMatchObject({ status: 'due', receivedCents: 10_000, totalCents: 23_880 });
    expect((await gabriel.billing.summary()).balanceDueCents - before.balanceDueCents).toBe(13_880);
    expect(partial.outstandingCents - (await adam.staffOrganizations.get({ id: GLOBEX })).outstandingCents).toBe(0);
    expect((await gabriel.billing.summary()).bankTransfer!.outstandingCents).toBe(partial.outstandingCents);
    // Not paid yet: the order's transfer is still awaited.
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe('processing');

    // The rest arrives: the invoice is paid on that day, the order's payment succeeds, its timeline says so.
    const rest = await adam.staffOrganizations.recordInvoiceTransfer({ reference: invoice.paymentReference!, amountCents: 13_880, bankReference: 'BNP-0002', receivedOn: '2026-12-06' });
    expect(rest).toMatchObject({ status: 'paid', receivedCents: 23_880, dueCents: 0, excessCents: 0 });
    expect((await db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]).toMatchObject({ status: 'paid', paidAt: Date.UTC(2026, 11, 6) });
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: 'succeeded', transferReference: 'BNP-0002' });
    expect((await db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'transfer_received')))).map((event) => event.message)).toEqual([
      `Bank transfer received on 2026-12-06 (reference BNP-0002); invoice ${invoice.number} is paid.`,
    ]);
    expect((await gabriel.billing.summary()).balanceDueCents).toBe(before.balanceDueCents);
    // The old per-payment recording now finds the transfer already received.
    await expect(adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId, reference: 'BNP-0002' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('tells webhooks the order is paid when its transfer arrives, by RF reference or by payment, once (order.paid)', async () => {
    const { db, gabriel, adam, confirmed } = await setup();
    await gabriel.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['order.paid'] });
    const paidEvents = () => db.select({ eventId: webhookDeliveries.eventId, payload: webhookDeliveries.payload }).from(webhookDeliveries).where(and(eq(webhookDeliveries.organizationId, GLOBEX), eq(webhookDeliveries.eventType, 'order.paid')));
    const byReference = await confirmed();
    // Confirmed for a transfer is not paid: nothing yet.
    expect(await paidEvents()).toEqual([]);
    await adam.staffOrganizations.recordInvoiceTransfer({ reference: byReference.invoice.paymentReference!, amountCents: 23_880, bankReference: 'BNP-0100' });
    const byPayment = await confirmed();
    await adam.staffOrganizations.recordBankTransfer({ organizationId: GLOBEX, paymentId: byPayment.paymentId, reference: 'BNP-0101' });
    // A second transfer on the paid invoice (an excess) tells nothing new.
    await adam.staffOrganizations.recordInvoiceTransfer({ reference: byReference.invoice.paymentReference!, amountCents: 1_000, bankReference: 'BNP-0102' });
    const events = await paidEvents();
    expect(events.map((event) => event.eventId).sort()).toEqual([`order.paid:${byReference.orderId}`, `order.paid:${byPayment.orderId}`].sort());
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ type: 'order.paid', data: { paymentMethod: 'bank_transfer', totalCents: 23_880, currency: 'EUR' } });
  });

  it('returns what a transfer pays beyond the invoice as a credit, and records the same transfer once', async () => {
    const { db, adam, confirmed } = await setup();
    const { invoice } = await confirmed();
    const over = await adam.staffOrganizations.recordInvoiceTransfer({ reference: invoice.paymentReference!, amountCents: 25_000, bankReference: 'SG-77' });
    expect(over).toMatchObject({ status: 'paid', receivedCents: 25_000, dueCents: 0, excessCents: 1_120 });
    const [credit] = await db.select().from(credits).where(and(eq(credits.organizationId, GLOBEX), eq(credits.origin, 'refund')));
    expect(credit).toMatchObject({ amountCents: 1_120, remainingCents: 1_120, description: `Over-payment of invoice ${invoice.number} (transfer SG-77)` });

    const again = await refusal(adam.staffOrganizations.recordInvoiceTransfer({ reference: invoice.paymentReference!, amountCents: 25_000, bankReference: 'SG-77' }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: `The transfer SG-77 was already recorded for invoice ${invoice.number}. Nothing was changed.` });
    expect(await db.$count(invoiceReceipts, eq(invoiceReceipts.invoiceId, invoice.id))).toBe(1);
    expect((await db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.receivedCents).toBe(25_000);
  });

  it('adds up transfers recorded at once exactly, the excess counted once', async () => {
    const { db, adam, confirmed } = await setup();
    const { invoice } = await confirmed();
    // Ten transfers of €30 recorded at once against €238.80: €300 received, €61.20 beyond it.
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => adam.staffOrganizations.recordInvoiceTransfer({ reference: invoice.paymentReference!, amountCents: 3_000, bankReference: `PAR-${index}` })),
    );
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ receivedCents: 30_000, status: 'paid' });
    const receipts = await db.select().from(invoiceReceipts).where(eq(invoiceReceipts.invoiceId, invoice.id));
    expect(receipts.reduce((sum, receipt) => sum + receipt.excessCents, 0)).toBe(30_000 - 23_880);
    const refunds = await db.select().from(credits).where(and(eq(credits.organizationId, GLOBEX), eq(credits.origin, 'refund')));
    expect(refunds.reduce((sum, credit) => sum + credit.amountCents, 0)).toBe(30_000 - 23_880);
  });

  it('refuses a mistyped or unknown reference, a future date, and anyone but an administrator', async () => {
    const { adam, confirmed, as } = await setup();
    const { invoice } = await confirmed();
    // A slip in the last character that the check digits catch: mod 97 lets about one slip in 97
    // through (the reference follows the invoice's random id), so take one it does not.
    const reference = invoice.paymentReference!;
    const typo = ['A', 'B', 'C', 'D'].map((last) => reference.slice(0, -1) + last).find((candidate) => candidate !== reference && !isCreditorReference(candidate))!;
    expect(await refusal(adam.staffOrganizations.recordInvoiceTransfer({ reference: typo, amountCents: 100, bankReference: 'X' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('is not a valid RF reference (its check digits do not match)'),
    });
    expect(await refusal(adam.staffOrganizations.recordInvoiceTransfer({ reference: 'RF18 5390 0754 7034', amountCents: 100, bankReference: 'X' }))).toMatchObject({ code: 'NOT_FOUND', message: 'No invoice has the reference RF18 5390 0754 7034.' });
    expect(await refusal(adam.staffOrganizations.recordInvoiceTransfer({ reference: invoice.paymentReference!, amountCents: 100, bankReference: 'X', receivedOn: '2027-01-01' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'receivedOn: The date received cannot be in the future.' });
    expect(await refusal((await as('olivia')).staffOrganizations.recordInvoiceTransfer({ reference: invoice.paymentReference!, amountCents: 100, bankReference: 'X' }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});
