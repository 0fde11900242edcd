/**
 * The monthly invoice run (the 1st, 02:00 UTC): issues the previous month's invoice of every
 * organisation with something to bill, then charges it.
 */
import { emitEvent } from '../../platform/webhook-events';
import type { InvoiceStatus } from '@kubemarket/db';
import { logError } from '../../platform/log';
import { chargeIssuedInvoice, type InvoiceDeps } from './dunning';
import { alreadyInvoiced, draftInvoice, issueInvoice, organizationsToBill, previousMonth, type BillingPeriod } from './generate';

export interface GenerationRun {
  period: BillingPeriod;
  issued: Array<{ id: string; number: string; organizationId: string; totalCents: number; status: InvoiceStatus }>;
  skipped: string[];
}

/**
 * Issues the previous month's invoice of every organisation with something to bill, then charges
 * each. Run on the 1st; running it again (or concurrently) issues nothing twice.
 */
export async function generateInvoices(deps: InvoiceDeps, now: number): Promise<GenerationRun> {
  const period = previousMonth(now);
  const run: GenerationRun = { period, issued: [], skipped: [] };
  for (const organizationId of await organizationsToBill(deps.db, period)) {
    if (await alreadyInvoiced(deps.db, organizationId, period)) {
      run.skipped.push(organizationId);
      continue;
    }
    const draft = await draftInvoice(deps.db, organizationId, period);
    if (!draft) continue;
    const invoice = await issueInvoice(deps.db, draft, now);
    if (!invoice) {
      run.skipped.push(organizationId);
      continue;
    }
    const data = { invoiceId: invoice.id, number: invoice.number, totalCents: invoice.totalCents, period };
    await emitEvent(deps, organizationId, { type: 'invoice.issued', key: invoice.id, data });
    let status = invoice.status;
    try {
      status = await chargeIssuedInvoice(deps, invoice);
    } catch (error) {
      // The invoice stands; the daily dunning run finds it due (it retries from day 3).
      logError(`Charging invoice ${invoice.number} failed`, error);
    }
    run.issued.push({ id: invoice.id, number: invoice.number, organizationId, totalCents: invoice.totalCents, status });
  }
  return run;
}

