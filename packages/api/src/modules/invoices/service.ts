/**
 * Invoices (issue 13): the monthly generation and its charge, reading an organisation's invoices,
 * paying one, and credit notes. Invoices are immutable once issued: nothing here changes an
 * invoice's lines or amounts; a correction is a credit note with its own number.
 */
import { invoicePayments, invoices, paymentMethods, type Database, type InvoicePayment, type InvoiceStatus, pageTotal, preparedOnce, totalRows } from '@kubemarket/db';
import { CONTROL_PLANE_SHARE, formatWatts, pueText, type SellerIdentity } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { type CardDetails } from '../../platform/payments';
import { chargeableMethod, claimAndCharge, markPaid, type InvoiceDeps } from './dunning';
import { invoiceCsv } from './csv';
import { meteredCarbon } from '../usage';
import { bytesToBase64 } from '../../platform/crypto';
import type { CarbonAnnex } from './pdf';
import { getInvoice, invoiceView, lineView } from './views';

// The monthly run and credit notes live in their own files so scripts (the seed) can run them without the PDF code's font.
export { generateInvoices, type GenerationRun } from './monthly-run';
export { getInvoice, invoiceView, lineView } from './views';
export { issueCreditNote } from './issue-credit-note';

export interface InvoiceListInput {
  status?: InvoiceStatus;
  year?: number;
  page: number;
  pageSize: number;
}

/**
 * The organisation's invoices and credit notes, newest first. The statement of each shape (with or
 * without the status and year filters) is built once per database handle, its values bound per
 * call (preparedOnce, ADR 44).
 */
export async function listInvoices(db: Database, organizationId: string, input: InvoiceListInput) {
  const key = `${input.status ? 1 : 0}${input.year !== undefined ? 1 : 0}`;
  const where = () =>
    and(
      eq(invoices.organizationId, sql.placeholder('organizationId')),
      input.status ? eq(invoices.status, sql.placeholder('status')) : undefined,
      ...(input.year !== undefined ? [gte(invoices.issuedAt, sql.placeholder('from')), lt(invoices.issuedAt, sql.placeholder('until'))] : []),
    );
  const year = input.year ?? 1970;
  const values = { organizationId, status: input.status, from: Date.UTC(year, 0, 1), until: Date.UTC(year + 1, 0, 1) };
  const page = preparedOnce(db, `invoices.list:${key}`, () =>
    db
      .select({ invoice: invoices, total: totalRows() })
      .from(invoices)
      .where(where())
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  );
  const offset = (input.page - 1) * input.pageSize;
  const rows = await page.all({ ...values, limit: input.pageSize, offset });
  const total = await pageTotal(rows, offset, async () => {
    const counted = preparedOnce(db, `invoices.count:${key}`, () => db.select({ value: count() }).from(invoices).where(where()).prepare());
    return (await counted.all(values))[0]?.value ?? 0;
  });
  return { items: rows.map((row) => invoiceView(row.invoice)), total, page: input.page, pageSize: input.pageSize };
}

export async function invoiceDetail(db: Database, organizationId: string | null, id: string) {
  const { invoice, lines } = await getInvoice(db, organizationId, id);
  return { ...invoiceView(invoice), lines: lines.map(lineView) };
}

export async function invoiceCsvFile(db: Database, organizationId: string | null, id: string) {
  const { invoice, lines } = await getInvoice(db, organizationId, id);
  return { filename: `${invoice.number}.csv`, csv: invoiceCsv(invoice, lines) };
}

/** The PDF (PDF/A-3 with its Factur-X XML); null organisation: staff, who open any organisation's. */
export async function invoicePdfFile(db: Database, organizationId: string | null, id: string, seller: SellerIdentity) {
  const { invoice, lines } = await getInvoice(db, organizationId, id);
  const [corrects] = invoice.correctsInvoiceId
    ? await db.select({ number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.id, invoice.correctsInvoiceId)).limit(1)
    : [];
  // A monthly invoice carries its period's estimated footprint as an annex (issue 34).
  const carbon = invoice.kind === 'invoice' && invoice.orderId === null ? await carbonAnnex(db, invoice.organizationId, invoice.periodStart, invoice.periodEnd) : null;
  // Imported by the first PDF (ADR 50): pdf-lib, fontkit and the embedded font are 2.1 MiB of the
  // Worker's bundle that every isolate would otherwise evaluate at start-up for a rare download.
  const { invoicePdf } = await import('./pdf');
  return { filename: `${invoice.number}.pdf`, pdf: bytesToBase64(await invoicePdf(invoice, lines, seller, { corrects: corrects ?? null, carbon })) };
}

