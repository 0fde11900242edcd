// The invoices module's door: an order's invoice, the monthly run, dunning and invoice payments,
// RF references and the PDF.
export { isCreditorReference, printedReference } from './creditor-reference';
export { applyInvoicePaymentEvent, chargeableMethod, clearOverdueUnlessAny, runDunning, type DunningRun, type InvoiceDeps } from './dunning';
export { draftInvoice, previousMonth, SETTLED_ORDER_STATUSES } from './generate';
export { generateInvoices, type GenerationRun } from './monthly-run';
export { orderInvoiceStatements } from './order-invoice';
export { bytesToBase64, invoicePdf } from './pdf';
