import { useMutation } from '@tanstack/react-query';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { EmailLinkRequestPage } from './email-link-request-page';

export function MagicLinkRequestPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestMagicLink.mutationOptions());
  return (
    <EmailLinkRequestPage
      request={request}
      title="Sign in with an email link"
      description="No password needed: we email you a link that signs you in. If two-step verification is on, you will still be asked for your code."
      submitLabel="Email me a sign-in link"
      footer={
        <>
          Prefer your password? <AnchorLink to="/auth">Sign in</AnchorLink>
        </>
      }
      sent={{
        testId: 'magic-link-sent',
        notice: (email) => (
          <>
            If an account uses {email}, we have sent it a sign-in link. The link works once and expires in 15 minutes.
          </>
        ),
        retryHint: 'Open the link on this device to be signed in here. Wrong address?',
        retryLabel: 'Send to another one',
      }}
    />
  );
}
