import type { OrganizationsTab } from './organizations-tabs';
import { Anchor, Badge, Group, Select, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { Pager, pageCount } from '../../components/pager';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ActivityLog } from '../team';
import { OrganizationDetailView } from './organization-detail';
import { ORGANIZATION_STATUS_LABELS, OVERDUE_COLOR, rangeLabel } from './staff-format';
import { StaffPage } from '../officers';
import type { OrganizationStatus } from './staff-organizations-types';

const PAGE_SIZE = 25;


interface OrganizationsPageProps {
  tab: OrganizationsTab;
  /** The organisation whose page is open, or none: the list. */
  organizationId: string | null;
  onNavigate: (next: { tab?: OrganizationsTab; id?: string }) => void;
}

/** /officers/organizations: customer organisations, one organisation's page, and the audit log of all. */
export function OrganizationsPage({ tab, organizationId, onNavigate }: OrganizationsPageProps) {
  return (
    <StaffPage title="Organizations" description="Customer organisations: their status, members, what they run and buy, the settings staff control, and the audit log.">
      <Tabs value={tab} onChange={(value) => onNavigate({ tab: value === 'activity' ? 'activity' : 'organizations' })}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="organizations">Organisations</Tabs.Tab>
          <Tabs.Tab value="activity">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="organizations">
          {tab === 'organizations' ? (
            organizationId ? (
              <OrganizationDetailView id={organizationId} onBack={() => onNavigate({})} />
            ) : (
              <OrganizationList onOpen={(id) => onNavigate({ id })} />
            )
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="activity">{tab === 'activity' ? <ActivityLog scope="staff" /> : null}</Tabs.Panel>
      </Tabs>
    </StaffPage>
  );
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'Every status' },
  ...Object.entries(ORGANIZATION_STATUS_LABELS).map(([value, { label }]) => ({ value, label })),
];
const OVERDUE_OPTIONS = [
  { value: 'all', label: 'Paid or not' },
  { value: 'yes', label: 'Overdue' },
  { value: 'no', label: 'Not overdue' },
];
const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest first' },
  { value: 'overdue', label: 'Longest overdue first' },
];

function OrganizationList({ onOpen }: { onOpen: (id: string) => void }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState('all');
  const [overdue, setOverdue] = useState('all');
  const [sort, setSort] = useState<'name' | 'newest' | 'overdue'>('name');
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.staffOrganizations.list.queryOptions({
      q: q || undefined,
      status: status === 'all' ? undefined : (status as OrganizationStatus),
      overdue: overdue === 'all' ? undefined : overdue === 'yes',
      sort,
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const reset = <T,>(setter: (value: T) => void) => (value: T) => {
    setter(value);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput label="Search" placeholder="Name or billing id" leftSection={<IconSearch size={16} aria-hidden />} value={search} onChange={(event) => reset(setSearch)(event.currentTarget.value)} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={(value) => value && reset(setStatus)(value)} />
        <Select label="Payment" data={OVERDUE_OPTIONS} value={overdue} allowDeselect={false} onChange={(value) => value && reset(setOverdue)(value)} />
        <Select label="Sort by" data={SORT_OPTIONS} value={sort} allowDeselect={false} onChange={(value) => value && reset(setSort)(value as typeof sort)} />
      </SimpleGrid>
      {list.isPending ? (
        <Skeleton height={240} aria-busy="true" aria-label="Loading organisations" />
      ) : list.error ? (
        <QueryErrorAlert title="The organisations could not be loaded" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="organization-count">
            {rangeLabel(list.data.total, page, PAGE_SIZE, ['organisation', 'organisations'])}
          </Text>
          {list.data.items.length > 0 ? (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover aria-label="Organisations" data-testid="organizations-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Organisation</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Members</Table.Th>
                    <Table.Th scope="col">Clusters</Table.Th>
                    <Table.Th scope="col">Customer since</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((row) => (
                    <Table.Tr key={row.id} data-testid="organization-row" data-organization={row.name}>
                      <Table.Td>
                        <Anchor component="button" type="button" fw={600} size="sm" onClick={() => onOpen(row.id)}>
                          {row.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {row.billingId}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          <Badge variant="filled" color={ORGANIZATION_STATUS_LABELS[row.status].color} tt="none">
                            {ORGANIZATION_STATUS_LABELS[row.status].label}
                          </Badge>
                          {row.overdueSince !== null ? (
                            <Badge variant="filled" color={OVERDUE_COLOR} tt="none">
                              Overdue since {formatDate(row.overdueSince)}
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{row.members}</Table.Td>
                      <Table.Td>{row.clusters}</Table.Td>
                      <Table.Td>{formatDate(row.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Pager label="Pages of organisations" pages={pageCount(list.data.total, PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
