import { useListState } from '../../components/list-kit';
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
