import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { httpStatusOf } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { reopenState } from './sla-display';
import { ReplyForm } from './reply-form';
import { useMinuteClock } from './ticket-badges';
import { TicketHeading } from './ticket-heading';
import { memberAttachmentUrl, memberUploadUrl, uploadTicketFiles } from './ticket-rest';
import { TicketSlaPanel } from './ticket-sla-panel';
import { TicketConversation } from './ticket-thread';
import type { TicketDetail } from './ticket-types';
import { TICKET_REFRESH_MS, useRefetchOnNotification } from './use-live-ticket';

/** /support/tickets/$id: one ticket of the organisation, kept current while it is open. */
export function TicketPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  const ticket = useQuery(trpc.tickets.get.queryOptions({ id }, { refetchInterval: TICKET_REFRESH_MS }));
  useRefetchOnNotification(() => void ticket.refetch());
  const [actionError, setActionError] = useState<string | null>(null);

  const store = (detail: TicketDetail) => {
    queryClient.setQueryData(trpc.tickets.get.queryKey({ id }), detail);
    void queryClient.invalidateQueries({ queryKey: trpc.tickets.list.pathKey() });
  };
  const reply = useMutation(trpc.tickets.reply.mutationOptions({ onSuccess: store }));
  const close = useMutation(trpc.tickets.close.mutationOptions({ onSuccess: store, onError: (error) => setActionError(error.message) }));
  const reopen = useMutation(trpc.tickets.reopen.mutationOptions({ onSuccess: store, onError: (error) => setActionError(error.message) }));

  const send = async ({ body, files }: { body: string; files: File[] }) => {
    if (files.length > 0) store(await uploadTicketFiles<TicketDetail>(memberUploadUrl(id), files, { body }));
    else await reply.mutateAsync({ id, body });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <AnchorLink to="/support" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden /> All tickets
          </Group>
        </AnchorLink>
        {ticket.isPending ? (
          <Skeleton height={320} aria-busy="true" aria-label="Loading the ticket" />
        ) : ticket.error ? (
          httpStatusOf(ticket.error) === 404 ? (
            <Alert color="gray" title="Ticket not found" role="alert">
              This ticket does not exist, or it belongs to another organisation.
            </Alert>
          ) : (
            <QueryErrorAlert title="The ticket could not be loaded" query={ticket} />
          )
        ) : (
          <TicketBody
            ticket={ticket.data}
            now={now}
            onSend={send}
            onClose={() => {
              setActionError(null);
              close.mutate({ id });
            }}
            closing={close.isPending}
            onReopen={() => {
              setActionError(null);
              reopen.mutate({ id });
            }}
            reopening={reopen.isPending}
            actionError={actionError}
          />
        )}
      </Stack>
    </Container>
  );
}

interface TicketBodyProps {
  ticket: TicketDetail;
  now: number;
  onSend: (reply: { body: string; files: File[] }) => Promise<unknown>;
  onClose: () => void;
  closing: boolean;
  onReopen: () => void;
  reopening: boolean;
  actionError: string | null;
}

function TicketBody({ ticket, now, onSend, onClose, closing, onReopen, reopening, actionError }: TicketBodyProps) {
  const finished = ticket.status === 'resolved' || ticket.status === 'closed';
  const reopenable = reopenState(ticket, now);
  return (
    <Stack gap="lg" data-testid="ticket-page" data-ticket-id={ticket.id}>
      <TicketHeading ticket={ticket} level={1}>
        {ticket.assigneeName ? (
          <Text size="sm" c="dimmed">
            Handled by {ticket.assigneeName}
          </Text>
        ) : null}
      </TicketHeading>

      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="sla-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="sla-title">
            Response time
          </Title>
          <TicketSlaPanel sla={ticket.sla} now={now} finished={finished} />
        </Stack>
      </Card>

      {ticket.mergedInto ? (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} title="Merged">
          This ticket was merged into{' '}
          <AnchorLink to="/support/tickets/$id" params={{ id: ticket.mergedInto.id }} underline="always">
            {ticket.mergedInto.reference}
          </AnchorLink>
          ; the conversation continues there.
        </Alert>
      ) : null}

      <TicketConversation ticket={ticket} level={2} access={{ kind: 'link', url: (attachmentId) => memberAttachmentUrl(ticket.id, attachmentId) }} />

      <ErrorAlert>{actionError}</ErrorAlert>

      {ticket.status !== 'closed' && !ticket.mergedInto ? (
        <section aria-labelledby="reply-title">
          <Title order={2} size="h4" id="reply-title" mb="sm">
            Reply
          </Title>
          <ReplyForm label="Your reply" submitLabel="Send reply" onSend={onSend} testId="ticket-reply" />
        </section>
      ) : null}

      <Group>
        {ticket.status !== 'closed' && !ticket.mergedInto ? (
          <Button variant="default" onClick={onClose} loading={closing} data-testid="close-ticket">
            Close the ticket
          </Button>
        ) : null}
        {finished && !ticket.mergedInto ? (
          <Stack gap={4}>
            <Button onClick={onReopen} loading={reopening} disabled={!reopenable.canReopen} data-testid="reopen-ticket" aria-describedby="reopen-hint">
              Reopen the ticket
            </Button>
            <Text size="xs" c="dimmed" id="reopen-hint">
              {reopenable.until === null
                ? 'This ticket can no longer be reopened.'
                : reopenable.canReopen
                  ? `It can be reopened until ${formatDate(reopenable.until)}.`
                  : `It could be reopened until ${formatDate(reopenable.until)}; open a new ticket instead.`}
            </Text>
          </Stack>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        Closed tickets can be reopened within 14 days. Need something else? <AnchorLink to="/support" search={{ new: true }} underline="always">
          Open a new ticket
        </AnchorLink>.
      </Text>
    </Stack>
  );
}
