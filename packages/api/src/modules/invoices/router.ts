import { z } from 'zod';
import { sellerOf, type Context } from '../../context';
import { adminProcedure, officerProcedure, orgProcedure, router } from '../../trpc';
import * as creditNotes from './credit-notes';
import * as service from './service';
import { correctionSchema, creditNoteInput, creditNoteRequestSchema, decideCreditNoteInput, invoiceCsvSchema, invoiceDetailSchema, invoiceIdInput, invoiceListInput, invoicePageSchema, invoicePdfSchema, invoiceSchema, payInvoiceInput, payInvoiceOutput } from './schemas';

const TAGS: ['Billing'] = ['Billing'];

const depsOf = (ctx: Context) => ({ db: ctx.db, ports: ctx.ports, appUrl: ctx.request.appUrl });

export const invoicesRouter = router({
  list: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/invoices', summary: "Your organisation's invoices and credit notes, newest first (filters: status, year; paginated)", tags: TAGS, cli: 'kubemarket invoices list [--status <status>]' } })
    .input(invoiceListInput)
    .output(invoicePageSchema)
    .query(({ ctx, input }) => service.listInvoices(ctx.db, ctx.organizationId, input)),

  get: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/invoices/{id}', summary: 'An invoice with its lines', tags: TAGS } })
    .input(invoiceIdInput)
    .output(invoiceDetailSchema)
    .query(({ ctx, input }) => service.invoiceDetail(ctx.db, ctx.organizationId, input.id)),

  csv: orgProcedure('billing:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/billing/invoices/{id}/csv',
        summary: "An invoice's lines as CSV; the amount column sums to the total",
        tags: TAGS,
        body: { field: 'csv', contentType: 'text/csv; charset=utf-8', filenameField: 'filename' },
      },
    })
    .input(invoiceIdInput)
    .output(invoiceCsvSchema)
    .query(({ ctx, input }) => service.invoiceCsvFile(ctx.db, ctx.organizationId, input.id)),

  pdf: orgProcedure('billing:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/billing/invoices/{id}/pdf',
        cli: 'kubemarket invoices download <invoice> [-f <file>]',
        summary: 'An invoice or credit note as PDF/A-3 (A4, Unicode text) with its Factur-X EN 16931 XML embedded',
        tags: TAGS,
        body: { field: 'pdf', contentType: 'application/pdf', filenameField: 'filename', base64: true },
      },
    })
    .input(invoiceIdInput)
    .output(invoicePdfSchema)
    .query(({ ctx, input }) => service.invoicePdfFile(ctx.db, ctx.organizationId, input.id, sellerOf(ctx.config))),

  pay: orgProcedure('billing:write')
    .meta({ rest: { method: 'POST', path: '/api/billing/invoices/{id}/pay', summary: 'Pay a due or overdue invoice now with a saved card or a card, once per payment key', tags: TAGS } })
    .input(payInvoiceInput)
    .output(payInvoiceOutput)
    .mutation(({ ctx, input }) =>
      service.payInvoice(depsOf(ctx), ctx.organizationId, input.id, input.method, { userId: ctx.user.id, ipAddress: ctx.request.ipAddress, idempotencyKey: input.paymentIdempotencyKey }),
    ),

  // Staff open any organisation's invoice or credit note (support, collections, accounting).
  staffGet: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/invoices/{id}', summary: "Any organisation's invoice or credit note with its lines (staff)", tags: TAGS, sessionOnly: true } })
    .input(invoiceIdInput)
    .output(invoiceDetailSchema)
    .query(({ ctx, input }) => service.invoiceDetail(ctx.db, null, input.id)),

  staffPdf: officerProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/admin/invoices/{id}/pdf',
        summary: "Any organisation's invoice or credit note as PDF/A-3 with its Factur-X XML (staff)",
        tags: TAGS,
        sessionOnly: true,
        body: { field: 'pdf', contentType: 'application/pdf', filenameField: 'filename', base64: true },
      },
    })
    .input(invoiceIdInput)
    .output(invoicePdfSchema)
    .query(({ ctx, input }) => service.invoicePdfFile(ctx.db, null, input.id, sellerOf(ctx.config))),

  // Administrators only; above one administrator's amount a second one approves (credit-notes.ts, ADR 26).
  creditNote: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/invoices/{id}/credit-note', summary: 'Correct an invoice in full with a credit note (audited); above your own amount it awaits another administrator', tags: TAGS, sessionOnly: true } })
    .input(creditNoteInput)
    .output(correctionSchema)
    .mutation(({ ctx, input }) => creditNotes.correctInvoice(ctx, input)),

  creditNoteRequests: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/credit-note-requests', summary: 'Credit notes awaiting a second administrator, then decided ones (newest first)', tags: TAGS, sessionOnly: true } })
    .output(z.array(creditNoteRequestSchema))
    .query(({ ctx }) => creditNotes.listCreditNoteRequests(ctx)),

  approveCreditNote: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/credit-note-requests/{id}/approve', summary: "Approve another administrator's credit note: it is issued (audited)", tags: TAGS, sessionOnly: true } })
    .input(decideCreditNoteInput)
    .output(z.object({ request: creditNoteRequestSchema, creditNote: invoiceSchema }))
    .mutation(({ ctx, input }) => creditNotes.approveCreditNote(ctx, input)),

  rejectCreditNote: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/credit-note-requests/{id}/reject', summary: "Refuse another administrator's credit note, with a reason (audited)", tags: TAGS, sessionOnly: true } })
    .input(decideCreditNoteInput)
    .output(z.object({ request: creditNoteRequestSchema }))
    .mutation(({ ctx, input }) => creditNotes.rejectCreditNote(ctx, input)),
});
