import { Group, Loader, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { sessionStore } from '../../lib/browser-storage';
import { ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { saveMfaChallenge } from './auth-storage';
import { isMfaRequired } from './auth-types';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useTokenAction } from '../../lib/use-token-action';
import { ErrorAlert } from '../../components/error-alert';

interface MagicLinkPageProps {
  token: string | undefined;
}

export function MagicLinkPage({ token }: MagicLinkPageProps) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const consume = useMutation(
    trpc.auth.consumeMagicLink.mutationOptions({
      onSuccess(result) {
        if (isMfaRequired(result)) {
          saveMfaChallenge(sessionStore(), { mfaToken: result.mfaToken, tempUserId: result.tempUserId });
          // The sign-in page resumes at the code step from the saved challenge.
          void navigate({ to: '/auth', replace: true });
          return;
        }
        completeSignIn(result, 'login');
      },
    }),
  );
  useTokenAction(token, (value) => consume.mutate({ token: value }));

  if (!token || consume.isError) {
    return (
      <AuthCard title="This sign-in link does not work">
        <ErrorAlert>
          {consume.error?.message ?? 'This link is incomplete. Open the link from the email again.'}
        </ErrorAlert>
        <Text size="sm" c="dimmed">
          Sign-in links work once and expire after 15 minutes.
        </Text>
        <Group grow>
          <ButtonLink to="/magic-link-login">Send a new link</ButtonLink>
          <ButtonLink to="/auth" variant="default">
            Sign in with a password
          </ButtonLink>
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Signing you in">
      <Group gap="sm" justify="center" py="md" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Checking your sign-in link...</Text>
      </Group>
    </AuthCard>
  );
}
