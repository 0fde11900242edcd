import type { Context } from '../../context';
import { officerProcedure, orgProcedure, router } from '../../trpc';
import * as service from './service';
import { creditNoteInput, invoiceCsvSchema, invoiceDetailSchema, invoiceIdInput, invoiceListInput, invoicePageSchema, invoicePdfSchema, invoiceSchema, payInvoiceInput, payInvoiceOutput } from './schemas';

const TAGS: ['Billing'] = ['Billing'];

const depsOf = (ctx: Context) => ({ db: ctx.db, ports: ctx.ports, appUrl: ctx.request.appUrl });

export const invoicesRouter = router({
  list: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/invoices', summary: "Your organisation's invoices and credit notes, newest first (filters: status, year; paginated)", tags: TAGS } })
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
        summary: 'An invoice as PDF (A4, Unicode text)',
        tags: TAGS,
        body: { field: 'pdf', contentType: 'application/pdf', filenameField: 'filename', base64: true },
      },
    })
    .input(invoiceIdInput)
    .output(invoicePdfSchema)
    .query(({ ctx, input }) => service.invoicePdfFile(ctx.db, ctx.organizationId, input.id)),

  pay: orgProcedure('billing:write')
    .meta({ rest: { method: 'POST', path: '/api/billing/invoices/{id}/pay', summary: 'Pay a due or overdue invoice now with a saved card or a card, once per payment key', tags: TAGS } })
    .input(payInvoiceInput)
    .output(payInvoiceOutput)
    .mutation(({ ctx, input }) =>
      service.payInvoice(depsOf(ctx), ctx.organizationId, input.id, input.method, { userId: ctx.user.id, ipAddress: ctx.request.ipAddress, idempotencyKey: input.paymentIdempotencyKey }),
    ),

  creditNote: officerProcedure
    .input(creditNoteInput)
    .output(invoiceSchema)
    .mutation(({ ctx, input }) => service.issueCreditNote(ctx.db, { invoiceId: input.id, reason: input.reason, staffUserId: ctx.user.id, now: ctx.ports.clock.now() })),
});
