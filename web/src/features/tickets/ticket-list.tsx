import { SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListFilter } from '../../components/list-kit';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { ALL, CATEGORY_FILTER, SEVERITY_FILTER, STATUS_FILTER } from './filter-options';
import { TicketPagedTable } from './paged-table';
import { ticketStateColumns, useMinuteClock } from './ticket-badges';
import { subjectColumn, updatedColumn } from './ticket-cells';
import { ticketFilterInput, useTicketListState } from './ticket-filters';
import type { TicketSummary } from './ticket-types';

const PAGE_SIZE = 20;

/** The organisation's tickets, most recently updated first, filtered and paged by the server. */
export function TicketList() {
  const trpc = useTRPC();
  const now = useMinuteClock();
  const state = useTicketListState({});
  const list = useQuery({
    ...trpc.tickets.list.queryOptions({
      ...ticketFilterInput(state.filters),
      page: state.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const { status, severity, category } = state.filters;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <ListFilter state={state} name="status" label="Status" data={STATUS_FILTER} data-testid="filter-status" />
        <ListFilter state={state} name="severity" label="Severity" data={SEVERITY_FILTER} data-testid="filter-severity" />
        <ListFilter state={state} name="category" label="Category" data={CATEGORY_FILTER} data-testid="filter-category" />
      </SimpleGrid>
      <TicketPagedTable
        query={list}
        label="Your organisation's tickets"
        minWidth={760}
        testId="ticket"
        empty={status === ALL && severity === ALL && category === ALL ? 'Your organisation has no tickets yet.' : 'No ticket matches these filters.'}
        onPage={state.setPage}
        columns={[
          subjectColumn<TicketSummary>(
            (ticket) => (
              <AnchorLink to="/support/tickets/$id" params={{ id: ticket.id }} fw={600} size="sm">
                {ticket.subject}
              </AnchorLink>
            ),
            (ticket) => ticket.requesterName,
          ),
          ...ticketStateColumns<TicketSummary>(now),
          updatedColumn<TicketSummary>(),
        ]}
      />
    </Stack>
  );
}
