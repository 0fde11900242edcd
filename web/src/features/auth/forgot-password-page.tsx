import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const backToSignIn = <AnchorLink to="/auth">Back to sign in</AnchorLink>;

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={backToSignIn}>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="reset-requested">
          If an account uses <strong>{request.variables.email}</strong>, we have sent it a link to choose a new password.
          The link works once and expires in 1 hour.
        </Alert>
        <Text size="sm" c="dimmed">
          No email after a few minutes? Check your spam folder, or{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
            try another address
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <EmailRequestForm
        submitLabel="Send reset link"
        send={(email) => request.mutateAsync({ email })}
      />
    </AuthCard>
  );
}
