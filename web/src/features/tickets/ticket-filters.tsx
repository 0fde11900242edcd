import { Select, type SelectProps } from '@mantine/core';
import { useListState, type ListState } from '../../components/list-kit';
import { ALL, filterValue } from './filter-options';
import type { TicketCategory, TicketSeverity, TicketStatus } from './ticket-types';

type TicketFilters = { status: string; severity: string; category: string };

/**
 * The filters of a list of tickets, every value at first: status, severity and category, and
 * the ones a list adds; the page goes back to the first whenever one changes (the list kit's state).
 */
export function useTicketListState<E extends Record<string, string>>(extra: E) {
  return useListState<TicketFilters & E>({ status: ALL, severity: ALL, category: ALL, ...extra });
}

/** What the server is asked for by the status, severity and category filters: undefined for every value. */
export function ticketFilterInput(filters: TicketFilters) {
  return {
    status: filterValue<TicketStatus>(filters.status),
    severity: filterValue<TicketSeverity>(filters.severity),
    category: filterValue<TicketCategory>(filters.category),
  };
}

interface TicketFilterProps<F extends Record<string, string>, K extends keyof F & string> extends Omit<SelectProps, 'value' | 'onChange'> {
  state: ListState<F>;
  name: K;
  'data-testid'?: string;
}

/** One filter of a list of tickets: a choice among `data`, one of which is every value. */
export function TicketFilter<F extends Record<string, string>, K extends keyof F & string>({ state, name, ...props }: TicketFilterProps<F, K>) {
  return <Select value={state.filters[name]} allowDeselect={false} onChange={(value) => state.setFilter(name, (value ?? ALL) as F[K])} {...props} />;
}
