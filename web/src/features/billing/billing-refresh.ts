import type { QueryFilters } from '@tanstack/react-query';
import type { Trpc } from '../../lib/trpc';

/**
 * docs/product/states.md#refresh-on-page-change: the billing data refreshed on a page change. Credits, summary and plans on
 * every page (the console shows balances around the page); payment methods only on /billing paths.
 */
export function billingRefreshFilters(trpc: Trpc, pathname: string): QueryFilters[] {
  const filters: QueryFilters[] = [trpc.billing.credits.pathFilter(), trpc.billing.summary.pathFilter(), trpc.billing.plans.pathFilter()];
  if (pathname.includes('/billing')) filters.push(trpc.billing.paymentMethods.pathFilter());
  return filters;
}
