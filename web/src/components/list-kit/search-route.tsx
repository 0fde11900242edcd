import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ComponentType } from 'react';

/** How a list page asks for another search in the address (`replace` while the reader types). */
export type SearchChange<S> = (next: S, options?: { replace?: boolean }) => void;

/** A list page whose search lives in the address: it reads `search` and asks for changes. */
export type SearchBoundPage<S> = ComponentType<{ search: S; onSearchChange: SearchChange<S> }>;

/**
 * A list route's options in one call: the address's search checked by `read` (the route's
 * validateSearch), and a component that gives `Page` that search and writes its changes back to
 * the address. A route file stays `createFileRoute('<path>')(searchRoute(read, Page))`.
 */
export function searchRoute<S>(read: (search: Record<string, unknown>) => S, Page: SearchBoundPage<S>) {
  function SearchBound() {
    // The nearest match is this route's: its search, as `read` checked it.
    const search: unknown = useSearch({ strict: false });
    const navigate = useNavigate();
    return <Page search={search as S} onSearchChange={(next, options) => void navigate({ to: '.', search: next as never, replace: options?.replace })} />;
  }
  return { validateSearch: read, component: SearchBound };
}
