import { Anchor, Badge, Button, Card, Container, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { AppRouter } from '@kubemarket/api';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Fragment, useState } from 'react';
import { DevOnlyAlert } from '../../components/dev-only-alert';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { linkify } from './linkify';

const FILTER_DEBOUNCE_MS = 300;

/** Development mailbox: the emails the server would have sent, with their links clickable. */
export function MailboxPage() {
  const trpc = useTRPC();
  const [recipient, setRecipient] = useState('');
  const [debouncedRecipient] = useDebouncedValue(recipient.trim(), FILTER_DEBOUNCE_MS);
  const mailbox = useQuery(trpc.dev.mailbox.queryOptions(debouncedRecipient ? { to: debouncedRecipient } : undefined));

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Development mailbox
            </Title>
            <Text size="sm" c="dimmed">
              The last 50 emails the server sent, newest first. Only development servers keep them.
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={mailbox.isFetching}
            onClick={() => void mailbox.refetch()}
          >
            Refresh
          </Button>
        </Group>

        <TextInput
          label="Recipient"
          placeholder="Show only emails sent to this address"
          leftSection={<IconSearch size={16} />}
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
        />

        <MailList mails={mailbox.data} error={mailbox.error} />
      </Stack>
    </Container>
  );
}

type MailMessage = inferRouterOutputs<AppRouter>['dev']['mailbox'][number];

interface MailListProps {
  mails: MailMessage[] | undefined;
  error: { message: string } | null;
}

function MailList({ mails, error }: MailListProps) {
  if (error) {
    return (
      <DevOnlyAlert error={error} notHere="Only development servers keep a copy of the emails they send." failedTitle="The mailbox could not be loaded" testId="mailbox-unavailable" />
    );
  }

  if (!mails) {
    return (
      <Stack gap="sm">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={120} radius="md" />
        ))}
      </Stack>
    );
  }

  if (mails.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No emails yet. Register, ask for a password reset or a sign-in link, and it will appear here.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      {mails.map((mail) => (
        <Card key={mail.id} withBorder padding="lg" data-testid="mail-message" data-to={mail.to}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" align="flex-start">
              <Text fw={600}>{mail.subject}</Text>
              <Badge variant="light" color="gray" radius="sm">
                {formatDateTime(mail.createdAt)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              To: {mail.to}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {linkify(mail.text).map((segment, index) =>
                segment.kind === 'link' ? (
                  <Anchor key={index} href={segment.href} data-testid="mail-link">
                    {segment.href}
                  </Anchor>
                ) : (
                  <Fragment key={index}>{segment.text}</Fragment>
                ),
              )}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
