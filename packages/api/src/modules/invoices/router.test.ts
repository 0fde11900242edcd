import { auditLog, creditNoteRequests, credits, invoices } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { generateInvoices } from './service';
import { GENERATION_AT, insertCard, seedGlobex, seedLodz } from '../../testing/invoices-fixtures';

const DAY_MS = 24 * 60 * 60_000;

async function setup() {
  const clock = manualClock(GENERATION_AT);
  const mailer = memoryMailer();
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer } });
  const lodz = await seedLodz(db);
  const globex = await seedGlobex(db);
  const deps = { db, ports: ctx.ports, appUrl: 'https://console.example.eu' };
  await generateInvoices(deps, GENERATION_AT);
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  return { ctx, db, clock, deps, lodz, globex, as };
}

describe('invoices router', () => {
  it('lists the organisation’s invoices with filters and server pagination, and shows one with its lines', async () => {
    const { db, lodz, as } = await setup();
    // Older invoices of Łódź, as if issued in earlier months (status due, one overdue).
    const [october] = await db.select().from(invoices).where(eq(invoices.organizationId, lodz.organizationId));
    const copies = [1, 2, 3].map((monthsBack) => ({
      ...october!,
      id: `inv_older_${monthsBack}`,
      number: `KM-2025-00000${monthsBack}`,
      periodStart: Date.UTC(2025, 9 - monthsBack, 1),
      periodEnd: Date.UTC(2025, 10 - monthsBack, 1),
      issuedAt: Date.UTC(2025, 10 - monthsBack, 1, 2),
      status: monthsBack === 1 ? ('overdue' as const) : ('paid' as const),
      paymentReference: null,
    }));
    await db.insert(invoices).values(copies);

    const lodzCaller = await as('lodz');
    const firstPage = await lodzCaller.invoices.list({ page: 1, pageSize: 2 });
    expect(firstPage.total).toBe(4);
    expect(firstPage.items.map((item) => item.id)).toEqual([october!.id, 'inv_older_1']);
    const secondPage = await lodzCaller.invoices.list({ page: 2, pageSize: 2 });
    expect(secondPage.items.map((item) => item.id)).toEqual(['inv_older_2', 'inv_older_3']);
    expect((await lodzCaller.invoices.list({ page: 1, pageSize: 20, status: 'overdue' })).items.map((item) => item.id)).toEqual(['inv_older_1']);
    expect((await lodzCaller.invoices.list({ page: 1, pageSize: 20, year: 2025 })).total).toBe(3);
    expect((await lodzCaller.invoices.list({ page: 1, pageSize: 20, year: 2026, status: 'paid' })).items.map((item) => item.number)).toEqual([october!.number]);

    const detail = await lodzCaller.invoices.get({ id: october!.id });
    expect(detail).toMatchObject({ number: october!.number, totalCents: 7_827, reverseCharge: true, status: 'paid' });
    expect(detail.lines).toHaveLength(14);
    expect(detail.lines[0]).toMatchObject({ position: 0, kind: 'usage', description: 'analytics · Control plane, Economy (Green) tier (hours)', amountCents: 7_440 });

    const csv = await lodzCaller.invoices.csv({ id: october!.id });
    expect(csv.filename).toBe(`${october!.number}.csv`);
    const amounts = csv.csv.trim().split('\r\n').slice(1).map((row) => Math.round(Number(row.split(',').at(-3)) * 100));
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(7_827);

    // Another organisation's invoice does not exist for Globex.
    const globexCaller = await as('globex');
    await expect(globexCaller.invoices.get({ id: october!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await globexCaller.invoices.list({ page: 1, pageSize: 20 })).items.every((item) => item.billing.companyName === 'Globex Logistique SAS')).toBe(true);
  });

  it('pays a due invoice with a saved card', async () => {
    const { db, globex, as } = await setup();
    const [invoice] = await db.select().from(invoices).where(eq(invoices.organizationId, globex.organizationId));
    expect(invoice!.status).toBe('due');
    const card = await insertCard(db, globex.organizationId, '4242', false);
    const caller = await as('globex');
    expect(await caller.invoices.pay({ id: invoice!.id, paymentIdempotencyKey: 'pay-invoice-0001', method: { kind: 'saved', paymentMethodId: card } })).toEqual({ status: 'paid' });
    expect((await caller.invoices.get({ id: invoice!.id })).status).toBe('paid');
  });

  it('corrects an invoice only with a credit note: an unpaid one becomes void, a paid one returns as a refund credit', async () => {
    const { db, clock, lodz, globex, as } = await setup();
    const [paid] = await db.select().from(invoices).where(eq(invoices.organizationId, lodz.organizationId));
    const [due] = await db.select().from(invoices).where(eq(invoices.organizationId, globex.organizationId));
    clock.advance(DAY_MS);
    const highest = Math.max(...(await db.select({ number: invoices.number }).from(invoices)).map((row) => Number(row.number.slice(-6))));
    const staff = await as('adam');
    // Two corrections at once (a double click): one credit note, the other refused.
    const both = await Promise.allSettled([staff.invoices.creditNote({ id: due!.id, reason: 'Wrong address' }), staff.invoices.creditNote({ id: due!.id, reason: 'Wrong address' })]);
    expect(both.filter((answer) => answer.status === 'rejected').map((answer) => (answer as PromiseRejectedResult).reason)).toEqual([
      expect.objectContaining({ code: 'CONFLICT', message: `Invoice ${due!.number} already has a credit note.` }),
    ]);
    const issued = both.find((answer) => answer.status === 'fulfilled')!.value;
    expect(issued).toMatchObject({ status: 'issued', request: null });
    const note = issued.creditNote!;
    expect(note).toMatchObject({ kind: 'credit_note', correctsInvoiceId: due!.id, totalCents: -due!.totalCents, taxCents: -due!.taxCents, status: 'paid' });
    // Credit notes are numbered in their own gap-free series (issue 30): the year's first, and the invoices' series is untouched.
    expect(note.number).toBe(`KM-CN-${new Date(note.issuedAt).getUTCFullYear()}-000001`);
    expect(Math.max(...(await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, 'invoice'))).map((row) => Number(row.number.slice(-6))))).toBe(highest);
    expect((await db.select().from(invoices).where(eq(invoices.id, due!.id)))[0]!.status).toBe('void');
    await expect(staff.invoices.creditNote({ id: due!.id, reason: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT' });

    expect((await staff.invoices.creditNote({ id: paid!.id, reason: 'Goodwill correction' })).status).toBe('issued');
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'invoice.credit_note_issued'))).map((row) => [row.actorUserId, row.targetId, (row.metadata as { reason: string }).reason])).toEqual([
      ['usr_demo_adam', due!.id, 'Wrong address'],
      ['usr_demo_adam', paid!.id, 'Goodwill correction'],
    ]);
    const refunds = await db.select().from(credits).where(eq(credits.organizationId, lodz.organizationId));
    expect(refunds.find((credit) => credit.origin === 'refund')).toMatchObject({ amountCents: paid!.taxableCents, remainingCents: paid!.taxableCents });
    expect((await db.select().from(invoices).where(eq(invoices.id, paid!.id)))[0]!.status).toBe('paid');

    // Customers and officers cannot issue credit notes.
    await expect((await as('lodz')).invoices.creditNote({ id: paid!.id, reason: 'Please' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await as('olivia')).invoices.creditNote({ id: paid!.id, reason: 'Please' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('keeps a correction above €500 for a second administrator, who issues it once', async () => {
    const { db, globex, as } = await setup();
    const [due] = await db.select().from(invoices).where(eq(invoices.organizationId, globex.organizationId));
    await db.update(invoices).set({ totalCents: 120_000, taxableCents: 100_000, taxCents: 20_000, subtotalCents: 100_000 }).where(eq(invoices.id, due!.id));
    const adam = await as('adam');
    const sophie = await as('sophie');
    const asked = await adam.invoices.creditNote({ id: due!.id, reason: 'Billed the wrong organisation' });
    expect(asked).toMatchObject({ status: 'awaiting_approval', creditNote: null, request: { status: 'pending', amountCents: 120_000, invoiceNumber: due!.number, requesterName: 'Adam Bernard', limitReason: 'Above €500.00, the most one administrator corrects alone.' } });
    await expect(adam.invoices.creditNote({ id: due!.id, reason: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT', message: `A credit note for invoice ${due!.number} already awaits approval.` });
    await expect(adam.invoices.approveCreditNote({ id: asked.request!.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Another administrator must decide on a credit note you asked for.' });
    expect(await db.$count(invoices, eq(invoices.correctsInvoiceId, due!.id))).toBe(0);

    const decisions = await Promise.allSettled([sophie.invoices.approveCreditNote({ id: asked.request!.id }), sophie.invoices.approveCreditNote({ id: asked.request!.id })]);
    expect(decisions.filter((decision) => decision.status === 'fulfilled')).toHaveLength(1);
    expect(await db.$count(invoices, eq(invoices.correctsInvoiceId, due!.id))).toBe(1);
    expect((await db.select().from(invoices).where(eq(invoices.id, due!.id)))[0]!.status).toBe('void');
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'invoice.credit_note_issued'));
    expect(audit).toMatchObject({ actorUserId: 'usr_demo_sophie', metadata: expect.objectContaining({ requestedBy: 'usr_demo_adam', approvedBy: 'usr_demo_sophie', amountCents: 120_000 }) });
    expect((await sophie.invoices.creditNoteRequests())[0]).toMatchObject({ status: 'approved', decidedBy: 'usr_demo_sophie', creditNoteId: expect.stringMatching(/^inv_/) });
  });
});

describe('an approved credit note whose approval stopped half-way', () => {
  async function approvedRequest() {
    const context = await setup();
    const { db, globex, as } = context;
    const [due] = await db.select().from(invoices).where(eq(invoices.organizationId, globex.organizationId));
    await db.update(invoices).set({ totalCents: 120_000, taxableCents: 100_000, taxCents: 20_000, subtotalCents: 100_000 }).where(eq(invoices.id, due!.id));
    const asked = await (await as('adam')).invoices.creditNote({ id: due!.id, reason: 'Billed the wrong organisation' });
    return { ...context, due: due!, requestId: asked.request!.id };
  }

  it('is finished by approving again, in parallel too: one credit note, linked, the request still approved', async () => {
    const { db, due, requestId, as } = await approvedRequest();
    // The claim happened, the note did not (the Worker stopped in between).
    await db.update(creditNoteRequests).set({ status: 'approved', decidedBy: 'usr_demo_sophie', decidedAt: GENERATION_AT }).where(eq(creditNoteRequests.id, requestId));
    const sophie = await as('sophie');
    expect((await sophie.invoices.creditNoteRequests())[0]).toMatchObject({ status: 'approved', creditNoteId: null });
    await expect((await as('adam')).invoices.approveCreditNote({ id: requestId })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const finishes = await Promise.allSettled([sophie.invoices.approveCreditNote({ id: requestId }), sophie.invoices.approveCreditNote({ id: requestId }), sophie.invoices.approveCreditNote({ id: requestId })]);
    expect(finishes.filter((finish) => finish.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(await db.$count(invoices, eq(invoices.correctsInvoiceId, due.id))).toBe(1);
    const [request] = await db.select().from(creditNoteRequests).where(eq(creditNoteRequests.id, requestId));
    const [note] = await db.select().from(invoices).where(eq(invoices.correctsInvoiceId, due.id));
    expect(request).toMatchObject({ status: 'approved', decidedBy: 'usr_demo_sophie', creditNoteId: note!.id });
    expect(await db.$count(auditLog, eq(auditLog.action, 'invoice.credit_note_issued'))).toBe(1);
    // Finished: a further approval is refused, and issues nothing.
    await expect(sophie.invoices.approveCreditNote({ id: requestId })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This credit note request was already approved.' });
    expect(await db.$count(invoices, eq(invoices.correctsInvoiceId, due.id))).toBe(1);
  });

  it('links the note issued before the stop instead of issuing a second one', async () => {
    const { db, due, requestId, as } = await approvedRequest();
    const sophie = await as('sophie');
    const { creditNote } = await sophie.invoices.approveCreditNote({ id: requestId });
    // The note was issued, its link to the request was not written.
    await db.update(creditNoteRequests).set({ creditNoteId: null }).where(eq(creditNoteRequests.id, requestId));
    const again = await sophie.invoices.approveCreditNote({ id: requestId });
    expect(again.creditNote.id).toBe(creditNote.id);
    expect(again.request).toMatchObject({ status: 'approved', creditNoteId: creditNote.id });
    expect(await db.$count(invoices, eq(invoices.correctsInvoiceId, due.id))).toBe(1);
  });
});

describe('invoices in the OpenAPI document', () => {
  it('advertises the CSV download as text/csv rather than JSON', async () => {
    const { restRoutes } = await import('../../rest');
    const { openApiDocument } = await import('../../openapi');
    const document = openApiDocument(restRoutes(), { version: 'test', serverUrl: 'https://console.example.eu' }) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };
    expect(Object.keys(document.paths['/api/billing/invoices/{id}/csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(document.paths['/api/billing/invoices']!.get!.responses['200']!.content!)).toEqual(['application/json']);
  });
});
