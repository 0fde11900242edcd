import { Button, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { ORGANIZATION_ROLES, type OrganizationRole } from '@kubemarket/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { Pager, pageCount } from '../../components/pager';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ReasonDialog, StaffPage, type ReasonAction } from '../officers';
import { mayActOn, PLATFORM_ROLE_LABELS, rangeLabel, reasonProblem } from './staff-users-format';
import type { MemberRow } from './staff-users-types';

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
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [organization, setOrganization] = useState('');
  const [search, setSearch] = useState('');
  const [filters] = useDebouncedValue({ organization: organization.trim(), q: search.trim() }, 300);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<ReasonAction | null>(null);
  const list = useQuery({
    ...trpc.staffUsers.organizationMembers.queryOptions({ organization: filters.organization || undefined, q: filters.q || undefined, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const options = { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.staffUsers.pathKey() }) };
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

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Organisation"
          placeholder="Name, billing id or organisation id"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={organization}
          onChange={(event) => {
            setOrganization(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="member-organization-search"
        />
        <TextInput
          label="Member"
          placeholder="Name, email or username"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </SimpleGrid>
      {list.isPending ? (
        <Skeleton height={200} aria-busy="true" aria-label="Loading members" />
      ) : list.error ? (
        <QueryErrorAlert title="The members could not be loaded" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="member-count">
            {rangeLabel(list.data.total, page, PAGE_SIZE, ['member', 'members'])}
          </Text>
          {list.data.items.length > 0 ? (
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="Organisation members" data-testid="members-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Organisation</Table.Th>
                    <Table.Th scope="col">Member</Table.Th>
                    <Table.Th scope="col">Organisation role</Table.Th>
                    <Table.Th scope="col">Platform role</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((member) => {
                    const lastOwner = member.organizationRole === 'owner' && member.owners <= 1;
                    const mayAct = mayActOn(me, member);
                    return (
                      <Table.Tr key={member.id} data-testid="member-row" data-username={member.username}>
                        <Table.Td>
                          <Text size="sm">{member.organization.name}</Text>
                          <Text size="xs" c="dimmed">
                            {member.organization.billingId} · {member.organization.status}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {member.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {member.username} · {member.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {member.organizationRole}
                          {lastOwner ? (
                            <Text size="xs" c="dimmed">
                              last owner
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{PLATFORM_ROLE_LABELS[member.role]}</Table.Td>
                        <Table.Td>
                          {mayAct && !lastOwner ? (
                            <Group gap="xs" wrap="nowrap">
                              <Button size="xs" variant="light" onClick={() => setAction(moveAction(member))} aria-label={`Move ${member.name}`}>
                                Move
                              </Button>
                              <Button size="xs" color="red" variant="light" onClick={() => setAction(removeAction(member))} aria-label={`Remove ${member.name}`}>
                                Remove
                              </Button>
                            </Group>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Pager label="Pages of members" pages={pageCount(list.data.total, PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}

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