/** Each cluster's node-hours, kWh and kg CO₂e over the invoiced period, and the sources of the model's figures. */
async function carbonAnnex(db: Database, organizationId: string, from: number, to: number): Promise<CarbonAnnex> {
  const metered = await meteredCarbon(db, organizationId, { from, to, groupBy: 'month' });
  const regionIds = new Set(metered.clusters.map((cluster) => cluster.regionId));
  return {
    clusters: metered.clusters.map((cluster) => ({ name: cluster.name, regionId: cluster.regionId, nodeHours: cluster.nodeHours, facilityKwh: cluster.footprint.facilityKwh, kgCo2e: cluster.footprint.kgCo2e })),
    totalKgCo2e: metered.clusters.reduce((sum, cluster) => sum + cluster.footprint.kgCo2e, 0),
    sources: [
      ...metered.model.factorRows.map((factor) => `${factor.label}: ${formatWatts(factor.milliwatts)}. ${factor.source} (${factor.year}).`),
      `Control plane: counted as ${CONTROL_PLANE_SHARE.vcpu} vCPU and ${CONTROL_PLANE_SHARE.memoryGb} GB for each hour a cluster runs, replicas included (an assumption of the model).`,
      ...[...metered.model.regions]
        .filter(([id]) => regionIds.has(id))
        .map(([id, region]) => `${region.name} (${id}): grid ${region.gridGramsPerKwh} g CO₂e/kWh, ${region.gridSource} (${region.gridYear}); PUE ${pueText(region.pueMilli)}.`),
    ],
  };
}

export type PayWith = { kind: 'saved'; paymentMethodId: string } | { kind: 'card'; card: CardDetails };

export interface InvoicePayer {
  userId: string;
  ipAddress: string | null;
  /** The client's key for this attempt: repeating it answers the same payment. */
  idempotencyKey: string;
}

const PAYMENTS_DOWN = 'Payments are unavailable right now; nothing was charged. Try again in a few minutes.';

/**
 * Pays a due or overdue invoice now; a success clears the overdue mark when nothing else is
 * overdue. Exactly once (claimAndCharge): a repeated key answers the same payment, another key
 * while one payment is under way or done is a 409, and only the claimed payment reaches the provider.
 */
export async function payInvoice(deps: InvoiceDeps, organizationId: string, id: string, payWith: PayWith, payer: InvoicePayer): Promise<{ status: 'paid' } | { status: 'declined'; reason: string }> {
  const { invoice } = await getInvoice(deps.db, organizationId, id);
  const alreadyPaid = () => new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} is already paid.` });
  const underWay = () => new TRPCError({ code: 'CONFLICT', message: `A payment of invoice ${invoice.number} is under way; wait for its outcome before paying again.` });
  const key = `pay:${payer.idempotencyKey}`;
  const [repeated] = await deps.db.select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, `invoice:${invoice.id}:${key}`)).limit(1);
  if (repeated) return answerRepeated(invoice.number, repeated);
  if (invoice.status === 'paid') throw alreadyPaid();
  if (invoice.status === 'void' || invoice.kind !== 'invoice' || invoice.totalCents <= 0) throw new TRPCError({ code: 'CONFLICT', message: `Invoice ${invoice.number} has nothing to pay.` });
  let methodId: string | null = null;
  let method;
  if (payWith.kind === 'saved') {
    const [saved] = await deps.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, payWith.paymentMethodId), eq(paymentMethods.organizationId, organizationId), isNull(paymentMethods.removedAt)))
      .limit(1);
    method = saved ? chargeableMethod(saved) : null;
    if (!saved || !method) throw new TRPCError({ code: 'NOT_FOUND', message: 'No card of your organisation has this id.' });
    methodId = saved.id;
  } else {
    method = { kind: 'sandbox_card' as const, card: payWith.card };
  }
  const result = await claimAndCharge(deps, invoice, method, { suffix: key, userId: payer.userId, ipAddress: payer.ipAddress });
  if (result.status === 'repeated') return answerRepeated(invoice.number, result.payment);
  if (result.status === 'held') {
    if (result.holding === 'succeeded') throw alreadyPaid();
    if (result.holding === 'processing') throw debitSent(invoice.number);
    throw underWay();
  }
  if (result.status === 'unavailable') throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: PAYMENTS_DOWN });
  if (result.status === 'failed') return { status: 'declined', reason: result.reason };
  if (result.status === 'pending') throw debitSent(invoice.number);
  await markPaid(deps.db, invoice, deps.ports.clock.now(), methodId);
  return { status: 'paid' };
}

function debitSent(number: string): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: `The direct debit for invoice ${number} was sent to your bank; it is paid once the bank settles it, in a few business days.` });
}

/** The answer a repeated request with the same key gets: the payment as it stands, never a second charge. */
function answerRepeated(number: string, payment: InvoicePayment): { status: 'paid' } | { status: 'declined'; reason: string } {
  switch (payment.status) {
    case 'succeeded':
      return { status: 'paid' };
    case 'declined':
      return { status: 'declined', reason: payment.failureReason ?? 'The payment was declined.' };
    case 'failed':
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: `${PAYMENTS_DOWN} Use a new payment key.` });
    case 'processing':
      throw debitSent(number);
    default:
      throw new TRPCError({ code: 'CONFLICT', message: `A payment of invoice ${number} is under way; wait for its outcome before paying again.` });
  }
}

/**
 * Corrects an issued invoice in full with a credit note (its own number, negative amounts). An
 * unpaid invoice becomes void; a paid one's taxable amount returns to the organisation as a
 * refund credit, applied to its next invoices before any charge. One credit note per invoice
 * (invoices_one_credit_note_idx): two corrections issued at once refund it once. Audited.
 */
