// The invoices feature's door: the invoices section the /billing page renders.
export { InvoicesSection } from './invoices-section';
export { invoiceDownloadUrl } from './invoice-format';
