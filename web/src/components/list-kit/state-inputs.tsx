import { Select } from '@mantine/core';
import type { SelectProps, TextInputProps } from '@mantine/core';
import { ALL, SearchInput } from './toolbar';
import type { ListState } from './use-list-state';

/** The search box of a list kept in the page's state (`useListState`): typing searches again from the first page. */
export function ListSearchInput({ state, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { state: Pick<ListState, 'search' | 'setSearch'>; 'data-testid'?: string }) {
  return <SearchInput value={state.search} onChange={(event) => state.setSearch(event.currentTarget.value)} {...props} />;
}

interface ListFilterProps<F extends Record<string, string>, K extends keyof F & string> extends Omit<SelectProps, 'value' | 'onChange'> {
  state: Pick<ListState<F>, 'filters' | 'setFilter'>;
  name: K;
  'data-testid'?: string;
}

/**
 * One filter (or sort) of a list kept in the page's state (`useListState`): a choice among `data`
 * that cannot be left empty, the list going back to its first page when it changes.
 */
export function ListFilter<F extends Record<string, string>, K extends keyof F & string>({ state, name, ...props }: ListFilterProps<F, K>) {
  return <Select value={state.filters[name]} allowDeselect={false} onChange={(value) => state.setFilter(name, (value ?? ALL) as F[K])} {...props} />;
}
