import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ReplyForm } from './reply-form';
import { useMinuteClock } from './ticket-badges';
import { TicketHeading } from './ticket-heading';
import { staffAttachmentUrl, staffUploadUrl, uploadTicketFiles } from './ticket-rest';
import { TicketSlaPanel } from './ticket-sla-panel';
import { TicketConversation } from './ticket-thread';
import { CATEGORY_LABELS, STATUS_LABELS, TICKET_CATEGORIES, TICKET_SEVERITIES, TICKET_STATUSES } from './ticket-types';
import type { StaffReplyStatus, StaffTicket, TicketCategory, TicketSeverity, TicketStatus } from './ticket-types';
import { useStaffPeople } from './use-staff-people';

const REPLY_STATUSES: { value: StaffReplyStatus; label: string }[] = [
  { value: 'awaiting_customer', label: 'Awaiting customer' },
  { value: 'awaiting_support', label: 'Awaiting support' },
  { value: 'resolved', label: 'Resolved' },
];

/** One ticket as staff see it: everything the customer sees, internal notes, and every staff action. */
export function StaffTicketView({ id, onBack, onOpen }: { id: string; onBack: () => void; onOpen: (id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  const ticket = useQuery(trpc.tickets.staffGet.queryOptions({ id }, { refetchInterval: 30_000 }));
  const store = (detail: StaffTicket) => {
    queryClient.setQueryData(trpc.tickets.staffGet.queryKey({ id }), detail);
    void queryClient.invalidateQueries({ queryKey: trpc.tickets.staffQueue.pathKey() });
  };

  return (
    <Stack gap="lg">
      <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Back to the queue
        </Group>
      </Anchor>
      {ticket.isPending ? (
        <Skeleton height={320} aria-busy="true" aria-label="Loading the ticket" />
      ) : ticket.error ? (
        <QueryErrorAlert title="The ticket could not be loaded" query={ticket} />
      ) : (
        <StaffTicketBody ticket={ticket.data} now={now} store={store} onOpen={onOpen} />
      )}
    </Stack>
  );
}

function StaffTicketBody({ ticket, now, store, onOpen }: { ticket: StaffTicket; now: number; store: (detail: StaffTicket) => void; onOpen: (id: string) => void }) {
  const trpc = useTRPC();
  const me = useSessionUser();
  const [replyStatus, setReplyStatus] = useState<StaffReplyStatus>('awaiting_customer');
  const reply = useMutation(trpc.tickets.staffReply.mutationOptions({ onSuccess: store }));
  const note = useMutation(trpc.tickets.staffNote.mutationOptions({ onSuccess: store }));
  const update = useMutation(trpc.tickets.staffUpdate.mutationOptions({ onSuccess: store }));
  const finished = ticket.status === 'resolved' || ticket.status === 'closed';

  const sendReply = async ({ body, files }: { body: string; files: File[] }) => {
    if (files.length === 0) {
      await reply.mutateAsync({ id: ticket.id, body, status: replyStatus });
      return;
    }
    // The upload sets the default status after a reply; another choice is applied right after.
    let detail = await uploadTicketFiles<StaffTicket>(staffUploadUrl(ticket.id), files, { body });
    if (replyStatus !== detail.status) detail = await update.mutateAsync({ id: ticket.id, status: replyStatus });
    store(detail);
  };
  const sendNote = async ({ body, files }: { body: string; files: File[] }) => {
    if (files.length === 0) await note.mutateAsync({ id: ticket.id, body });
    else store(await uploadTicketFiles<StaffTicket>(staffUploadUrl(ticket.id), files, { body, internal: true }));
  };

  return (
    <Stack gap="lg" data-testid="staff-ticket" data-ticket-id={ticket.id}>
      <TicketHeading ticket={ticket} level={2}>
        <Text size="sm">
          {ticket.requesterName} &lt;{ticket.requesterEmail}&gt; · {ticket.organization ? `${ticket.organization.name} (${ticket.organization.billingId})` : 'Visitor, no organisation'} · opened{' '}
          {formatDateTime(ticket.createdAt)}
        </Text>
        {ticket.mergedInto ? (
          <Alert variant="light" title="Merged">
            Merged into{' '}
            <Anchor component="button" type="button" underline="always" onClick={() => onOpen(ticket.mergedInto?.id ?? '')}>
              {ticket.mergedInto.reference}
            </Anchor>
            .
          </Alert>
        ) : null}
        {ticket.duplicates.length > 0 ? (
          <Text size="sm">
            Merged here:{' '}
            {ticket.duplicates.map((duplicate, index) => (
              <span key={duplicate.id}>
                {index > 0 ? ', ' : ''}
                <Anchor component="button" type="button" underline="always" onClick={() => onOpen(duplicate.id)}>
                  {duplicate.reference}
                </Anchor>
              </span>
            ))}
          </Text>
        ) : null}
      </TicketHeading>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="staff-sla-title">
          <Stack gap="xs">
            <Title order={3} size="h5" id="staff-sla-title">
              SLA
            </Title>
            <TicketSlaPanel sla={ticket.sla} now={now} finished={finished} />
          </Stack>
        </Card>
        <AssignPanel ticket={ticket} meId={me.id} store={store} />
      </SimpleGrid>

      <TicketConversation ticket={ticket} level={3} access={{ kind: 'link', url: (attachmentId) => staffAttachmentUrl(ticket.id, attachmentId) }} />

      <Tabs defaultValue="reply" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="reply">Reply to the customer</Tabs.Tab>
          <Tabs.Tab value="note" leftSection={<IconLock size={14} aria-hidden />}>
            Internal note
          </Tabs.Tab>
          <Tabs.Tab value="manage">Severity, category, status</Tabs.Tab>
          <Tabs.Tab value="merge">Merge</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reply" pt="md">
          <ReplyForm
            label="Reply"
            submitLabel="Send reply"
            onSend={sendReply}
            testId="staff-reply"
            extra={
              <Select
                label="Status after the reply"
                data={REPLY_STATUSES}
                value={replyStatus}
                allowDeselect={false}
                onChange={(value) => value && setReplyStatus(value as StaffReplyStatus)}
                w={{ base: '100%', sm: 280 }}
                data-testid="staff-reply-status"
              />
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="note" pt="md">
          <Stack gap="sm">
            <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
              Internal — never shown to the customer. Notes and their files stay out of every customer answer and email.
            </Alert>
            <ReplyForm label="Internal note" submitLabel="Add internal note" onSend={sendNote} testId="staff-note" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="manage" pt="md">
          <ManagePanel key={`${ticket.severity}-${ticket.category}-${ticket.status}`} ticket={ticket} onSave={(changes) => update.mutateAsync({ id: ticket.id, ...changes })} />
        </Tabs.Panel>
        <Tabs.Panel value="merge" pt="md">
          <MergePanel ticket={ticket} store={store} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function AssignPanel({ ticket, meId, store }: { ticket: StaffTicket; meId: string; store: (detail: StaffTicket) => void }) {
  const trpc = useTRPC();
  const staff = useStaffPeople();
  const [choice, setChoice] = useState<string | null>(ticket.assigneeUserId);
  const assign = useMutation(trpc.tickets.staffAssign.mutationOptions({ onSuccess: store }));
  const options = staff.people.map((person) => ({ value: person.id, label: person.id === meId ? `${person.name} (me)` : person.name }));
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="assign-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="assign-title">
          Assignee
        </Title>
        <Text size="sm" data-testid="staff-assignee">
          {ticket.assigneeName ?? 'Unassigned'}
        </Text>
        <Group align="flex-end" gap="xs">
          {ticket.assigneeUserId !== meId ? (
            <Button size="xs" onClick={() => assign.mutate({ id: ticket.id, assigneeUserId: meId })} loading={assign.isPending} data-testid="take-ticket">
              Take it
            </Button>
          ) : null}
          <Select
            size="xs"
            label="Assign to"
            data={options}
            value={choice}
            onChange={setChoice}
            searchable
            placeholder={staff.pending ? 'Loading staff…' : 'Choose someone'}
            w={220}
          />
          <Button size="xs" variant="default" disabled={!choice || choice === ticket.assigneeUserId} onClick={() => choice && assign.mutate({ id: ticket.id, assigneeUserId: choice })}>
            Assign
          </Button>
          {ticket.assigneeUserId ? (
            <Button size="xs" variant="subtle" color="gray" onClick={() => assign.mutate({ id: ticket.id, assigneeUserId: null })}>
              Unassign
            </Button>
          ) : null}
        </Group>
        <ErrorAlert>{assign.error?.message}</ErrorAlert>
      </Stack>
    </Card>
  );
}

function ManagePanel({ ticket, onSave }: { ticket: StaffTicket; onSave: (changes: { severity?: TicketSeverity; category?: TicketCategory; status?: TicketStatus }) => Promise<unknown> }) {
  const [severity, setSeverity] = useState<TicketSeverity>(ticket.severity);
  const [category, setCategory] = useState<TicketCategory>(ticket.category);
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changes = {
    ...(severity !== ticket.severity ? { severity } : {}),
    ...(category !== ticket.category ? { category } : {}),
    ...(status !== ticket.status ? { status } : {}),
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(changes);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The changes could not be saved.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select label="Severity" data={[...TICKET_SEVERITIES]} value={severity} allowDeselect={false} onChange={(value) => value && setSeverity(value as TicketSeverity)} />
        <Select label="Category" data={TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))} value={category} allowDeselect={false} onChange={(value) => value && setCategory(value as TicketCategory)} />
        <Select label="Status" data={TICKET_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))} value={status} allowDeselect={false} onChange={(value) => value && setStatus(value as TicketStatus)} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        The customer is told of every change by notification and email.
      </Text>
      <ErrorAlert>{error}</ErrorAlert>
      <Button w="fit-content" disabled={Object.keys(changes).length === 0} loading={saving} onClick={() => void save()}>
        Save changes
      </Button>
    </Stack>
  );
}

