// The invoices module's door: an order's invoice, the monthly run, dunning and invoice payments,
// RF references. The PDF (./pdf) is imported
// where it is rendered, on first use, so that an isolate evaluates it only when it renders one (ADR 50).
export { isCreditorReference, printedReference } from './creditor-reference';
export { applyInvoicePaymentEvent, chargeableMethod, clearOverdueUnlessAny, runDunning, type DunningRun, type InvoiceDeps } from './dunning';
export { draftInvoice, previousMonth, SETTLED_ORDER_STATUSES } from './generate';
export { generateInvoices, type GenerationRun } from './monthly-run';
export { orderInvoiceStatements } from './order-invoice';
