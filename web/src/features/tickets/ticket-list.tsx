import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../components/router-links';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ALL, CATEGORY_FILTER, filterValue, SEVERITY_FILTER, STATUS_FILTER } from './filter-options';
import { TicketPagedTable } from './paged-table';
import { ticketStateColumns, useMinuteClock } from './ticket-badges';
import { CATEGORY_LABELS } from './ticket-types';
import type { TicketCategory, TicketSeverity, TicketStatus, TicketSummary } from './ticket-types';

const PAGE_SIZE = 20;

/** The organisation's tickets, most recently updated first, filtered and paged by the server. */
export function TicketList() {
  const trpc = useTRPC();
  const now = useMinuteClock();
  const [status, setStatus] = useState(ALL);
  const [severity, setSeverity] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.tickets.list.queryOptions({
      status: filterValue<TicketStatus>(status),
      severity: filterValue<TicketSeverity>(severity),
      category: filterValue<TicketCategory>(category),
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const change = (setter: (value: string) => void) => (value: string | null) => {
    if (!value) return;
    setter(value);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select label="Status" data={STATUS_FILTER} value={status} allowDeselect={false} onChange={change(setStatus)} data-testid="filter-status" />
        <Select label="Severity" data={SEVERITY_FILTER} value={severity} allowDeselect={false} onChange={change(setSeverity)} data-testid="filter-severity" />
        <Select label="Category" data={CATEGORY_FILTER} value={category} allowDeselect={false} onChange={change(setCategory)} data-testid="filter-category" />
      </SimpleGrid>
      <TicketPagedTable
        query={list}
        label="Your organisation's tickets"
        minWidth={760}
        testId="ticket"
        empty={status === ALL && severity === ALL && category === ALL ? 'Your organisation has no tickets yet.' : 'No ticket matches these filters.'}
        onPage={setPage}
        rowKey={(ticket) => ticket.id}
        rowProps={(ticket) => ({ 'data-testid': 'ticket-row', 'data-reference': ticket.reference })}
        columns={[
          {
            header: 'Ticket',
            cell: (ticket) => (
              <>
                <AnchorLink to="/support/tickets/$id" params={{ id: ticket.id }} fw={600} size="sm">
                  {ticket.subject}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {ticket.reference} · {CATEGORY_LABELS[ticket.category]}
                  {ticket.cluster ? ` · ${ticket.cluster.name}` : ''} · {ticket.requesterName}
                </Text>
              </>
            ),
          },
          ...ticketStateColumns<TicketSummary>(now),
          { header: 'Updated', cell: (ticket) => <Text size="sm">{formatDateTime(ticket.updatedAt)}</Text> },
        ]}
      />
    </Stack>
  );
}
