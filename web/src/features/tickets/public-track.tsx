import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ticketTrackInputSchema } from '@kubemarket/shared';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { fieldAlert } from './field-alert';
import { ReplyForm } from './reply-form';
import { useMinuteClock } from './ticket-badges';
import { TicketHeading } from './ticket-heading';
import { saveBase64File } from './ticket-rest';
import { TicketSlaPanel } from './ticket-sla-panel';
import { TicketThread } from './ticket-thread';
import type { PublicTicket } from './ticket-types';
import { readTrackLink } from './track-link';
import type { TrackLink } from './track-link';

/**
 * /track-ticket: by reference and email (read only), or from an emailed link (confirm, then read
 * and reply). The token leaves the address bar at once and stays in memory only.
 */
export function PublicTrack() {
  const trpc = useTRPC();
  const [link] = useState<TrackLink>(() => (typeof window === 'undefined' ? null : readTrackLink(window.location.hash)));
  const [token, setToken] = useState<string | null>(link?.token ?? null);
  const [ticket, setTicket] = useState<PublicTicket | null>(null);
  const [confirmedReference, setConfirmedReference] = useState<string | null>(null);

  const confirm = useMutation(trpc.tickets.confirmPublic.mutationOptions());
  const thread = useMutation(trpc.tickets.publicThread.mutationOptions({ onSuccess: setTicket }));
  const track = useMutation(trpc.tickets.track.mutationOptions({ onSuccess: setTicket }));
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !link) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (link.kind === 'confirm') {
      confirm.mutate(
        { token: link.token },
        {
          onSuccess: (answer) => {
            setConfirmedReference(answer.reference);
            setToken(answer.accessToken);
            thread.mutate({ token: answer.accessToken });
          },
        },
      );
    } else {
      thread.mutate({ token: link.token });
    }
  }, [link, confirm, thread]);

  const linkError = confirm.error ?? thread.error;
  return (
    <Stack gap="lg">
      {confirmedReference ? (
        <Alert color="blue" variant="light" title="Request confirmed" role="status" data-testid="public-ticket-confirmed">
          {confirmedReference} is confirmed and has reached our engineers. Every answer comes to your email, with a link back here.
        </Alert>
      ) : null}
      {link && (confirm.isPending || thread.isPending) ? <Text role="status">Opening your ticket…</Text> : null}
      {linkError ? <ErrorAlert>{linkError.message} You can still look your ticket up below with its reference and email.</ErrorAlert> : null}
      {ticket ? (
        <PublicTicketView
          ticket={ticket}
          token={token}
          onUpdate={setTicket}
        />
      ) : null}
      <TrackForm pending={track.isPending} error={track.error?.message ?? null} onTrack={(input) => track.mutate(input)} />
    </Stack>
  );
}

function TrackForm({ pending, error, onTrack }: { pending: boolean; error: string | null; onTrack: (input: { reference: string; email: string }) => void }) {
  const { form, formRef, onSubmit } = useSchemaForm({
    schema: ticketTrackInputSchema,
    initialValues: { reference: '', email: '' },
    submit: ({ reference }, { email }) => onTrack({ reference, email: email.trim() }),
  });
  return (
    <Paper withBorder radius="md" p="xl">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="track-title" data-testid="track-form">
        <Stack gap="md">
          <Title order={2} size="h3" id="track-title">
            Look up a ticket
          </Title>
          <TextInput
            label="Ticket reference"
            description="From the confirmation email of your ticket"
            placeholder="KM-T-48213"
            key={form.key('reference')}
            {...form.getInputProps('reference')}
            error={fieldAlert(form.errors.reference)}
            withAsterisk
          />
          <TextInput
            label="Email"
            description="The address the ticket was opened with"
            type="email"
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
            error={fieldAlert(form.errors.email)}
            withAsterisk
          />
          <ErrorAlert>{error}</ErrorAlert>
          <Button type="submit" loading={pending} w="fit-content" data-testid="track-submit">
            Find the ticket
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function PublicTicketView({ ticket, token, onUpdate }: { ticket: PublicTicket; token: string | null; onUpdate: (ticket: PublicTicket) => void }) {
  const trpc = useTRPC();
  const now = useMinuteClock();
  const reply = useMutation(trpc.tickets.publicReply.mutationOptions({ onSuccess: onUpdate }));
  const download = useMutation(trpc.tickets.publicAttachment.mutationOptions({ onSuccess: saveBase64File }));
  const canReply = ticket.canReply && token !== null;
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="public-ticket-subject" data-testid="public-ticket">
      <Stack gap="md">
        <TicketHeading ticket={ticket} level={2} titleId="public-ticket-subject" />
        <TicketSlaPanel sla={ticket.sla} now={now} finished={ticket.status === 'resolved' || ticket.status === 'closed'} />
        <TicketThread
          description={ticket.description}
          requesterName={ticket.requesterName}
          createdAt={ticket.createdAt}
          messages={ticket.messages}
          access={token ? { kind: 'action', download: (attachment) => download.mutate({ token, attachmentId: attachment.id }) } : { kind: 'none' }}
        />
        <ErrorAlert>{download.error?.message}</ErrorAlert>
        {canReply ? (
          <ReplyForm label="Your reply" submitLabel="Send reply" allowFiles={false} onSend={({ body }) => reply.mutateAsync({ token, body })} testId="public-reply" />
        ) : (
          <Text size="sm" c="dimmed">
            To reply or download attachments, open the link of the latest email we sent about this ticket.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
