import { ORGANIZATION_ROLE_LABELS, roleCan, type OrganizationRole } from '@kubemarket/shared';
import { Badge, Button, Group, Menu, Select, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconMailPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { Pager, pageCount } from '../../components/pager';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';
import { ConfirmDialog, type ConfirmAction } from './confirm-dialog';
import { InviteDialog } from './invite-dialog';
import { assignableRoles, mayLeave, memberActions } from './team-format';
import type { Invitation, Member } from './team-types';

const PAGE_SIZE = 25;

/** Settings → Team: who is in the organisation, with which role, and who is invited. */
export function TeamSection() {
  const { data: user } = useCurrentUser();
  if (!user) return <Skeleton height={240} aria-busy="true" aria-label="Loading your team" />;
  return <Team role={user.organizationRole} companyName={user.companyName ?? 'your organisation'} />;
}

function Team({ role, companyName }: { role: OrganizationRole; companyName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<ConfirmAction | null>(null);
  const [inviting, setInviting] = useState(false);
  const manages = roleCan(role, 'members:manage');
  const members = useQuery({ ...trpc.team.members.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const invitations = useQuery({ ...trpc.team.invitations.queryOptions(), enabled: manages });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.auth.pathKey() });
  };
  const options = { onSuccess: refresh };
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions(options));
  const remove = useMutation(trpc.team.removeMember.mutationOptions(options));
  const transfer = useMutation(trpc.team.transferOwnership.mutationOptions(options));
  const leave = useMutation(trpc.team.leave.mutationOptions(options));
  const revoke = useMutation(trpc.team.revokeInvitation.mutationOptions(options));

  const roleAction = (member: Member): ConfirmAction => {
    let chosen: OrganizationRole = member.role;
    return {
      title: `Change the role of ${member.name}`,
      body: `${member.name} is ${ORGANIZATION_ROLE_LABELS[member.role].toLowerCase()}. The new role applies at once, to every session and API token of theirs.`,
      confirmLabel: 'Change role',
      extra: (
        <Select
          label="New role"
          data={assignableRoles(role).map((value) => ({ value, label: ORGANIZATION_ROLE_LABELS[value] }))}
          defaultValue={member.role}
          allowDeselect={false}
          onChange={(value) => {
            if (value) chosen = value as OrganizationRole;
          }}
          comboboxProps={{ withinPortal: true }}
        />
      ),
      run: () => changeRole.mutateAsync({ id: member.id, role: chosen }),
      done: `${member.name}'s role was changed.`,
    };
  };

  return (
    <Stack gap="lg">
      <SectionCard
        id="team"
        title="Members"
        description={`The people of ${companyName} and what each may do. Owners and administrators manage the team; only an owner makes someone an owner.`}
        aside={
          manages ? (
            <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={() => setInviting(true)} data-testid="invite-member">
              Invite a member
            </Button>
          ) : null
        }
      >
        {members.isPending ? (
          <Skeleton height={160} aria-busy="true" aria-label="Loading members" />
        ) : members.error ? (
          <QueryErrorAlert title="The members could not be loaded" error={members.error} retrying={members.isFetching} onRetry={() => void members.refetch()} />
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Members" data-testid="members-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Member</Table.Th>
                    <Table.Th scope="col">Role</Table.Th>
                    <Table.Th scope="col">Member since</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.data.items.map((member) => {
                    const can = memberActions(role, member, members.data.ownerCount);
                    return (
                      <Table.Tr key={member.id} data-testid="member-row" data-email={member.email}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {member.name}
                            {member.isYou ? ' (you)' : ''}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {member.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="filled" color={member.role === 'owner' ? 'blue.8' : 'gray.7'} tt="none" data-testid="member-role">
                            {ORGANIZATION_ROLE_LABELS[member.role]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(member.joinedAt)}</Text>
                        </Table.Td>
                        <Table.Td>
                          {can.changeRole || can.remove || can.makeOwner ? (
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <Button variant="subtle" size="xs" aria-label={`Actions for ${member.name}`} leftSection={<IconDots size={16} aria-hidden />}>
                                  Manage
                                </Button>
                              </Menu.Target>
                              <Menu.Dropdown>
                                {can.changeRole ? <Menu.Item onClick={() => setAction(roleAction(member))}>Change role</Menu.Item> : null}
                                {can.makeOwner ? (
                                  <Menu.Item
                                    onClick={() =>
                                      setAction({
                                        title: `Make ${member.name} the owner?`,
                                        body: `${member.name} becomes the owner of ${companyName}; you stay as an administrator and can no longer change ownership.`,
                                        confirmLabel: 'Transfer ownership',
                                        run: () => transfer.mutateAsync({ id: member.id }),
                                        done: `${member.name} now owns ${companyName}.`,
                                      })
                                    }
                                  >
                                    Transfer ownership
                                  </Menu.Item>
                                ) : null}
                                {can.remove ? (
                                  <Menu.Item
                                    color="red"
                                    onClick={() =>
                                      setAction({
                                        title: `Remove ${member.name}?`,
                                        body: `${member.name} loses access to ${companyName} at once: its clusters, orders and billing. Their account stays, in an organisation of their own.`,
                                        confirmLabel: 'Remove member',
                                        danger: true,
                                        run: () => remove.mutateAsync({ id: member.id }),
                                        done: `${member.name} was removed.`,
                                      })
                                    }
                                  >
                                    Remove from organisation
                                  </Menu.Item>
                                ) : null}
                              </Menu.Dropdown>
                            </Menu>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager label="Pages of members" pages={pageCount(members.data.total, PAGE_SIZE)} page={page} onChange={setPage} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {mayLeave(role, members.data.ownerCount) ? 'Leaving moves your account to an organisation of its own.' : 'You are the last owner: transfer ownership before you can leave.'}
              </Text>
              <Button
                variant="default"
                color="red"
                disabled={!mayLeave(role, members.data.ownerCount)}
                onClick={() =>
                  setAction({
                    title: `Leave ${companyName}?`,
                    body: `You lose access to ${companyName} at once. Someone must invite you again for you to come back.`,
                    confirmLabel: 'Leave organisation',
                    danger: true,
                    run: () => leave.mutateAsync(),
                    done: `You left ${companyName}.`,
                  })
                }
              >
                Leave organisation
              </Button>
            </Group>
          </Stack>
        )}
      </SectionCard>

      {manages ? (
        <SectionCard id="invitations" title="Pending invitations" description="Invitation links work for 7 days. Sending a new invitation to the same address replaces the earlier link.">
          {invitations.isPending ? (
            <Skeleton height={80} aria-busy="true" aria-label="Loading invitations" />
          ) : invitations.error ? (
            <QueryErrorAlert title="The invitations could not be loaded" error={invitations.error} retrying={invitations.isFetching} onRetry={() => void invitations.refetch()} />
          ) : invitations.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No invitation is waiting for an answer.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Pending invitations" data-testid="invitations-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">Role</Table.Th>
                    <Table.Th scope="col">Invited by</Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invitations.data.items.map((invitation: Invitation) => (
                    <Table.Tr key={invitation.id} data-testid="invitation-row" data-email={invitation.email}>
                      <Table.Td>{invitation.email}</Table.Td>
                      <Table.Td>{ORGANIZATION_ROLE_LABELS[invitation.role]}</Table.Td>
                      <Table.Td>{invitation.invitedByName ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(invitation.expiresAt)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Withdraw the invitation of ${invitation.email}`}
                          onClick={() =>
                            setAction({
                              title: `Withdraw the invitation of ${invitation.email}?`,
                              body: 'The link in their email stops working at once.',
                              confirmLabel: 'Withdraw invitation',
                              danger: true,
                              run: () => revoke.mutateAsync({ id: invitation.id }),
                              done: 'Invitation withdrawn.',
                            })
                          }
                        >
                          Withdraw
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionCard>
      ) : null}

      <InviteDialog opened={inviting} actorRole={role} companyName={companyName} onClose={() => setInviting(false)} onInvited={refresh} />
      <ConfirmDialog action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
