import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { ErrorAlert } from '../../components/error-alert';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { DEFAULT_SIGNED_IN_PATH } from './redirect-after-login';
import { EmailLinkCheckFailed, EmailLinkChecking, EmailLinkPage, EmailLinkProblem, isDeadLinkError, linkExpiry, useEmailLinkInfo } from './email-link-states';
import { useCurrentUser } from './use-current-user';
import { useLogout } from './use-logout';
import { useSignInAnswer } from './use-sign-in';

const LINK_LIFETIME_HINT = 'Sign-in links work once and expire after 15 minutes.';

function NewLinkActions() {
  return (
    <Group grow>
      <ButtonLink to="/magic-link-login">Send a new link</ButtonLink>
      <ButtonLink to="/auth" variant="default">
        Sign in with a password
      </ButtonLink>
    </Group>
  );
}

/**
 * /magic-link#token=…: says which account the link signs in to, and signs in only when the
 * person presses the button. Opening the link (a mail scanner does) spends nothing.
 */
export function MagicLinkPage() {
  return <EmailLinkPage flow={MagicLinkFlow} />;
}

function MagicLinkFlow({ token }: { token: string | null }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { info, retry } = useEmailLinkInfo(token, 'magic');
  const { data: currentUser } = useCurrentUser();
  const logout = useLogout();
  // The code step or the staff set-up step continues on the sign-in page, which resumes it.
  const toNextStep = useCallback(() => void navigate({ to: '/auth', replace: true }), [navigate]);
  const answer = useSignInAnswer(toNextStep);
  const consume = useMutation(trpc.auth.consumeMagicLink.mutationOptions({ onSuccess: answer }));

  if (!token) {
    return (
      <EmailLinkProblem
        title="This sign-in link does not work"
        message="This link is incomplete. Open the link from the email again."
        hint={LINK_LIFETIME_HINT}
        actions={<NewLinkActions />}
      />
    );
  }

  if (consume.isSuccess) {
    return <EmailLinkChecking title="Signing you in" label="Signing you in..." />;
  }

  if ((consume.isError && isDeadLinkError(consume.error)) || (info.isError && isDeadLinkError(info.error))) {
    return (
      <EmailLinkProblem
        title="This sign-in link does not work"
        message={(consume.error ?? info.error)?.message}
        hint={LINK_LIFETIME_HINT}
        actions={<NewLinkActions />}
      />
    );
  }

  if (info.isError) {
    return <EmailLinkCheckFailed message={info.error.message} onRetry={retry} pending={info.isPending} />;
  }

  if (!info.isSuccess) {
    return <EmailLinkChecking title="Sign in with your email link" label="Checking your sign-in link..." />;
  }

  const { email, expiresAt } = info.data;

  if (currentUser) {
    const same = currentUser.email.toLowerCase() === email.toLowerCase();
    return (
      <AuthCard title={same ? 'You are already signed in' : 'You are signed in to another account'}>
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {same ? (
            <>
              This browser is already signed in as <strong>{email}</strong>. You do not need this link.
            </>
          ) : (
            <>
              This link signs in as <strong>{email}</strong>, but this browser is signed in as{' '}
              <strong>{currentUser.email}</strong>. Sign out first, then open the link from the email again: it has not
              been used. {linkExpiry(expiresAt)}
            </>
          )}
        </Alert>
        {same ? (
          <ButtonLink to={DEFAULT_SIGNED_IN_PATH} fullWidth>
            Go to the dashboard
          </ButtonLink>
        ) : (
          <Group grow>
            <Button color="red" variant="light" onClick={logout.logout} loading={logout.isPending}>
              Sign out
            </Button>
            <ButtonLink to={DEFAULT_SIGNED_IN_PATH} variant="default">
              Stay signed in
            </ButtonLink>
          </Group>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in to KubeMarket"
      footer={
        <>
          Not you, or did not ask for this link? Close this page: nothing happens until you press the button.{' '}
          <AnchorLink to="/auth">Sign in with a password</AnchorLink>
        </>
      }
    >
      <Stack gap="md" data-testid="magic-link-confirm">
        <Text>
          This link signs you in as <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          {linkExpiry(expiresAt)} If two-step verification is on, you will be asked for your code next.
        </Text>
        {/* A failure to reach the server leaves the link unused: pressing again is safe. */}
        <ErrorAlert>{consume.error?.message}</ErrorAlert>
        <Button
          fullWidth
          size="md"
          loading={consume.isPending}
          onClick={() => consume.mutate({ token })}
          styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
          h="auto"
          mih={42}
          py={8}
        >
          Sign in as {email}
        </Button>
      </Stack>
    </AuthCard>
  );
}
