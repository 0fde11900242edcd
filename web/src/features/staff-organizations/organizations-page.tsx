import type { OrganizationsTab } from './organizations-tabs';
import { Anchor, Badge, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALL, ListFilter, ListSearchInput, useListState, type Column } from '../../components/list-kit';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ActivityLog } from '../team';
import { OrganizationDetailView } from './organization-detail';
import { ORGANIZATION_STATUS_LABELS, OVERDUE_COLOR } from './staff-format';
import { StaffPage, StaffPagedTable } from '../officers';
import type { OrganizationRow, OrganizationStatus } from './staff-organizations-types';

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
  { value: ALL, label: 'Every status' },
  ...Object.entries(ORGANIZATION_STATUS_LABELS).map(([value, { label }]) => ({ value, label })),
];
const OVERDUE_OPTIONS = [
  { value: ALL, label: 'Paid or not' },
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
  const list = useListState({ status: ALL, overdue: ALL, sort: 'name' });
  const { status, overdue, sort } = list.filters;
  const organizations = useQuery({
    ...trpc.staffOrganizations.list.queryOptions({
      q: list.q,
      status: status === ALL ? undefined : (status as OrganizationStatus),
      overdue: overdue === ALL ? undefined : overdue === 'yes',
      sort: sort as 'name' | 'newest' | 'overdue',
      page: list.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<OrganizationRow>[] = [
    {
      header: 'Organisation',
      cell: (row) => (
        <>
          <Anchor component="button" type="button" fw={600} size="sm" onClick={() => onOpen(row.id)}>
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.billingId}
          </Text>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (row) => (
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
      ),
    },
    { header: 'Members', cell: (row) => row.members },
    { header: 'Clusters', cell: (row) => row.clusters },
    { header: 'Customer since', cell: (row) => formatDate(row.createdAt) },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <ListSearchInput state={list} placeholder="Name or billing id" />
        <ListFilter state={list} name="status" label="Status" data={STATUS_OPTIONS} />
        <ListFilter state={list} name="overdue" label="Payment" data={OVERDUE_OPTIONS} />
        <ListFilter state={list} name="sort" label="Sort by" data={SORT_OPTIONS} />
      </SimpleGrid>
      <StaffPagedTable
        query={organizations}
        skeletonHeight={240}
        state={list}
        pageSize={PAGE_SIZE}
        noun={['organisation', 'organisations']}
        rangeTestId="organization-count"
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'organization-row', 'data-organization': row.name })}
        label="Organisations"
        minWidth={720}
        highlightOnHover
        testId="organizations-table"
      />
    </Stack>
  );
}
