/**
 * Transfers recorded against invoices by their RF reference, in workerd on D1 (issue 30): the
 * ledger's INSERT … SELECT statements run in D1's batch, and receipts recorded at once add up.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { json, signedIn, type TestClient } from './client';

const BILLING = { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' };
const SUPPORT = { lines: [{ kind: 'support', planId: 'support_business' }], billing: BILLING };

interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  total_cents: number;
  received_cents: number;
  payment_reference: string;
}

/** Globex confirms a support plan for a bank transfer: its invoice, as D1 holds it. */
async function confirmedInvoice(gabriel: TestClient) {
  const placed = await json<{ id: string }>(await gabriel.post('/api/orders', SUPPORT, { 'Idempotency-Key': crypto.randomUUID() }));
  expect((await gabriel.post(`/api/orders/${placed.id}/pay`, { paymentIdempotencyKey: crypto.randomUUID(), method: { kind: 'bank_transfer' } })).status).toBe(200);
  const invoice = await env.DB.prepare('SELECT id, number, status, total_cents, received_cents, payment_reference FROM invoices WHERE order_id = ?').bind(placed.id).first<InvoiceRow>();
  return { orderId: placed.id, invoice: invoice! };
}

const invoiceRow = (id: string) => env.DB.prepare('SELECT id, number, status, total_cents, received_cents, payment_reference FROM invoices WHERE id = ?').bind(id).first<InvoiceRow>();

describe('bank transfers matched by RF reference, on D1', () => {
  it('records a partial transfer, then the rest, and pays the order once', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.221');
    const adam = await signedIn('adam', '203.0.113.222');
    const { orderId, invoice } = await confirmedInvoice(gabriel);
    expect(invoice).toMatchObject({ status: 'due', total_cents: 23_880, received_cents: 0 });
    expect(invoice.payment_reference).toMatch(/^RF\d{2}[A-Z0-9]+$/);

    const partial = await adam.post('/api/admin/invoice-transfers', { reference: invoice.payment_reference, amountCents: 10_000, bankReference: 'D1-0001' });
    expect(partial.status).toBe(200);
    expect(await json(partial)).toMatchObject({ status: 'due', receivedCents: 10_000, dueCents: 13_880 });
    // The customer's balance reads the same ledger.
    const summary = await json<{ balanceDueCents: number }>(await gabriel.get('/api/billing/summary'));
    expect(summary.balanceDueCents).toBeGreaterThanOrEqual(13_880);

    const rest = await adam.post('/api/admin/invoice-transfers', { reference: invoice.payment_reference, amountCents: 13_880, bankReference: 'D1-0002' });
    expect(await json(rest)).toMatchObject({ status: 'paid', receivedCents: 23_880, dueCents: 0, excessCents: 0 });
    expect(await env.DB.prepare(`SELECT status FROM payments WHERE order_id = ? AND provider = 'bank_transfer'`).bind(orderId).first<{ status: string }>()).toEqual({ status: 'succeeded' });
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM order_events WHERE order_id = ? AND type = 'transfer_received'`).bind(orderId).first<{ n: number }>()).toEqual({ n: 1 });
    // The same bank transfer again: 409, nothing changed.
    const again = await adam.post('/api/admin/invoice-transfers', { reference: invoice.payment_reference, amountCents: 13_880, bankReference: 'D1-0002' });
    expect(again.status).toBe(409);
    expect((await invoiceRow(invoice.id))!.received_cents).toBe(23_880);
  });

  it('adds up ten transfers recorded at once, and returns the excess once as a credit', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.223');
    const adam = await signedIn('adam', '203.0.113.224');
    const { invoice } = await confirmedInvoice(gabriel);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => adam.post('/api/admin/invoice-transfers', { reference: invoice.payment_reference, amountCents: 3_000, bankReference: `D1-PAR-${index}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', received_cents: 30_000 });
    const excess = await env.DB.prepare('SELECT sum(excess_cents) AS n FROM invoice_receipts WHERE invoice_id = ?').bind(invoice.id).first<{ n: number }>();
    expect(excess!.n).toBe(30_000 - 23_880);
    const credited = await env.DB.prepare(`SELECT sum(amount_cents) AS n FROM credits WHERE description LIKE ?`).bind(`Over-payment of invoice ${invoice.number} %`).first<{ n: number }>();
    expect(credited!.n).toBe(30_000 - 23_880);
  });
});
