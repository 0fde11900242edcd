import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import type { SessionUser } from './auth-types';
import { currentUserQueryKey } from './current-user-query';
import { useCurrentUser } from './use-current-user';
import { useTokenAction } from '../../lib/use-token-action';
import { ErrorAlert } from '../../components/error-alert';

interface VerifyEmailPageProps {
  token: string | undefined;
}

/** The page behind both /verify-email and /verify-registration-email links (SPEC.md section 2). */
export function VerifyEmailPage({ token }: VerifyEmailPageProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      // The user, profile and anything gated on a verified address must show the new state before
      // the next page: mark the cached user verified at once, then refetch everything.
      onSuccess: async (result) => {
        queryClient.setQueryData(currentUserQueryKey(trpc), (current: SessionUser | null | undefined) =>
          current && current.email === result.email ? { ...current, emailVerified: true } : current,
        );
        await queryClient.invalidateQueries();
      },
    }),
  );
  useTokenAction(token, (value) => verify.mutate({ token: value }));

  const next = user ? (
    <ButtonLink to="/dashboard" fullWidth>
      Go to the dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/auth" fullWidth>
      Sign in
    </ButtonLink>
  );

  if (!token) {
    return (
      <AuthCard title="Verify your email address">
        <ErrorAlert>
          This link is incomplete. Open the link from the email again, or ask for a new one from the prompt shown
          after you sign in.
        </ErrorAlert>
        {next}
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard title="Email address verified">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="email-verified">
          <strong>{verify.data.email}</strong> is now the verified email address of your account.
        </Alert>
        {next}
      </AuthCard>
    );
  }

  if (verify.isError) {
    return (
      <AuthCard title="We could not verify this link">
        <ErrorAlert>
          {verify.error.message}
        </ErrorAlert>
        <Text size="sm" c="dimmed">
          Verification links expire after 24 hours and work once. Sign in to ask for a new one.
        </Text>
        {next}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verifying your email address">
      <Stack align="center" gap="sm" py="md" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Checking your verification link...</Text>
        </Group>
      </Stack>
    </AuthCard>
  );
}
