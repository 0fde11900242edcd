import { useMutation } from '@tanstack/react-query';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { EmailLinkRequestPage } from './email-link-request-page';

export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  return (
    <EmailLinkRequestPage
      request={request}
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      footer={<AnchorLink to="/auth">Back to sign in</AnchorLink>}
      sent={{
        testId: 'reset-requested',
        notice: (email) => (
          <>
            If an account uses {email}, we have sent it a link to choose a new password. The link works once and expires
            in 1 hour.
          </>
        ),
        retryHint: 'No email after a few minutes? Check your spam folder, or',
        retryLabel: 'try another address',
      }}
    />
  );
}
