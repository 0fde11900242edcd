import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/date-format';
import { formatBytes } from './attachment-files';
import { MarkdownView } from './markdown-view';
import type { TicketAttachment } from './ticket-types';

export interface ThreadMessage {
  id: string;
  kind: 'reply' | 'status_change' | 'internal_note';
  fromStaff: boolean;
  authorName: string;
  body: string;
  createdAt: number;
  attachments: readonly TicketAttachment[];
}

/** How an attachment is fetched: a plain link (cookie-authenticated GET) or an action (token POST). */
export type AttachmentAccess =
  | { kind: 'link'; url: (attachmentId: string) => string }
  | { kind: 'action'; download: (attachment: TicketAttachment) => void }
  /** Listed but not downloadable (a visitor who looked the ticket up without an emailed link). */
  | { kind: 'none' };

function AttachmentList({ attachments, access }: { attachments: readonly TicketAttachment[]; access: AttachmentAccess }) {
  if (attachments.length === 0) return null;
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <Group gap={6} wrap="nowrap">
            <IconDownload size={14} aria-hidden />
            {access.kind === 'link' ? (
              <Anchor href={access.url(attachment.id)} download={attachment.filename} size="sm" data-testid="ticket-attachment">
                {attachment.filename}
              </Anchor>
            ) : access.kind === 'action' ? (
              <Anchor component="button" type="button" size="sm" onClick={() => access.download(attachment)} data-testid="ticket-attachment">
                {attachment.filename}
              </Anchor>
            ) : (
              <Text size="sm" data-testid="ticket-attachment">
                {attachment.filename}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatBytes(attachment.sizeBytes)}
            </Text>
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The description, then every message oldest first. Internal notes (staff only) are framed and
 * labelled so nobody mistakes them for something the customer saw.
 */
export function TicketThread({
  description,
  requesterName,
  createdAt,
  messages,
  access,
}: {
  description: string;
  requesterName: string;
  createdAt: number;
  messages: readonly ThreadMessage[];
  access: AttachmentAccess;
}) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Conversation" data-testid="ticket-thread">
      <li>
        <Card withBorder padding="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Text size="sm" fw={600}>
              {requesterName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(createdAt)}
            </Text>
          </Group>
          <MarkdownView source={description} />
        </Card>
      </li>
      {messages.map((message) =>
        message.kind === 'status_change' ? (
          <li key={message.id} data-testid="ticket-event">
            <Text size="xs" c="dimmed" ta="center">
              {message.body} · {formatDateTime(message.createdAt)}
            </Text>
          </li>
        ) : (
          <li key={message.id} data-testid={message.kind === 'internal_note' ? 'ticket-note' : 'ticket-message'} data-from-staff={message.fromStaff}>
            <Card
              withBorder
              padding="md"
              radius="md"
              bg={message.kind === 'internal_note' ? 'var(--mantine-color-yellow-light)' : message.fromStaff ? 'var(--mantine-color-blue-light)' : undefined}
              style={message.kind === 'internal_note' ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-7)' } : undefined}
            >
              <Group justify="space-between" mb="xs" wrap="wrap">
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {message.authorName}
                  </Text>
                  {message.kind === 'internal_note' ? (
                    <Badge color="yellow" variant="filled" leftSection={<IconLock size={12} aria-hidden />} tt="none">
                      Internal — never shown to the customer
                    </Badge>
                  ) : message.fromStaff ? (
                    <Badge variant="light" tt="none">
                      KubeMarket support
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.createdAt)}
                </Text>
              </Group>
              {message.body ? <MarkdownView source={message.body} /> : null}
              <AttachmentList attachments={message.attachments} access={access} />
            </Card>
          </li>
        ),
      )}
    </Stack>
  );
}

/** The thread under its own "Conversation" heading, at the level the page needs. */
export function TicketConversation({
  ticket,
  level,
  access,
}: {
  ticket: { description: string; requesterName: string; createdAt: number; messages: readonly ThreadMessage[] };
  level: 2 | 3;
  access: AttachmentAccess;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={level} size="h4" id={titleId} mb="sm">
        Conversation
      </Title>
      <TicketThread description={ticket.description} requesterName={ticket.requesterName} createdAt={ticket.createdAt} messages={ticket.messages} access={access} />
    </section>
  );
}
