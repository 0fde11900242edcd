import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ORGANIZATION_ROLES, type OrganizationRole } from '@kubemarket/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CellLines, ListSearchInput, SearchInput, useListState } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ReasonDialog, StaffPage, StaffPagedTable, type ReasonAction } from '../officers';
import { mayActOn, PLATFORM_ROLE_LABELS, reasonProblem } from './staff-users-format';
import type { MemberRow } from './staff-users-types';
import { useStaffUsersChange } from './staff-users-change';

const PAGE_SIZE = 20;

/** /admin/organization-users: the members of any organisation, to move or remove. */
export function OrganizationUsersPage() {
  return (
    <StaffPage
      title="Organization Users"
      description="Members of every organisation with their organisation roles. Move a member to another organisation or remove them; an organisation always keeps an owner."
      minRole="admin"
    >
      <MembersList />
    </StaffPage>
  );
}

function MembersList() {
  const trpc = useTRPC();
  const me = useSessionUser();
  const list = useListState({ organization: '' });
  const [organization] = useDebouncedValue(list.filters.organization.trim(), 300);
  const [action, setAction] = useState<ReasonAction | null>(null);
  const members = useQuery({
    ...trpc.staffUsers.organizationMembers.queryOptions({ organization: organization || undefined, q: list.q, page: list.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const options = useStaffUsersChange();
  const move = useMutation(trpc.staffUsers.moveMember.mutationOptions(options));
  const remove = useMutation(trpc.staffUsers.removeMember.mutationOptions(options));

  const moveAction = (member: MemberRow): ReasonAction => {
    const target = { organization: '', role: 'member' as OrganizationRole };
    return {
      title: `Move ${member.name} to another organisation`,
      body: `${member.name} leaves ${member.organization.name} and is signed out everywhere; they are emailed.`,
      confirmLabel: 'Move member',
      extra: <MoveFields onChange={(next) => Object.assign(target, next)} />,
      run: (reason) => move.mutateAsync({ id: member.id, organizationId: target.organization.trim(), organizationRole: target.role, reason }),
      done: { title: 'Member moved', description: `${member.name} was moved.` },
    };
  };
  const removeAction = (member: MemberRow): ReasonAction => ({
    title: `Remove ${member.name} from ${member.organization.name}?`,
    body: `${member.name} loses every access to ${member.organization.name} and is signed out. The account is kept (orders and the audit log still name it) in an organisation of its own, which must be approved before it orders.`,
    confirmLabel: 'Remove member',
    danger: true,
    run: (reason) => remove.mutateAsync({ id: member.id, reason }),
    done: { title: 'Member removed', description: `${member.name} no longer belongs to ${member.organization.name}.` },
  });

  const columns: Column<MemberRow>[] = [
    { header: 'Organisation', cell: (member) => <CellLines detail={`${member.organization.billingId} · ${member.organization.status}`}>{member.organization.name}</CellLines> },
    { header: 'Member', cell: (member) => <CellLines strong detail={`${member.username} · ${member.email}`}>{member.name}</CellLines> },
    {
      header: 'Organisation role',
      cell: (member) => (
        <>
          {member.organizationRole}
          {isLastOwner(member) ? (
            <Text size="xs" c="dimmed">
              last owner
            </Text>
          ) : null}
        </>
      ),
    },
    { header: 'Platform role', cell: (member) => PLATFORM_ROLE_LABELS[member.role] },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (member) =>
        mayActOn(me, member) && !isLastOwner(member) ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setAction(moveAction(member))} aria-label={`Move ${member.name}`}>
              Move
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setAction(removeAction(member))} aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SearchInput
          label="Organisation"
          placeholder="Name, billing id or organisation id"
          value={list.filters.organization}
          onChange={(event) => list.setFilter('organization', event.currentTarget.value)}
          data-testid="member-organization-search"
        />
        <ListSearchInput state={list} label="Member" placeholder="Name, email or username" />
      </SimpleGrid>
      <StaffPagedTable
        query={members}
        state={list}
        pageSize={PAGE_SIZE}
        noun={['member', 'members']}
        rangeTestId="member-count"
        columns={columns}
        rowKey={(member) => member.id}
        rowProps={(member) => ({ 'data-testid': 'member-row', 'data-username': member.username })}
        label="Organisation members"
        minWidth={760}
        testId="members-table"
      />
      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}

/** An owner whom the organisation cannot lose: its only one. */
const isLastOwner = (member: MemberRow) => member.organizationRole === 'owner' && member.owners <= 1;

function MoveFields({ onChange }: { onChange: (next: { organization?: string; role?: OrganizationRole }) => void }) {
  const [organization, setOrganization] = useState('');
  const [role, setRole] = useState<OrganizationRole>('member');
  return (
    <>
      <TextInput
        label="Organisation to move to"
        description="Its billing id (KM-…) or organisation id."
        required
        value={organization}
        onChange={(event) => {
          setOrganization(event.currentTarget.value);
          onChange({ organization: event.currentTarget.value });
        }}
      />
      <Select
        label="Organisation role there"
        data={ORGANIZATION_ROLES.map((value) => ({ value, label: value }))}
        value={role}
        allowDeselect={false}
        onChange={(value) => {
          if (!value) return;
          setRole(value as OrganizationRole);
          onChange({ role: value as OrganizationRole });
        }}
      />
    </>
  );
}
