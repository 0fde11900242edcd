import { Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { Pager, pageCount } from '../../components/pager';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ReasonDialog, StaffPage, type ReasonAction } from '../officers';
import { rangeLabel, reasonProblem } from './staff-users-format';
import type { Registration } from './staff-users-types';

const PAGE_SIZE = 20;

/** /admin/pending-registrations: new organisations waiting for approval, oldest first. */
export function PendingRegistrationsPage() {
  return (
    <StaffPage title="Pending Registrations" description="New organisations waiting for approval. Until approved they can sign in and browse, but not order." minRole="admin">
      <RegistrationsList />
    </StaffPage>
  );
}

function RegistrationsList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<ReasonAction | null>(null);
  const list = useQuery({ ...trpc.staffUsers.pendingRegistrations.queryOptions({ q: q || undefined, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const options = { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.staffUsers.pathKey() }) };
  const approve = useMutation(trpc.staffUsers.approveRegistration.mutationOptions(options));
  const reject = useMutation(trpc.staffUsers.rejectRegistration.mutationOptions(options));

  const approveAction = (item: Registration): ReasonAction => ({
    title: `Approve ${item.organization.name}?`,
    body: `${item.organization.name} may order from now on. ${item.owner ? `${item.owner.name} is notified and emailed.` : ''}`,
    confirmLabel: 'Approve',
    reasonRequired: false,
    reasonLabel: 'Note (optional)',
    run: (reason) => approve.mutateAsync({ id: item.organization.id, reason: reason || undefined }),
    done: { title: 'Registration approved', description: `${item.organization.name} can now order.` },
  });
  const rejectAction = (item: Registration): ReasonAction => ({
    title: `Reject ${item.organization.name}?`,
    body: `${item.organization.name} will never be able to order. The owner receives your reason by email.`,
    confirmLabel: 'Reject registration',
    danger: true,
    reasonDescription: 'Sent to the owner and kept in the audit log.',
    run: (reason) => reject.mutateAsync({ id: item.organization.id, reason }),
    done: { title: 'Registration rejected', description: `${item.organization.name} was told why.` },
  });

  return (
    <Stack gap="md">
      <TextInput
        label="Search"
        placeholder="Organisation name or billing id"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maw={420}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Skeleton height={200} aria-busy="true" aria-label="Loading registrations" />
      ) : list.error ? (
        <QueryErrorAlert title="The registrations could not be loaded" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="registration-count">
            {rangeLabel(list.data.total, page, PAGE_SIZE, ['registration', 'registrations'])}
          </Text>
          {list.data.items.length > 0 ? (
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="Pending registrations" data-testid="registrations-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Organisation</Table.Th>
                    <Table.Th scope="col">Owner</Table.Th>
                    <Table.Th scope="col">Registered</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Decision</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((item) => (
                    <Table.Tr key={item.organization.id} data-testid="registration-row" data-organization={item.organization.name}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {item.organization.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {item.organization.billingId} · {item.members} member{item.members === 1 ? '' : 's'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {item.owner ? (
                          <>
                            <Text size="sm">
                              {item.owner.name} ({item.owner.username})
                            </Text>
                            <Group gap={6}>
                              <Text size="xs" c="dimmed">
                                {item.owner.email}
                              </Text>
                              <Badge size="xs" variant="light" color={item.owner.emailVerified ? 'teal' : 'yellow'}>
                                {item.owner.emailVerified ? 'Email verified' : 'Email not verified'}
                              </Badge>
                            </Group>
                          </>
                        ) : (
                          <Text size="sm" c="dimmed">
                            No owner
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(item.organization.createdAt)}</Text>
                        <Text size="xs" c="dimmed">
                          {item.registeredFrom ? `from ${item.registeredFrom}` : 'address not recorded'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" onClick={() => setAction(approveAction(item))} aria-label={`Approve ${item.organization.name}`}>
                            Approve
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => setAction(rejectAction(item))} aria-label={`Reject ${item.organization.name}`}>
                            Reject
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Pager label="Pages of registrations" pages={pageCount(list.data.total, PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}
