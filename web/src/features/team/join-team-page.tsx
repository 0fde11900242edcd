import { ORGANIZATION_ROLE_LABELS } from '@kubemarket/shared';
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ButtonLink } from '../../components/router-links';
import { sessionStore, writeItem } from '../../lib/browser-storage';
import { formatDateTime } from '../../lib/date-format';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';
import { invitationTokenFrom } from './team-format';

/**
 * /join-team#token=…: what the invitation offers, then joining on a button press (a mail scanner
 * that opens the link joins nobody). The token leaves the address bar at once; signing in or
 * registering comes back here with it.
 */
export function JoinTeamPage() {
  const [token] = useState(() => invitationTokenFrom(window.location.hash));
  useLayoutEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return (
    <Container size="xs" py={48}>
      <Card withBorder padding="xl" radius="md">
        <Stack gap="md">
          <Group gap="sm">
            <IconUsersGroup size={28} aria-hidden />
            <Title order={1} size="h2">
              Join a team
            </Title>
          </Group>
          {token ? <Invitation token={token} /> : <Alert color="red">This invitation link is incomplete. Open the link from the email again.</Alert>}
        </Stack>
      </Card>
    </Container>
  );
}

function Invitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending: userPending } = useCurrentUser();
  const info = useMutation(trpc.team.invitationInfo.mutationOptions());
  const accept = useMutation(
    trpc.team.acceptInvitation.mutationOptions({
      onSuccess: async () => {
        // Everything cached belonged to the previous organisation.
        await queryClient.invalidateQueries();
        void navigate({ to: '/dashboard', replace: true });
      },
    }),
  );
  const { mutate: lookUp } = info;
  useEffect(() => lookUp({ token }), [lookUp, token]);

  if (info.isPending || info.isIdle || userPending) {
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" />
        <Text>Checking the invitation…</Text>
      </Group>
    );
  }
  if (info.error) {
    return (
      <Alert color="red" role="alert" title="This invitation cannot be used">
        {info.error.message}
      </Alert>
    );
  }
  const invitation = info.data;
  const roleLabel = ORGANIZATION_ROLE_LABELS[invitation.role].toLowerCase();
  const comeBack = () => writeItem(sessionStore(), STORAGE_KEYS.redirectAfterLogin, `/join-team#token=${token}`);

  return (
    <Stack gap="md" data-testid="invitation">
      <Text>
        {invitation.invitedByName ?? 'A member'} invited <strong>{invitation.email}</strong> to join <strong>{invitation.organizationName}</strong> as {roleLabel}.
      </Text>
      <Text size="sm" c="dimmed">
        The invitation expires on {formatDateTime(invitation.expiresAt)}.
      </Text>
      {user ? (
        user.email.toLowerCase() === invitation.email ? (
          <>
            <Text size="sm">
              Joining moves your account from {user.companyName ?? 'your current organisation'} to {invitation.organizationName}.
            </Text>
            <ErrorAlert>{accept.error?.message}</ErrorAlert>
            <Button onClick={() => accept.mutate({ token })} loading={accept.isPending} data-testid="accept-invitation">
              Join {invitation.organizationName}
            </Button>
          </>
        ) : (
          <Alert color="yellow" role="alert">
            You are signed in as {user.email}. Sign out, then sign in or create an account with {invitation.email} to accept this invitation.
          </Alert>
        )
      ) : (
        <>
          <Text size="sm">Create an account, or sign in, with {invitation.email} to accept.</Text>
          <Group grow>
            <ButtonLink to="/auth" search={{ tab: 'register' }} onClick={comeBack} data-testid="invitation-register">
              Create an account
            </ButtonLink>
            <ButtonLink to="/auth" variant="default" onClick={comeBack}>
              Sign in
            </ButtonLink>
          </Group>
        </>
      )}
    </Stack>
  );
}
