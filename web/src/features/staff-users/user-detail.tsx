import { Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsList } from '../../components/details-list';
import { DataTable } from '../../components/list-kit';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ReasonDialog, type ReasonAction } from '../officers';
import { ACCOUNT_STATE_LABELS, accountState, isAdminRole, mayActOn, PLATFORM_ROLE_LABELS, promotionChoices, reasonProblem } from './staff-users-format';
import type { PromotionRole, UserDetail as Detail } from './staff-users-types';
import { useStaffUsersChange } from './staff-users-change';

/** One user's page: who they are, where they belong, how they sign in, and the staff actions on them. */
export function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const trpc = useTRPC();
  const user = useQuery(trpc.staffUsers.get.queryOptions({ id }));
  return (
    <Stack gap="md" data-testid="user-detail">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to the list
        </Button>
      </Group>
      {user.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the user">
          <Skeleton height={120} />
          <Skeleton height={200} />
        </Stack>
      ) : user.error ? (
        <QueryErrorAlert title="This user could not be loaded" query={user} />
      ) : (
        <Loaded user={user.data} />
      )}
    </Stack>
  );
}

function Loaded({ user }: { user: Detail }) {
  const trpc = useTRPC();
  const me = useSessionUser();
  const [action, setAction] = useState<ReasonAction | null>(null);
  const options = useStaffUsersChange();
  const disable = useMutation(trpc.staffUsers.disable.mutationOptions(options));
  const enable = useMutation(trpc.staffUsers.enable.mutationOptions(options));
  const endSessions = useMutation(trpc.staffUsers.endSessions.mutationOptions(options));
  const resetMfa = useMutation(trpc.staffUsers.resetMfa.mutationOptions(options));
  const resend = useMutation(trpc.staffUsers.resendVerification.mutationOptions(options));
  const request = useMutation(trpc.staffUsers.requestPromotion.mutationOptions(options));

  const state = ACCOUNT_STATE_LABELS[accountState(user)];
  const mayAct = mayActOn(me, user);
  const choices = isAdminRole(me.role) && me.id !== user.id && user.disabledAt === null ? promotionChoices(me.role, user.role) : [];
  const pendingPromotion = user.promotionRequests.find((item) => item.status === 'pending');

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} data-testid="user-detail-name">
                {user.name}
              </Title>
              <Text c="dimmed" size="sm">
                {user.username} · {user.email}
              </Text>
            </Stack>
            <Badge color={state.color} variant="light" size="lg" data-testid="user-detail-state">
              {state.label}
            </Badge>
          </Group>
          <DetailsList
            details={[
              { label: 'Organisation', value: `${user.organization.name} (${user.organization.billingId}), ${user.organization.status}` },
              { label: 'Organisation role', value: user.organizationRole },
              { label: 'Platform role', value: PLATFORM_ROLE_LABELS[user.role], testId: 'user-detail-role' },
              {
                label: 'Two-step verification',
                value: user.mfa.enabled
                  ? `On since ${formatDateTime(user.mfa.enabledAt ?? 0)}, ${user.mfa.recoveryCodesLeft} recovery codes left${user.mfa.lockedUntil ? `, locked until ${formatDateTime(user.mfa.lockedUntil)}` : ''}`
                  : 'Off',
                testId: 'user-detail-mfa',
              },
              { label: 'Created', value: formatDateTime(user.createdAt) },
              { label: 'Disabled', value: user.disabledAt ? formatDateTime(user.disabledAt) : 'No' },
            ]}
          />
          <Group gap="sm">
            {mayAct && user.disabledAt === null ? (
              <Button
                color="red"
                variant="light"
                onClick={() =>
                  setAction({
                    title: `Disable ${user.name}?`,
                    body: 'They are signed out everywhere at once and cannot sign in, nor use their API tokens, until an account is enabled again. They receive an email with your reason.',
                    confirmLabel: 'Disable account',
                    danger: true,
                    reasonDescription: 'Sent to the user and kept in the audit log.',
                    run: (reason) => disable.mutateAsync({ id: user.id, reason }),
                    done: { title: 'Account disabled', description: `${user.name} can no longer sign in.` },
                  })
                }
              >
                Disable
              </Button>
            ) : null}
            {mayAct && user.disabledAt !== null ? (
              <Button
                variant="light"
                onClick={() =>
                  setAction({
                    title: `Enable ${user.name}?`,
                    body: 'They can sign in again and are told by email.',
                    confirmLabel: 'Enable account',
                    run: (reason) => enable.mutateAsync({ id: user.id, reason }),
                    done: { title: 'Account enabled', description: `${user.name} can sign in again.` },
                  })
                }
              >
                Enable
              </Button>
            ) : null}
            {mayAct ? (
              <Button
                variant="default"
                loading={endSessions.isPending}
                onClick={() =>
                  endSessions.mutate(
                    { id: user.id },
                    {
                      onSuccess: (result) => toast({ title: 'Sessions ended', description: `${result.ended} session${result.ended === 1 ? '' : 's'} of ${user.name} ended.`, variant: 'success' }),
                      onError: (error) => toast({ title: 'The sessions were not ended', description: error.message, variant: 'destructive' }),
                    },
                  )
                }
              >
                End all sessions
              </Button>
            ) : null}
            {mayAct && isAdminRole(me.role) && user.mfa.enabled ? (
              <Button
                color="orange"
                variant="light"
                onClick={() =>
                  setAction({
                    title: `Reset two-step verification of ${user.name}?`,
                    body: 'Their authenticator and recovery codes stop working and every session ends. Do this only after checking who is asking. They are notified and emailed.',
                    confirmLabel: 'Reset two-step verification',
                    danger: true,
                    reasonDescription: 'Sent to the user and kept in the audit log.',
                    run: (reason) => resetMfa.mutateAsync({ id: user.id, reason }),
                    done: { title: 'Two-step verification reset', description: `${user.name} is signed out everywhere.` },
                  })
                }
              >
                Reset MFA
              </Button>
            ) : null}
            {!user.emailVerified && user.disabledAt === null ? (
              <Button
                variant="default"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(
                    { id: user.id },
                    {
                      onSuccess: () => toast({ title: 'Verification email sent', description: `A new link was sent to ${user.email}.`, variant: 'success' }),
                      onError: (error) => toast({ title: 'The email was not sent', description: error.message, variant: 'destructive' }),
                    },
                  )
                }
              >
                Resend verification email
              </Button>
            ) : null}
            {choices.length > 0 && !pendingPromotion ? (
              <Button variant="filled" onClick={() => setAction(promotionAction(user, choices, (role, reason) => request.mutateAsync({ userId: user.id, role, reason })))}>
                Request promotion
              </Button>
            ) : null}
          </Group>
          {pendingPromotion ? (
            <Text size="sm" data-testid="user-detail-pending-promotion">
              A promotion to {PLATFORM_ROLE_LABELS[pendingPromotion.requestedRole]} requested by {pendingPromotion.requestedBy?.name ?? 'a former staff member'} awaits a super
              admin’s decision.
            </Text>
          ) : null}
        </Stack>
      </Card>

      <Stack gap="xs">
        <Title order={3}>Sessions</Title>
        {user.sessions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="user-detail-no-sessions">
            No open session.
          </Text>
        ) : (
          <DataTable
            label={`Open sessions of ${user.name}`}
            testId="user-sessions"
            minWidth={640}
            rows={user.sessions}
            rowKey={(session) => session.id}
            columns={[
              { header: 'Started', cell: (session) => formatDateTime(session.createdAt) },
              { header: 'Last active', cell: (session) => formatDateTime(session.lastActiveAt) },
              { header: 'Address', cell: (session) => session.ipAddress ?? 'Unknown' },
              {
                header: 'Browser',
                cell: (session) => (
                  <Text size="sm" lineClamp={1}>
                    {session.userAgent ?? 'Unknown'}
                  </Text>
                ),
              },
            ]}
          />
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3}>Recent sign-ins</Title>
        {user.recentSignIns.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sign-in recorded.
          </Text>
        ) : (
          <DataTable
            label={`Recent sign-ins of ${user.name}`}
            testId="user-sign-ins"
            minWidth={0}
            rows={user.recentSignIns.map((entry, index) => ({ ...entry, key: `${entry.at}-${index}` }))}
            rowKey={(entry) => entry.key}
            columns={[
              { header: 'When', cell: (entry) => formatDateTime(entry.at) },
              { header: 'Result', cell: (entry) => (entry.succeeded ? 'Signed in' : 'Failed') },
              { header: 'Method', cell: (entry) => entry.method ?? '—' },
              { header: 'Address', cell: (entry) => entry.ipAddress ?? 'Unknown' },
            ]}
          />
        )}
      </Stack>

      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}

function promotionAction(user: Detail, choices: PromotionRole[], run: (role: PromotionRole, reason: string) => Promise<unknown>): ReasonAction {
  let role: PromotionRole = choices[0]!;
  return {
    title: `Request a promotion for ${user.name}`,
    body: 'A super admin other than you decides. Once approved, the user is signed out everywhere and must set up two-step verification if it is not on.',
    confirmLabel: 'Send request',
    extra: <RoleChoice choices={choices} onChange={(value) => (role = value)} />,
    reasonDescription: 'The super admin who decides reads it; kept in the audit log.',
    run: (reason) => run(role, reason),
    done: { title: 'Promotion requested', description: `A super admin will decide on ${user.name}’s promotion.` },
  };
}

function RoleChoice({ choices, onChange }: { choices: PromotionRole[]; onChange: (role: PromotionRole) => void }) {
  const [value, setValue] = useState<PromotionRole>(choices[0]!);
  return (
    <Select
      label="New platform role"
      data={choices.map((choice) => ({ value: choice, label: PLATFORM_ROLE_LABELS[choice] }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (!next) return;
        setValue(next as PromotionRole);
        onChange(next as PromotionRole);
      }}
      data-testid="promotion-role"
    />
  );
}
