import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

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
