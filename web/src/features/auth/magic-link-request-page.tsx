import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

export function MagicLinkRequestPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestMagicLink.mutationOptions());
  const footer = (
    <>
      Prefer your password? <AnchorLink to="/auth">Sign in</AnchorLink>
    </>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={footer}>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="magic-link-sent">
          If an account uses <strong>{request.variables.email}</strong>, we have sent it a sign-in link. The link works
          once and expires in 15 minutes.
        </Alert>
        <Text size="sm" c="dimmed">
          Open the link on this device to be signed in here. Wrong address?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
            Send to another one
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in with an email link"
      description="No password needed: we email you a link that signs you in. If two-step verification is on, you will still be asked for your code."
      footer={footer}
    >
      <EmailRequestForm
        submitLabel="Email me a sign-in link"
        send={(email) => request.mutateAsync({ email })}
      />
    </AuthCard>
  );
}
