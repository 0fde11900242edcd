import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { ticketDescriptionSchema, ticketSubjectSchema } from '@kubemarket/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { fieldMap } from '../../lib/server-errors';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { attachmentsRule, FilePicker } from './file-picker';
import { SeverityField } from './severity-field';
import { memberUploadUrl, uploadTicketFiles } from './ticket-rest';
import { TicketTextFields } from './ticket-text-fields';
import { CATEGORY_LABELS, TICKET_CATEGORIES } from './ticket-types';
import type { TicketCategory, TicketDetail, TicketSeverity } from './ticket-types';

const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const NO_CLUSTER = 'none';

/** The server's rules for a new ticket's subject and description; its files by the attachment rules. */
const newTicketSchema = z.object({
  subject: ticketSubjectSchema,
  description: ticketDescriptionSchema,
  files: attachmentsRule,
});

/** Opens a ticket, then sends its files through the REST upload; lands on the new ticket. */
export function NewTicketForm({ initialCategory, onCancel }: { initialCategory: TicketCategory; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = useQuery(trpc.tickets.options.queryOptions());
  const [created, setCreated] = useState<TicketDetail | null>(null);

  const create = useMutation(trpc.tickets.create.mutationOptions());
  const upload = useMutation({ mutationFn: ({ id, picked }: { id: string; picked: File[] }) => uploadTicketFiles<TicketDetail>(memberUploadUrl(id), picked) });

  // Controlled: the Markdown field, the severity and the file picker are.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: newTicketSchema,
    initialValues: { category: initialCategory, severity: 'P3' as TicketSeverity, subject: '', description: '', clusterId: NO_CLUSTER, files: [] as File[] },
    mode: 'controlled',
    fieldOf: fieldMap(['subject', 'description']),
    submit: async (_parsed, { subject, description, category, severity, clusterId, files }) => {
      const ticket = await create.mutateAsync({ subject, description, category, severity, ...(clusterId !== NO_CLUSTER ? { clusterId } : {}) });
      await queryClient.invalidateQueries({ queryKey: trpc.tickets.list.pathKey() });
      if (files.length > 0) {
        try {
          await upload.mutateAsync({ id: ticket.id, picked: files });
        } catch (failure) {
          // The ticket exists: say so, and where the files can be sent again.
          setCreated(ticket);
          throw new Error(`${ticket.reference} is open, but its files could not be attached: ${failure instanceof Error ? failure.message : 'the upload failed'}`, { cause: failure });
        }
      }
      return ticket;
    },
    onSuccess: (ticket) => void navigate({ to: '/support/tickets/$id', params: { id: ticket.id } }),
  });

  if (options.error) {
    return <QueryErrorAlert title="The ticket form could not be loaded" query={options} />;
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="New ticket" data-testid="new-ticket-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select label="Category" data={CATEGORY_OPTIONS} allowDeselect={false} withAsterisk {...form.getInputProps('category')} data-testid="ticket-category" />
          <Select
            label="Cluster (optional)"
            description="The cluster this ticket is about"
            data={[{ value: NO_CLUSTER, label: 'No particular cluster' }, ...(options.data?.clusters ?? []).map((cluster) => ({ value: cluster.id, label: cluster.name }))]}
            allowDeselect={false}
            {...form.getInputProps('clusterId')}
            disabled={options.isPending}
            data-testid="ticket-cluster"
          />
        </SimpleGrid>
        <SeverityField options={options.data} value={form.values.severity} onChange={(severity) => form.setFieldValue('severity', severity)} />
        <TicketTextFields
          form={form}
          descriptionPlaceholder="What happened, since when, what is affected, and what you already tried. Paste error messages as text."
          testIds={{ subject: 'ticket-subject', description: 'ticket-description' }}
        />
        <FilePicker files={form.values.files} onChange={(files) => form.setFieldValue('files', files)} disabled={submitting} />
        <ErrorAlert>{error}</ErrorAlert>
        {created ? (
          <ButtonLink to="/support/tickets/$id" params={{ id: created.id }} variant="light" w="fit-content">
            Open {created.reference} and attach the files to a reply
          </ButtonLink>
        ) : null}
        <Group>
          <Button type="submit" loading={submitting} disabled={created !== null} data-testid="submit-ticket">
            Open the ticket
          </Button>
          <Button type="button" variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
