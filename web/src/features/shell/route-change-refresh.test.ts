import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createTrpcClient, createTrpcOptionsProxy } from '../../lib/trpc';
import { routeChangeRefreshFilters } from './route-change-refresh';

const trpc = createTrpcOptionsProxy(createTrpcClient(), new QueryClient());

/** The tRPC paths a filter covers, e.g. "billing.summary" or "invoices" (the whole router). */
function pathsFor(pathname: string): string[] {
  return routeChangeRefreshFilters(trpc, pathname).map((filter) => ((filter.queryKey as [string[], ...unknown[]])[0] ?? []).join('.'));
}

describe('routeChangeRefreshFilters', () => {
  it('refreshes the sidebar counts and the billing credits, summary and plans on every page', () => {
    expect(pathsFor('/dashboard')).toEqual(['dashboard.sidebarCounts', 'billing.credits', 'billing.summary', 'billing.plans']);
    expect(pathsFor('/my-clusters/clu_1')).toEqual(['dashboard.sidebarCounts', 'billing.credits', 'billing.summary', 'billing.plans']);
  });

  it('adds payment methods and invoices on paths containing /billing', () => {
    expect(pathsFor('/billing')).toEqual(['dashboard.sidebarCounts', 'billing.credits', 'billing.summary', 'billing.plans', 'billing.paymentMethods', 'invoices']);
    expect(pathsFor('/admin/billing/inv_1')).toContain('billing.paymentMethods');
  });

  it('adds the usage data on paths containing /usage, and nothing of /billing', () => {
    expect(pathsFor('/usage')).toEqual(['dashboard.sidebarCounts', 'billing.credits', 'billing.summary', 'billing.plans', 'usage']);
  });

  it('matches the queries the pages use', () => {
    const client = new QueryClient();
    const summaryKey: unknown[] = [...trpc.billing.summary.queryKey()];
    const invoicesKey = [['invoices', 'list'], { input: { page: 1 }, type: 'query' }];
    client.setQueryData(summaryKey, { ok: true });
    client.setQueryData(invoicesKey, { ok: true });
    const matched = (pathname: string) =>
      routeChangeRefreshFilters(trpc, pathname).flatMap((filter) => client.getQueryCache().findAll(filter).map((query) => (query.queryKey[0] as string[]).join('.')));
    expect(matched('/billing')).toEqual(['billing.summary', 'invoices.list']);
    expect(matched('/orders')).toEqual(['billing.summary']);
  });
});
