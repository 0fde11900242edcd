import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { pageCount } from '../pager';
import { matchRangeLabel } from './range-label';

/**
 * The state of a list kept in the page (not the address): a search box debounced for the server,
 * filters, and the page, back to the first whenever the search or a filter changes.
 */
export function useListState<F extends Record<string, string>>(initialFilters: F = {} as F) {
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPage] = useState(1);
  return {
    search,
    /** The search the server is asked for: undefined when blank. */
    q: q || undefined,
    filters,
    page,
    setPage,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
  };
}

export type ListState<F extends Record<string, string> = Record<string, string>> = ReturnType<typeof useListState<F>>;

/**
 * The paging props of a PagedTable whose page is kept in the page's state (`useListState`):
 * "21–40 of 95 users", the pages of `pageSize` rows, and a pager named "Pages of users".
 */
export function pagingOf(state: { page: number; setPage: (page: number) => void }, pageSize: number, noun: readonly [string, string]) {
  return {
    range: (data: { total: number }) => matchRangeLabel(data.total, state.page, pageSize, noun),
    pages: (data: { total: number }) => pageCount(data.total, pageSize),
    page: () => state.page,
    onPage: state.setPage,
    pagerLabel: `Pages of ${noun[1]}`,
  };
}
