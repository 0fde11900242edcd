import { Alert, Stack, Text } from '@mantine/core';
import { passwordResetFormSchema } from '@kubemarket/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { ErrorAlert } from '../../components/error-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthForm } from './auth-form';
import { AuthCard } from './auth-card';
import { EmailLinkCheckFailed, EmailLinkChecking, EmailLinkPage, EmailLinkProblem, isDeadLinkError, linkExpiry, useEmailLinkInfo } from './email-link-states';

const LINK_LIFETIME_HINT = 'Password reset links work once and expire after 1 hour.';

function NewLinkAction() {
  return (
    <ButtonLink to="/forgot-password" fullWidth>
      Send me a new link
    </ButtonLink>
  );
}

/**
 * /reset-password#token=…: says which account the link is for, and spends it only when the new
 * password is submitted.
 */
export function ResetPasswordPage() {
  return <EmailLinkPage flow={ResetPasswordFlow} />;
}

function ResetPasswordFlow({ token }: { token: string | null }) {
  const { info, retry } = useEmailLinkInfo(token, 'reset');
  const backToSignIn = <AnchorLink to="/auth">Back to sign in</AnchorLink>;

  if (!token) {
    return (
      <EmailLinkProblem
        title="Reset your password"
        message="This link is incomplete. Open the link from the email again, or ask for a new one."
        hint={LINK_LIFETIME_HINT}
        actions={<NewLinkAction />}
      />
    );
  }

  if (info.isError && isDeadLinkError(info.error)) {
    return <EmailLinkProblem title="This reset link does not work" message={info.error.message} hint={LINK_LIFETIME_HINT} actions={<NewLinkAction />} />;
  }

  if (info.isError) {
    return <EmailLinkCheckFailed message={info.error.message} onRetry={retry} pending={info.isPending} />;
  }

  if (!info.isSuccess) {
    return <EmailLinkChecking title="Reset your password" label="Checking your reset link..." />;
  }

  return (
    <AuthCard
      title="Choose a new password"
      description={
        <>
          For <strong style={{ overflowWrap: 'anywhere' }}>{info.data.email}</strong>. Every session of the account is signed out
          when it changes. {linkExpiry(info.data.expiresAt)}
        </>
      }
      footer={backToSignIn}
    >
      <NewPasswordForm token={token} email={info.data.email} />
    </AuthCard>
  );
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const schemaForm = useSchemaForm({
    schema: passwordResetFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    submit: (_parsed, values) => reset.mutateAsync({ token, password: values.password }),
  });
  const { form, error } = schemaForm;

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="password-reset-done" role="status">
          Your password has been changed and every session of your account was signed out. Sign in with your new
          password.
        </Alert>
        <ButtonLink to="/auth" fullWidth>
          Sign in
        </ButtonLink>
      </Stack>
    );
  }

  return (
    <AuthForm
      schemaForm={schemaForm}
      submitLabel="Change password"
      testId="reset-password-form"
      after={
        <Text size="xs" c="dimmed">
          Nothing changes until you press the button.
        </Text>
      }
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      {error ? (
        <ErrorAlert>
          <Stack gap={4}>
            <span>{error}</span>
            <span>
              Link expired or used?{' '}
              <AnchorLink to="/forgot-password" size="sm">
                Ask for a new link
              </AnchorLink>
            </span>
          </Stack>
        </ErrorAlert>
      ) : null}
      <NewPasswordFields form={form} labels={{ password: 'New password', confirmation: 'Confirm new password' }} autoFocus />
    </AuthForm>
  );
}
