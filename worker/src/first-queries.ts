import { createCaller } from '@kubemarket/api';
import type { Context } from '@kubemarket/api';
import { routeParams } from '@kubemarket/shared';

/** One query a console page makes as it first renders: a tRPC procedure and its input. */
export interface FirstQuery {
  path: string;
  input?: unknown;
}

/** A query's answer as the page gets it: TanStack Query's key for it (as @trpc/tanstack-react-query builds it) and the data. */
export type FirstQueryEntry = [key: [string[], { input?: unknown; type: 'query' }], data: unknown];

/** The month so far (UTC), as the usage page first shows it. */
function monthToDate(now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * What the console's frame asks for on every page (the sidebar's counts, the notifications, the
 * staff check, the footer's versions and tiers): their answers would otherwise arrive after the
 * page's, each re-rendering part of the frame.
 */
const FRAME: FirstQuery[] = [
  { path: 'dashboard.sidebarCounts' },
  { path: 'notifications.list' },
  { path: 'notifications.count' },
  { path: 'officers.checkAccess' },
  { path: 'meta.versionSummary' },
  { path: 'catalog.clusterTiers' },
];

/**
 * What each console page asks for before its first screen shows anything but skeletons (issue 35),
 * with the inputs the page itself sends on a plain visit (no search parameters but the settings
 * tab): recorded from the pages' own requests. A list the address filters gets the frame's only.
 * An input that turns out different (another time zone's dates) only primes a key the page does
 * not read, and the page asks as it always did.
 * Below-the-fold and lazy parts (the cluster page's cost and carbon cards) are left to the page.
 */
const FIRST_QUERIES: Record<string, (params: Record<string, string>, search: URLSearchParams, now: Date) => FirstQuery[] | null> = {
  '/dashboard': () => [{ path: 'account.profile' }, { path: 'incidents.list' }, { path: 'middlewares.list', input: { includeDeleted: false } }],
  '/my-clusters': (_params, search) =>
    search.size > 0
      ? null
      : [{ path: 'providerConnections.externalClusters' }, { path: 'providerConnections.list' }, { path: 'clusters.list', input: { sort: 'newest', page: 1, pageSize: 20 } }, { path: 'catalog.regions' }],
  '/clusters/$id': ({ id }) => [{ path: 'clusters.get', input: { id } }],
  '/billing': () => [
    { path: 'billing.summary' },
    { path: 'budgets.list' },
    { path: 'leftovers.list' },
    { path: 'billing.profile' },
    { path: 'billing.credits' },
    { path: 'billing.plans' },
    { path: 'billing.paymentMethods' },
    { path: 'invoices.list', input: { page: 1, pageSize: 10 } },
  ],
  '/usage': (_params, search, now) => (search.size > 0 ? null : [{ path: 'usage.carbon', input: { ...monthToDate(now), groupBy: 'day' } }, { path: 'usage.get', input: { ...monthToDate(now), groupBy: 'day', by: 'cluster' } }]),
  '/orders': () => [{ path: 'orders.counts' }, { path: 'orders.list', input: { pageSize: 5 } }],
  '/settings': (_params, search) => {
    const tab = search.get('tab') ?? 'security';
    if (tab === 'security') return [{ path: 'account.profile' }, { path: 'security.sessions' }];
    if (tab === 'api-tokens') return [{ path: 'tokens.list' }, { path: 'tokens.serviceAccounts' }];
    return [];
  },
  '/settings/webhooks': () => [{ path: 'webhooks.list' }],
};

/** The first queries of the console page at `url`, the frame's first; none for any other address. */
export function firstQueriesOf(url: URL, now = new Date()): FirstQuery[] {
  for (const [pattern, queries] of Object.entries(FIRST_QUERIES)) {
    const params = routeParams(pattern, url.pathname);
    if (params) return [...FRAME, ...(queries(params, url.searchParams, now) ?? [])];
  }
  return [];
}

/** TanStack Query's key for a query procedure, as @trpc/tanstack-react-query's queryOptions builds it. */
export const firstQueryKey = ({ path, input }: FirstQuery): FirstQueryEntry[0] => [path.split('.'), input === undefined ? { type: 'query' } : { input, type: 'query' }];

type Procedure = (input?: unknown) => Promise<unknown>;

/**
 * Runs the page's first queries as the signed-in caller, through the same procedures (authorisation,
 * organisation scope and output schemas included) the page would call: their answers go into that
 * one response only, never cached (security-headers.ts: HTML is no-store). A query that fails (a
 * role that may not read it, a cluster of another organisation) is left out: the page asks for it
 * itself and shows its error as it always did.
 */
export async function runFirstQueries(contextOf: () => Context, queries: FirstQuery[]): Promise<FirstQueryEntry[]> {
  if (queries.length === 0) return [];
  const caller = createCaller(contextOf()) as unknown as Record<string, Record<string, Procedure>>;
  const answers = await Promise.allSettled(
    queries.map(async (query): Promise<FirstQueryEntry> => {
      const [group = '', name = ''] = query.path.split('.');
      const data = await caller[group]?.[name]?.(query.input);
      if (data === undefined) throw new Error(`no query ${query.path}`);
      return [firstQueryKey(query), data];
    }),
  );
  return answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
}
