import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../components/router-links';
import { ErrorAlert } from '../../components/error-alert';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import type { SessionUser } from './auth-types';
import { currentUserQueryKey } from './current-user-query';
import { EmailLinkCheckFailed, EmailLinkChecking, EmailLinkPage, EmailLinkProblem, isDeadLinkError, linkExpiry, useEmailLinkInfo } from './email-link-states';
import { RESEND_TEXT } from './email-verification-prompt';
import { useCurrentUser } from './use-current-user';

const LINK_LIFETIME_HINT = 'Verification links expire after 24 hours and work once.';

/**
 * The page behind both /verify-email and /verify-registration-email links (docs/product/screens.md#public-pages):
 * a new account's address, or the new address of an email change. It shows which address the
 * link confirms and spends the link only when the person presses the button.
 */
export function VerifyEmailPage() {
  return <EmailLinkPage flow={VerifyEmailFlow} />;
}

function VerifyEmailFlow({ token }: { token: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { info, retry } = useEmailLinkInfo(token, 'verify');
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

  const next = user ? (
    <ButtonLink to="/dashboard" fullWidth>
      Go to the dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/auth" fullWidth>
      Sign in
    </ButtonLink>
  );
  // A signed-in user whose address is still unverified can get a new link right here.
  const newLink = user && !user.emailVerified ? <ResendVerification email={user.email} /> : null;
  // A link that cannot be used: a new one when the signed-in account still waits for it, and the way on.
  const problemActions = (
    <Stack gap="sm">
      {newLink}
      {next}
    </Stack>
  );

  if (!token) {
    return (
      <EmailLinkProblem
        title="Verify your email address"
        message="This link is incomplete. Open the link from the email again, or ask for a new one from the prompt shown after you sign in."
        actions={problemActions}
      />
    );
  }

  if (verify.isSuccess) {
    const changed = info.data?.purpose === 'change_email';
    return (
      <AuthCard title={changed ? 'Email address changed' : 'Email address verified'}>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="email-verified" role="status">
          <strong>{verify.data.email}</strong> is now the verified email address of your account.
        </Alert>
        {next}
      </AuthCard>
    );
  }

  if ((verify.isError && isDeadLinkError(verify.error)) || (info.isError && isDeadLinkError(info.error))) {
    return (
      <EmailLinkProblem
        title="We could not verify this link"
        message={(verify.error ?? info.error)?.message}
        hint={
          info.data?.purpose === 'change_email'
            ? 'Confirmation links expire after 24 hours and work once. To get a new one, change your email address again from your account page.'
            : user
              ? LINK_LIFETIME_HINT
              : `${LINK_LIFETIME_HINT} Sign in to ask for a new one.`
        }
        actions={problemActions}
      />
    );
  }

  if (info.isError) {
    return <EmailLinkCheckFailed message={info.error.message} onRetry={retry} pending={info.isPending} />;
  }

  if (!info.isSuccess) {
    return <EmailLinkChecking title="Verify your email address" label="Checking your verification link..." />;
  }

  const { purpose, email, expiresAt } = info.data;
  const change = purpose === 'change_email';

  return (
    <AuthCard title={change ? 'Confirm your new email address' : 'Verify your email address'}>
      <Stack gap="md" data-testid="verify-email-confirm">
        <Text>
          {change ? (
            <>
              Confirm <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> as your new email address.
            </>
          ) : (
            <>
              Confirm <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> as the email address of your
              KubeMarket account.
            </>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {change
            ? 'Sign-in links, invoices and security alerts will go to this address; the old one is told about the change. '
            : 'We use it for order confirmations, invoices and security alerts about your clusters. '}
          {linkExpiry(expiresAt)}
        </Text>
        {/* A failure to reach the server leaves the link unused: pressing again is safe. */}
        <ErrorAlert>{verify.error?.message}</ErrorAlert>
        <Button fullWidth size="md" loading={verify.isPending} onClick={() => verify.mutate({ token })}>
          {change ? 'Confirm new email address' : 'Verify email address'}
        </Button>
      </Stack>
    </AuthCard>
  );
}

function ResendVerification({ email }: { email: string }) {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess() {
        notifications.show({ title: RESEND_TEXT.successTitle, message: RESEND_TEXT.successMessage, color: 'green' });
      },
      onError(error) {
        console.error('Resending the verification email failed', error);
        notifications.show({ title: RESEND_TEXT.failureTitle, message: RESEND_TEXT.failureMessage, color: 'red' });
      },
    }),
  );

  if (resend.isSuccess) {
    return (
      <Alert color="teal" variant="light" role="status">
        {RESEND_TEXT.inlineSuccess}
      </Alert>
    );
  }

  return (
    <Button variant="light" fullWidth loading={resend.isPending} onClick={() => resend.mutate({ email })}>
      Send me a new verification link
    </Button>
  );
}
