import { Badge, Button, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { Pager, pageCount } from '../../components/pager';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ACCOUNT_STATE_LABELS, accountState, PLATFORM_ROLE_LABELS, PLATFORM_ROLES, rangeLabel } from './staff-users-format';
import type { PlatformRole } from './staff-users-types';

const PAGE_SIZE = 20;
const ANY = 'any';
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
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

/** Every account of the platform, searched and paginated on the server. */
export function UsersTable({ label, onOpen, initialRole }: UsersTableProps) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<string>(initialRole ?? ANY);
  const [status, setStatus] = useState<string>(ANY);
  const [page, setPage] = useState(1);
  const users = useQuery({
    ...trpc.staffUsers.search.queryOptions({
      q: q || undefined,
      role: role === ANY ? undefined : (role as PlatformRole),
      status: status === ANY ? undefined : (status as 'active' | 'disabled' | 'unverified'),
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Search"
          placeholder="Name, email or username"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="user-search"
        />
        <Select
          label="Platform role"
          data={[{ value: ANY, label: 'Any role' }, ...PLATFORM_ROLES.map((value) => ({ value, label: PLATFORM_ROLE_LABELS[value] }))]}
          value={role}
          allowDeselect={false}
          onChange={(value) => {
            setRole(value ?? ANY);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          allowDeselect={false}
          onChange={(value) => {
            setStatus(value ?? ANY);
            setPage(1);
          }}
        />
      </SimpleGrid>
      {users.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading users">
          <Skeleton height={36} />
          <Skeleton height={200} />
        </Stack>
      ) : users.error ? (
        <QueryErrorAlert title="The users could not be loaded" error={users.error} retrying={users.isFetching} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="user-count">
            {rangeLabel(users.data.total, page, PAGE_SIZE, ['user', 'users'])}
          </Text>
          {users.data.items.length > 0 ? (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover aria-label={label} data-testid="users-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">User</Table.Th>
                    <Table.Th scope="col">Organisation</Table.Th>
                    <Table.Th scope="col">Platform role</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Created</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.items.map((user) => {
                    const state = ACCOUNT_STATE_LABELS[accountState(user)];
                    return (
                      <Table.Tr key={user.id} data-testid="user-row" data-username={user.username}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {user.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {user.username} · {user.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{user.organization.name}</Text>
                          <Text size="xs" c="dimmed">
                            {user.organization.billingId} · {user.organizationRole}
                          </Text>
                        </Table.Td>
                        <Table.Td>{PLATFORM_ROLE_LABELS[user.role]}</Table.Td>
                        <Table.Td>
                          <Badge color={state.color} variant="light">
                            {state.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="light" onClick={() => onOpen(user.id)} aria-label={`Open ${user.name} (${user.username})`}>
                            Open
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Pager label="Pages of users" pages={pageCount(users.data.total, PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
