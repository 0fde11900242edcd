import { Anchor, Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { CellLines, ListFilter } from '../../components/list-kit';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ALL, CATEGORY_FILTER, filterValue, SEVERITY_FILTER, STATUS_FILTER } from './filter-options';
import { TicketPagedTable } from './paged-table';
import { ticketStateColumns, useMinuteClock } from './ticket-badges';
import { subjectColumn, updatedColumn } from './ticket-cells';
import { ticketFilterInput, useTicketListState } from './ticket-filters';
import type { StaffTicketSummary } from './ticket-types';
import { useStaffPeople } from './use-staff-people';

const PAGE_SIZE = 25;
const UNASSIGNED = 'unassigned';
const SLA_FILTER = [
  { value: ALL, label: 'Any SLA state' },
  { value: 'due', label: 'Due (not yet late)' },
  { value: 'breached', label: 'Breached' },
];

/** The support queue, most urgent first (the server sorts by due time), filtered and paged by the server. */
export function StaffQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const trpc = useTRPC();
  const me = useSessionUser();
  const now = useMinuteClock();
  const staff = useStaffPeople();
  const state = useTicketListState({ sla: ALL, assignee: ALL, organization: ALL });
  const [organizationSearch, setOrganizationSearch] = useState('');
  const [q] = useDebouncedValue(organizationSearch.trim(), 300);
  const organizations = useQuery({ ...trpc.staffOrganizations.list.queryOptions({ q: q || undefined, page: 1, pageSize: 20, sort: 'name' }), placeholderData: keepPreviousData });
  const queue = useQuery({
    ...trpc.tickets.staffQueue.queryOptions({
      ...ticketFilterInput(state.filters),
      sla: filterValue<'due' | 'breached'>(state.filters.sla),
      assigneeUserId: filterValue<string>(state.filters.assignee),
      organizationId: filterValue<string>(state.filters.organization),
      page: state.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const assigneeOptions = [
    { value: ALL, label: 'Anyone or nobody' },
    { value: UNASSIGNED, label: 'Unassigned' },
    { value: me.id, label: 'Me' },
    ...staff.people.filter((person) => person.id !== me.id).map((person) => ({ value: person.id, label: person.name })),
  ];
  const organizationOptions = [{ value: ALL, label: 'Every organisation' }, ...(organizations.data?.items ?? []).map((row) => ({ value: row.id, label: `${row.name} (${row.billingId})` }))];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <ListFilter state={state} name="status" label="Status" data={STATUS_FILTER} data-testid="queue-status" />
        <ListFilter state={state} name="severity" label="Severity" data={SEVERITY_FILTER} />
        <ListFilter state={state} name="sla" label="SLA" data={SLA_FILTER} />
        <ListFilter state={state} name="category" label="Category" data={CATEGORY_FILTER} />
        <ListFilter
          state={state}
          name="organization"
          label="Organisation"
          data={organizationOptions}
          searchable
          searchValue={organizationSearch}
          onSearchChange={setOrganizationSearch}
          nothingFoundMessage="No organisation matches"
        />
        <ListFilter state={state} name="assignee" label="Assignee" data={assigneeOptions} data-testid="queue-assignee" />
      </SimpleGrid>
      <TicketPagedTable
        query={queue}
        label="Support queue"
        minWidth={900}
        testId="queue"
        empty="No ticket matches these filters."
        onPage={state.setPage}
        columns={[
          subjectColumn<StaffTicketSummary>((ticket) => (
            <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => onOpen(ticket.id)}>
              {ticket.subject}
            </Anchor>
          )),
          { header: 'Organisation', cell: (ticket) => <CellLines detail={ticket.requesterEmail}>{ticket.organization?.name ?? 'Visitor'}</CellLines> },
          ...ticketStateColumns<StaffTicketSummary>(now),
          {
            header: 'Assignee',
            cell: (ticket) =>
              ticket.assigneeName ? (
                <Text size="sm">{ticket.assigneeName}</Text>
              ) : (
                <Badge variant="outline" color="gray" tt="none">
                  Unassigned
                </Badge>
              ),
          },
          updatedColumn<StaffTicketSummary>(),
        ]}
      />
    </Stack>
  );
}
