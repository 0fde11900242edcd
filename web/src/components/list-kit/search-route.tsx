import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ComponentType } from 'react';

/** How a list page asks for another search in the address (`replace` while the reader types). */
export type SearchChange<S> = (next: S, options?: { replace?: boolean }) => void;

/** A list page whose search lives in the address: it reads `search` and asks for changes. */
export type SearchBoundPage<S> = ComponentType<{ search: S; onSearchChange: SearchChange<S> }>;

/**
 * A list page's search bound to the address, for a list route's component: the search as the
 * route's validateSearch checked it, and each change written back (`replace` while the reader
 * types). Route files keep `validateSearch` and `component` as options of their own, so that the
 * router splits the page out of the first load (options built by a function call cannot be split):
 *
 *   export const Route = createFileRoute('<path>')({ validateSearch: read, component: ListRoute });
 *   function ListRoute() { return <ListPage {...useSearchBinding<ListSearch>()} />; }
 */
export function useSearchBinding<S>(): { search: S; onSearchChange: SearchChange<S> } {
  // The nearest match is the route's own: its search, as its validateSearch checked it.
  const search: unknown = useSearch({ strict: false });
  const navigate = useNavigate();
  return { search: search as S, onSearchChange: (next, options) => void navigate({ to: '.', search: next as never, replace: options?.replace }) };
}
