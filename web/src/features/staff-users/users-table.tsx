import { Badge, Button, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALL, CellLines, ListFilter, ListSearchInput, RowsSkeleton, useListState } from '../../components/list-kit';
import { StaffPagedTable } from '../officers';
import type { Column } from '../../components/list-kit';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ACCOUNT_STATE_LABELS, accountState, PLATFORM_ROLE_LABELS, PLATFORM_ROLES } from './staff-users-format';
import type { PlatformRole, UserRow } from './staff-users-types';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: ALL, label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'unverified', label: 'Email not verified' },
  { value: 'disabled', label: 'Disabled' },
];

interface UsersTableProps {
  /** Names the table for screen readers. */
  label: string;
  /** Opens a user's page. */
  onOpen: (id: string) => void;
  /** The role filter to start with. */
  initialRole?: PlatformRole;
}

const COLUMNS = (onOpen: (id: string) => void): Column<UserRow>[] => [
  { header: 'User', cell: (user) => <CellLines strong detail={`${user.username} · ${user.email}`}>{user.name}</CellLines> },
  {
    header: 'Organisation',
    cell: (user) => <CellLines detail={`${user.organization.billingId} · ${user.organizationRole}`}>{user.organization.name}</CellLines>,
  },
  { header: 'Platform role', cell: (user) => PLATFORM_ROLE_LABELS[user.role] },
  {
    header: 'Status',
    cell: (user) => {
      const state = ACCOUNT_STATE_LABELS[accountState(user)];
      return (
        <Badge color={state.color} variant="light">
          {state.label}
        </Badge>
      );
    },
  },
  { header: 'Created', cell: (user) => formatDate(user.createdAt) },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (user) => (
      <Button size="xs" variant="light" onClick={() => onOpen(user.id)} aria-label={`Open ${user.name} (${user.username})`}>
        Open
      </Button>
    ),
  },
];

/** Every account of the platform, searched and paginated on the server. */
export function UsersTable({ label, onOpen, initialRole }: UsersTableProps) {
  const trpc = useTRPC();
  const list = useListState({ role: initialRole ?? ALL, status: ALL });
  const users = useQuery({
    ...trpc.staffUsers.search.queryOptions({
      q: list.q,
      role: list.filters.role === ALL ? undefined : (list.filters.role as PlatformRole),
      status: list.filters.status === ALL ? undefined : (list.filters.status as 'active' | 'disabled' | 'unverified'),
      page: list.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ListSearchInput state={list} placeholder="Name, email or username" data-testid="user-search" />
        <ListFilter
          state={list}
          name="role"
          label="Platform role"
          data={[{ value: ALL, label: 'Any role' }, ...PLATFORM_ROLES.map((value) => ({ value, label: PLATFORM_ROLE_LABELS[value] }))]}
        />
        <ListFilter state={list} name="status" label="Status" data={STATUS_OPTIONS} />
      </SimpleGrid>
      <StaffPagedTable
        query={users}
        loading={<RowsSkeleton label="Loading users" heights={[36, 200]} gap="sm" />}
        state={list}
        pageSize={PAGE_SIZE}
        noun={['user', 'users']}
        rangeTestId="user-count"
        columns={COLUMNS(onOpen)}
        rowKey={(user) => user.id}
        rowProps={(user) => ({ 'data-testid': 'user-row', 'data-username': user.username })}
        label={label}
        minWidth={760}
        highlightOnHover
        testId="users-table"
      />
    </Stack>
  );
}
