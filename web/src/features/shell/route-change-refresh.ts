import type { QueryFilters } from '@tanstack/react-query';
import type { Trpc } from '../../lib/trpc';
import { billingRefreshFilters } from '../billing';

/**
 * docs/product/states.md#refresh-on-page-change: what a move to `pathname` refreshes. Sidebar counts and the billing credits,
 * summary and plans on every page; payment methods and invoices on paths containing /billing;
 * usage on paths containing /usage.
 */
export function routeChangeRefreshFilters(trpc: Trpc, pathname: string): QueryFilters[] {
  const filters: QueryFilters[] = [trpc.dashboard.sidebarCounts.pathFilter(), ...billingRefreshFilters(trpc, pathname)];
  if (pathname.includes('/billing')) filters.push(trpc.invoices.pathFilter());
  if (pathname.includes('/usage')) filters.push(trpc.usage.pathFilter());
  return filters;
}
