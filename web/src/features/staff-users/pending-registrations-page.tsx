import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CellLines, ListSearchInput, useListState } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ReasonDialog, StaffPage, StaffPagedTable, type ReasonAction } from '../officers';
import { reasonProblem } from './staff-users-format';
import type { Registration } from './staff-users-types';
import { useStaffUsersChange } from './staff-users-change';

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
  const list = useListState();
  const [action, setAction] = useState<ReasonAction | null>(null);
  const registrations = useQuery({ ...trpc.staffUsers.pendingRegistrations.queryOptions({ q: list.q, page: list.page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const options = useStaffUsersChange();
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

  const columns: Column<Registration>[] = [
    {
      header: 'Organisation',
      cell: (item) => (
        <CellLines strong detail={`${item.organization.billingId} · ${item.members} member${item.members === 1 ? '' : 's'}`}>
          {item.organization.name}
        </CellLines>
      ),
    },
    {
      header: 'Owner',
      cell: (item) =>
        item.owner ? (
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
        ),
    },
    {
      header: 'Registered',
      cell: (item) => <CellLines detail={item.registeredFrom ? `from ${item.registeredFrom}` : 'address not recorded'}>{formatDateTime(item.organization.createdAt)}</CellLines>,
    },
    {
      header: 'Decision',
      hideHeader: true,
      cell: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={() => setAction(approveAction(item))} aria-label={`Approve ${item.organization.name}`}>
            Approve
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setAction(rejectAction(item))} aria-label={`Reject ${item.organization.name}`}>
            Reject
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListSearchInput state={list} placeholder="Organisation name or billing id" maw={420} />
      <StaffPagedTable
        query={registrations}
        state={list}
        pageSize={PAGE_SIZE}
        noun={['registration', 'registrations']}
        rangeTestId="registration-count"
        columns={columns}
        rowKey={(item) => item.organization.id}
        rowProps={(item) => ({ 'data-testid': 'registration-row', 'data-organization': item.organization.name })}
        label="Pending registrations"
        minWidth={760}
        testId="registrations-table"
      />
      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}
