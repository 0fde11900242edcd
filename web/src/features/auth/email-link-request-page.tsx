import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

/** The mutation that emails the link (useMutation's result, in the terms this page uses). */
interface EmailLinkRequest {
  isSuccess: boolean;
  variables?: { email: string };
  reset: () => void;
  mutateAsync: (input: { email: string }) => Promise<unknown>;
}

interface EmailLinkRequestPageProps {
  request: EmailLinkRequest;
  title: string;
  description: string;
  submitLabel: string;
  footer: ReactNode;
  /** Once sent: the notice's test id, what it says of the address, and the words before the way to try another one. */
  sent: { testId: string; notice: (email: ReactNode) => ReactNode; retryHint: ReactNode; retryLabel: string };
}

/** A page that emails a link to an address (password reset, magic link): the form, then "Check your inbox". */
export function EmailLinkRequestPage({ request, title, description, submitLabel, footer, sent }: EmailLinkRequestPageProps) {
  if (request.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={footer}>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid={sent.testId}>
          {sent.notice(<strong>{request.variables?.email}</strong>)}
        </Alert>
        <Text size="sm" c="dimmed">
          {sent.retryHint}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
            {sent.retryLabel}
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} description={description} footer={footer}>
      <EmailRequestForm submitLabel={submitLabel} send={(email) => request.mutateAsync({ email })} />
    </AuthCard>
  );
}
