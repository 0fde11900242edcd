import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { describeUserAgent } from '@kubemarket/shared';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/date-format';
import { formatRelativeTime } from '../../lib/relative-time';
import { useTRPC } from '../../lib/trpc';
import { DataTable, QueryView, RowsSkeleton, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { PasswordConfirmModal } from './password-confirm-modal';
import { useNow } from '../../lib/use-now';

export const SESSIONS_ANCHOR = 'sessions';

/** The devices signed in to the account, with a way to sign any of them out. */
export function SessionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow();
  const sessions = useQuery(trpc.security.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.security.sessions.queryKey() });

  const revoke = useMutation(
    trpc.security.revokeSession.mutationOptions({
      onSuccess() {
        void refresh();
        notifications.show({ message: 'That session has been signed out.', color: 'green' });
      },
      onError(error) {
        notifications.show({ title: 'Error', message: error.message, color: 'red' });
      },
    }),
  );
  const [confirmingRevokeOthers, setConfirmingRevokeOthers] = useState(false);
  const revokeOthers = useMutation(
    trpc.security.revokeOtherSessions.mutationOptions({
      onSuccess({ revoked }) {
        setConfirmingRevokeOthers(false);
        void refresh();
        notifications.show({
          message: revoked === 1 ? 'Signed out of 1 other session.' : `Signed out of ${revoked} other sessions.`,
          color: 'green',
        });
      },
    }),
  );

  useScrollIntoViewOnHash(SESSIONS_ANCHOR, sessions.isSuccess);

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const columns: Column<NonNullable<typeof sessions.data>[number]>[] = [
    {
      header: 'Device',
      cell: (session) => (
        <Group gap="xs" wrap="nowrap">
          <IconDeviceDesktop size={18} stroke={1.6} aria-hidden />
          <Stack gap={0}>
            <Group gap="xs">
              <Tooltip label={session.userAgent ?? 'No user agent was sent'} multiline maw={360}>
                <Text size="sm" fw={500}>
                  {describeUserAgent(session.userAgent).label}
                </Text>
              </Tooltip>
              {session.current ? (
                <Badge size="xs" variant="light" color="teal">
                  This device
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              Signed in {formatDateTime(session.createdAt)}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      header: 'IP address',
      cell: (session) => (
        <Text size="sm" ff="monospace">
          {session.ipAddress ?? 'Unknown'}
        </Text>
      ),
    },
    {
      header: 'Last seen',
      cell: (session) => (
        <Tooltip label={formatDateTime(session.lastActiveAt)}>
          <Text size="sm">{formatRelativeTime(session.lastActiveAt, now)}</Text>
        </Tooltip>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (session) =>
        session.current ? null : (
          <Button size="xs" variant="subtle" color="red" loading={revoke.isPending && revoke.variables.id === session.id} onClick={() => revoke.mutate({ id: session.id })}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <SectionCard
      id={SESSIONS_ANCHOR}
      title="Active sessions"
      description="Browsers and devices signed in to your account. Sign out any you do not recognise, then change your password."
      aside={
        <Button
          variant="light"
          color="red"
          size="xs"
          disabled={others === 0}
          onClick={() => {
            revokeOthers.reset();
            setConfirmingRevokeOthers(true);
          }}
        >
          Sign out other sessions
        </Button>
      }
    >
      <PasswordConfirmModal
        opened={confirmingRevokeOthers}
        title="Sign out other sessions"
        confirmLabel="Sign out other sessions"
        confirmColor="red"
        change={revokeOthers}
        onClose={() => setConfirmingRevokeOthers(false)}
        testId="revoke-others-dialog"
      >
        {others === 1
          ? 'The other browser or device signed in to your account is signed out at once. This one stays signed in. Enter your password to confirm.'
          : `The ${others} other browsers and devices signed in to your account are signed out at once. This one stays signed in. Enter your password to confirm.`}
      </PasswordConfirmModal>
      <QueryView query={sessions} loading={<RowsSkeleton label="Loading sessions" />} errorTitle="Sessions could not be loaded">
        {(data) => (
          <DataTable
            rows={data}
            columns={columns}
            rowKey={(session) => session.id}
            rowProps={(session) => ({ 'data-testid': 'session-row', 'data-current': session.current || undefined })}
            minWidth={560}
            verticalSpacing="sm"
            testId="sessions-table"
          />
        )}
      </QueryView>
    </SectionCard>
  );
}

/** The section loads after the page, too late for the router's own scroll to its #hash. */
function useScrollIntoViewOnHash(anchor: string, ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash.replace(/^#/, '') !== anchor) return;
    done.current = true;
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [anchor, hash, ready]);
}
