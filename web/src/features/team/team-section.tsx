import { ORGANIZATION_ROLE_LABELS, roleCan, type OrganizationRole } from '@kubemarket/shared';
import { Badge, Button, Group, Menu, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconDots, IconMailPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CellLines, DataTable, ListSkeleton, pageCount, Pager, QueryTable, QueryView, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';
import { ConfirmDialog, type ConfirmAction } from './confirm-dialog';
import { InviteDialog } from './invite-dialog';
import { assignableRoles, mayLeave, memberActions } from './team-format';
import type { Invitation, Member } from './team-types';
import { RegionPolicyCard } from './region-policy-card';

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

  const memberColumns = (ownerCount: number): Column<Member>[] => [
    {
      header: 'Member',
      cell: (member) => (
        <CellLines strong detail={member.email}>
          {member.name}
          {member.isYou ? ' (you)' : ''}
        </CellLines>
      ),
    },
    {
      header: 'Role',
      cell: (member) => (
        <Badge variant="filled" color={member.role === 'owner' ? 'blue.8' : 'gray.7'} tt="none" data-testid="member-role">
          {ORGANIZATION_ROLE_LABELS[member.role]}
        </Badge>
      ),
    },
    { header: 'Member since', cell: (member) => <Text size="sm">{formatDate(member.joinedAt)}</Text> },
    { header: 'Actions', hideHeader: true, cell: (member) => manageMenu(member, memberActions(role, member, ownerCount)) },
  ];

  const invitationColumns: Column<Invitation>[] = [
    { header: 'Email', cell: (invitation) => invitation.email },
    { header: 'Role', cell: (invitation) => ORGANIZATION_ROLE_LABELS[invitation.role] },
    { header: 'Invited by', cell: (invitation) => invitation.invitedByName ?? '—' },
    { header: 'Expires', cell: (invitation) => formatDateTime(invitation.expiresAt) },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (invitation) => (
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
      ),
    },
  ];

  const manageMenu = (member: Member, can: ReturnType<typeof memberActions>) =>
    can.changeRole || can.remove || can.makeOwner ? (
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
    ) : null;

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
        <QueryView query={members} loading={<ListSkeleton height={160} label="Loading members" />} errorTitle="The members could not be loaded">
          {(data) => (
            <Stack gap="sm">
              <DataTable
                rows={data.items}
                columns={memberColumns(data.ownerCount)}
                rowKey={(member) => member.id}
                rowProps={(member) => ({ 'data-testid': 'member-row', 'data-email': member.email })}
                label="Members"
                minWidth={560}
                striped
                testId="members-table"
              />
              <Pager label="Pages of members" pages={pageCount(data.total, PAGE_SIZE)} page={page} onChange={setPage} />
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {mayLeave(role, data.ownerCount) ? 'Leaving moves your account to an organisation of its own.' : 'You are the last owner: transfer ownership before you can leave.'}
                </Text>
                <Button
                  variant="default"
                  color="red"
                  disabled={!mayLeave(role, data.ownerCount)}
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
        </QueryView>
      </SectionCard>

      {manages ? (
        <SectionCard id="invitations" title="Pending invitations" description="Invitation links work for 7 days. Sending a new invitation to the same address replaces the earlier link.">
          <QueryTable
            query={invitations}
            loading={<ListSkeleton height={80} label="Loading invitations" />}
            errorTitle="The invitations could not be loaded"
            empty={
              <Text size="sm" c="dimmed">
                No invitation is waiting for an answer.
              </Text>
            }
            columns={invitationColumns}
            rowKey={(invitation) => invitation.id}
            rowProps={(invitation) => ({ 'data-testid': 'invitation-row', 'data-email': invitation.email })}
            label="Pending invitations"
            minWidth={560}
            testId="invitations-table"
          />
        </SectionCard>
      ) : null}

      <RegionPolicyCard role={role} />

      <InviteDialog opened={inviting} actorRole={role} companyName={companyName} onClose={() => setInviting(false)} onInvited={refresh} />
      <ConfirmDialog action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
