import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../src/index';
import { CRONS } from '../src/scheduled';
import { json, TestClient, uniqueUser } from './client';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const GENERATION_AT = Date.UTC(2026, 10, 1, 2);

async function runCron(cron: string, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * A registered organisation that used one control plane for October's first 100 hours at €0.90
 * an hour (9 000 cents, no advance: its order was free), billed in France (20 % VAT), with a
 * default sandbox card that is declined.
 */
async function meteredOrganisation() {
  const client = await new TestClient(`192.0.2.${Math.floor(Math.random() * 200) + 20}`).prime();
  const user = uniqueUser('inv');
  expect((await client.post('/api/register', user)).status).toBe(200);
  const row = await env.DB.prepare('SELECT id, organization_id FROM users WHERE email = ?').bind(user.email).first<{ id: string; organization_id: string }>();
  const organizationId = row!.organization_id;
  const orderId = `ord_inv_${organizationId}`;
  const billing = { companyName: 'Łódź Analityka Sp. z o.o.', billingId: 'KM-TEST', vatNumber: null, countryCode: 'FR', addressLine1: '1 rue de Rivoli', addressLine2: null, postalCode: '75001', city: 'Paris' };
  await env.DB.prepare(
    `INSERT INTO orders (id, organization_id, user_id, kind, status, total_cents, idempotency_key, created_at, payment_method, billing, paid_at)
     VALUES (?, ?, ?, 'cluster', 'completed', 0, ?, ?, 'none', ?, ?)`,
  )
    .bind(orderId, organizationId, row!.id, `${organizationId}:inv`, Date.UTC(2026, 8, 1), JSON.stringify(billing), Date.UTC(2026, 8, 1))
    .run();
  const statements = Array.from({ length: 100 }, (_, index) => {
    const hour = Date.UTC(2026, 9, 1) + index * HOUR_MS;
    return env.DB.prepare(
      `INSERT INTO usage_records (id, organization_id, subject_id, cluster_id, hour, kind, resource_id, quantity_milli, unit_price_millicents, amount_millicents, order_id, created_at)
       VALUES (?, ?, ?, NULL, ?, 'control_plane', 'tier_economy', 1000, 90000, 90000, ?, ?)`,
    ).bind(`use_inv_${organizationId}_${index}`, organizationId, `clu_inv_${organizationId}`, hour, orderId, hour + HOUR_MS);
  });
  await env.DB.batch(statements);
  const cardId = `pmt_inv_${organizationId}`;
  await env.DB.prepare(
    `INSERT INTO payment_methods (id, organization_id, kind, provider, provider_ref, brand, last4, exp_month, exp_year, holder_name, is_default, created_at)
     VALUES (?, ?, 'card', 'sandbox', 'sbx_pm_test', 'visa', '0002', 12, 2030, 'Test Holder', 1, ?)`,
  )
    .bind(cardId, organizationId, Date.UTC(2026, 8, 1))
    .run();
  return { client, organizationId, cardId };
}

interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  total_cents: number;
  tax_cents: number;
  failed_charges: number;
  next_charge_at: number | null;
}

const invoicesOf = async (organizationId: string) =>
  (await env.DB.prepare('SELECT id, number, status, total_cents, tax_cents, failed_charges, next_charge_at FROM invoices WHERE organization_id = ?').bind(organizationId).all<InvoiceRow>()).results;

describe('monthly invoices and dunning on D1', () => {
  it('issues the month once from the cron, retries the declined card on day 3 and settles it on day 7; REST serves the list, the CSV and the PDF', async () => {
    const { client, organizationId, cardId } = await meteredOrganisation();

    await runCron(CRONS.invoices, GENERATION_AT);
    const [invoice, ...others] = await invoicesOf(organizationId);
    expect(others).toEqual([]);
    // 100 h × €0.90 = 9 000; VAT 20 % = 1 800.
    expect(invoice).toMatchObject({ status: 'due', total_cents: 10_800, tax_cents: 1_800, failed_charges: 1, next_charge_at: GENERATION_AT + 3 * DAY_MS });
    expect(invoice!.number).toMatch(/^KM-2026-\d{6}$/);
    const sequence = async () => (await env.DB.prepare('SELECT last_number FROM invoice_sequences WHERE year = 2026').first<{ last_number: number }>())!.last_number;
    // The cron invoices every organisation with something to bill, in no set order: the sequence
    // holds the highest number issued this year, and the numbers issued have no gap.
    const numbered = await sequence();
    const issued = (await env.DB.prepare("SELECT number FROM invoices WHERE number LIKE 'KM-2026-%'").all<{ number: string }>()).results.map((row) => Number(row.number.slice(-6)));
    expect(issued.sort((a, b) => a - b)).toEqual(Array.from({ length: numbered }, (_, index) => index + 1));
    expect(issued).toContain(Number(invoice!.number.slice(-6)));

    await runCron(CRONS.invoices, GENERATION_AT + HOUR_MS);
    expect(await invoicesOf(organizationId)).toEqual([invoice]);
    expect(await sequence()).toBe(numbered);

    await runCron(CRONS.dunning, GENERATION_AT + 3 * DAY_MS + 6 * HOUR_MS);
    expect((await invoicesOf(organizationId))[0]).toMatchObject({ status: 'due', failed_charges: 2, next_charge_at: GENERATION_AT + 7 * DAY_MS });

    await env.DB.prepare("UPDATE payment_methods SET last4 = '4242' WHERE id = ?").bind(cardId).run();
    await runCron(CRONS.dunning, GENERATION_AT + 7 * DAY_MS + 6 * HOUR_MS);
    expect((await invoicesOf(organizationId))[0]).toMatchObject({ status: 'paid', failed_charges: 2, next_charge_at: null });

    const list = await client.get('/api/billing/invoices?status=paid&year=2026');
    expect(list.status).toBe(200);
    const page = await json<{ items: Array<{ id: string; number: string }>; total: number }>(list);
    expect(page).toMatchObject({ total: 1, items: [{ id: invoice!.id, number: invoice!.number }] });
    expect((await json<{ total: number }>(await client.get('/api/billing/invoices?status=overdue'))).total).toBe(0);

    const csv = await client.get(`/api/billing/invoices/${invoice!.id}/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="${invoice!.number}.csv"`);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('invoice,position,kind,description,quantity,unit_price_eur,amount_eur,cluster_id,order_id');
    // The amount is the third field from the end (descriptions, quoted, may hold commas).
    expect(rows.slice(1).map((line) => line.split(',').at(-3))).toEqual(['90.00', '18.00']);
    expect((await client.get('/api/billing/invoices/inv_not_ours/csv')).status).toBe(404);

    const pdf = await client.get(`/api/billing/invoices/${invoice!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    // Bytes, not base64 text: the embedded font subset is binary (and the file ends with %%EOF).
    expect(bytes.some((byte) => byte > 0x7f)).toBe(true);
    expect(new TextDecoder().decode(bytes.subarray(-8))).toContain('%%EOF');
    expect((await client.get('/api/billing/invoices/inv_not_ours/pdf')).status).toBe(404);
  });
});
