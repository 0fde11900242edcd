import { FIRST_QUERIES_SCRIPT_ID } from '@kubemarket/shared';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** A page the app starts in: the document, or a stand-in in tests. */
export type DataPage = Pick<Document, 'getElementById'>;

/** The value of the Worker's `<script type="application/json" id>` data block; undefined without one or when it is not JSON. */
export function readDataScript(id: string, page: DataPage = document): unknown {
  const text = page.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A tRPC query's key as @trpc/tanstack-react-query builds it: `[['billing', 'summary'], { input?, type: 'query' }]`. */
function isQueryKey(value: unknown): value is QueryKey {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [path, options] = value as unknown[];
  return Array.isArray(path) && path.every((part) => typeof part === 'string') && typeof options === 'object' && options !== null && (options as { type?: unknown }).type === 'query';
}

/** The queries whose answers the Worker wrote into this page, by hash, while they are this page view's reads. */
const firstAnswers = new Set<string>();

/**
 * Puts an answer the Worker wrote into the page in the cache as the page's first read of it: the
 * page does not ask for it again as it mounts nor as it comes online once hydrated (ADR 54), since
 * the Worker read it for this very page view, moments ago. It is stale all the same (staleTime 0):
 * after the first navigation (forgetFirstAnswers), or a real loss of the network, it is asked for
 * again as any answer is.
 */
export function primeFirstAnswer(queryClient: QueryClient, key: QueryKey, data: unknown): void {
  queryClient.setQueryData(key, data);
  // In the browser only: the Worker's renders (server-render.tsx) share one isolate and never fetch.
  if (typeof window === 'undefined') return;
  const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
  if (query) firstAnswers.add(query.queryHash);
}

/** Whether the query's answer is still the one the Worker wrote into this page (the query client's refetchOnMount and refetchOnReconnect ask). */
export function isFirstAnswer(query: Pick<Query, 'queryHash'>): boolean {
  return firstAnswers.has(query.queryHash);
}

/** From the first navigation on (or once the network was lost), the Worker's answers are answers like any other. */
export function forgetFirstAnswers(): void {
  firstAnswers.clear();
}

/**
 * The answers to the page's first queries as the Worker wrote them into the page (worker/src/first-queries.ts,
 * ADR 0042), put in the cache before the router first renders: the page shows its content at once
 * instead of asking and waiting a round trip, and does not ask again as it mounts (primeFirstAnswer,
 * ADR 54). Returns how many were primed.
 */
export function primeFirstQueries(queryClient: QueryClient, page: DataPage = document): number {
  const entries = readDataScript(FIRST_QUERIES_SCRIPT_ID, page);
  if (!Array.isArray(entries)) return 0;
  let primed = 0;
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !isQueryKey(entry[0]) || entry[1] === undefined) continue;
    primeFirstAnswer(queryClient, entry[0], entry[1]);
    primed += 1;
  }
  return primed;
}
