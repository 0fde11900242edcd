import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { EmailLinkKind } from '@kubemarket/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { httpStatusOf } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useTokenAction } from '../../lib/use-token-action';
import { AuthCard } from './auth-card';
import { useEmailLinkToken } from './use-email-link-token';

/**
 * What the link will do and for which address (`auth.emailLinkInfo`), asked once when the page
 * opens. It only reads the token: a mail scanner that opens the link spends nothing.
 */
export function useEmailLinkInfo(token: string | null, kind: EmailLinkKind) {
  const trpc = useTRPC();
  const info = useMutation(trpc.auth.emailLinkInfo.mutationOptions());
  useTokenAction(token ?? undefined, (value) => info.mutate({ token: value, kind }));
  const retry = () => {
    if (token) info.mutate({ token, kind });
  };
  return { info, retry };
}

/**
 * A refusal about the link itself (unknown, used or expired) rather than a failure to ask: only
 * the first may be answered with "ask for a new link".
 */
export function isDeadLinkError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export function linkExpiry(expiresAt: number): string {
  return `It works once, until ${formatDateTime(expiresAt)}.`;
}

export function EmailLinkChecking({ title, label }: { title: string; label: string }) {
  return (
    <AuthCard title={title}>
      <Group gap="sm" justify="center" py="md" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Group>
    </AuthCard>
  );
}

interface EmailLinkProblemProps {
  title: string;
  message: ReactNode;
  /** Advice under the message, e.g. how long such links live. */
  hint?: ReactNode;
  /** What to do next: a new link, signing in... */
  actions: ReactNode;
}

/** A link that cannot be used: the server's reason and the ways forward. */
export function EmailLinkProblem({ title, message, hint, actions }: EmailLinkProblemProps) {
  return (
    <AuthCard title={title}>
      <ErrorAlert>{message}</ErrorAlert>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {actions}
    </AuthCard>
  );
}

/** The link could not be checked (network, server): nothing is known about it yet. */
export function EmailLinkCheckFailed({ message, onRetry, pending }: { message: string; onRetry: () => void; pending: boolean }) {
  return (
    <AuthCard title="We could not check this link">
      <ErrorAlert>{message}</ErrorAlert>
      <Text size="sm" c="dimmed">
        Nothing has been changed and the link has not been used. Check your connection and try again.
      </Text>
      <Stack>
        <Button onClick={onRetry} loading={pending} leftSection={<IconRefresh size={16} aria-hidden />} fullWidth>
          Try again
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** A page behind an emailed link: its flow gets the link's token, and starts over with the token of a link opened again in this tab. */
export function EmailLinkPage({ flow: Flow }: { flow: ComponentType<{ token: string | null }> }) {
  const token = useEmailLinkToken();
  return <Flow key={token ?? ''} token={token} />;
}