function MergePanel({ ticket, store }: { ticket: StaffTicket; store: (detail: StaffTicket) => void }) {
  const trpc = useTRPC();
  const organizationId = ticket.organization?.id;
  const siblings = useQuery({
    ...trpc.tickets.staffQueue.queryOptions({ organizationId, page: 1, pageSize: 100 }),
    enabled: organizationId !== undefined,
  });
  const [target, setTarget] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const merge = useMutation(trpc.tickets.staffMerge.mutationOptions({ onSuccess: store }));
  const options = (siblings.data?.items ?? []).filter((row) => row.id !== ticket.id && row.mergedInto === null).map((row) => ({ value: row.id, label: `${row.reference} — ${row.subject}` }));
  const intoId = organizationId ? target : typed.trim() || null;

  if (ticket.mergedInto) return <Text size="sm">This ticket is already merged.</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">Merging closes this ticket as a duplicate, with a pointer to the one that continues. Only tickets of the same organisation (or the same visitor) can be merged.</Text>
      {organizationId ? (
        <Select
          label="Merge into"
          description="Search by reference or subject"
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          nothingFoundMessage="No other ticket of this organisation"
          w={{ base: '100%', sm: 480 }}
        />
      ) : (
        <TextInput label="Merge into (ticket id)" description="The id of the visitor's other ticket, from its address" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} w={{ base: '100%', sm: 360 }} />
      )}
      <ErrorAlert>{merge.error?.message}</ErrorAlert>
      <Button w="fit-content" color="orange" disabled={!intoId} loading={merge.isPending} onClick={() => intoId && merge.mutate({ id: ticket.id, intoId })}>
        Merge into the chosen ticket
      </Button>
    </Stack>
  );
}
