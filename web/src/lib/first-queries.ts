import { FIRST_QUERIES_SCRIPT_ID } from '@kubemarket/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

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

/**
 * The answers to the page's first queries as the Worker wrote them into the page (worker/src/first-queries.ts,
 * ADR 0042), put in the cache before the router first renders: the page shows its content at once
 * instead of asking and waiting a round trip. They are stale at once, as any answer (staleTime 0),
 * so the page still asks for them as it mounts, in the background. Returns how many were primed.
 */
export function primeFirstQueries(queryClient: QueryClient, page: DataPage = document): number {
  const entries = readDataScript(FIRST_QUERIES_SCRIPT_ID, page);
  if (!Array.isArray(entries)) return 0;
  let primed = 0;
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !isQueryKey(entry[0]) || entry[1] === undefined) continue;
    queryClient.setQueryData(entry[0], entry[1]);
    primed += 1;
  }
  return primed;
}
