import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { focusFirstInvalidSoon } from '../../lib/focus-invalid';
import { useTRPC } from '../../lib/trpc';
import { FilePicker, filesAreValid } from './file-picker';
import { MarkdownField } from './markdown-field';
import { SeverityField } from './severity-field';
import { draftErrors } from './ticket-form-rules';
import type { DraftErrors } from './ticket-form-rules';
import { memberUploadUrl, uploadTicketFiles } from './ticket-rest';
import { CATEGORY_LABELS, TICKET_CATEGORIES } from './ticket-types';
import type { TicketCategory, TicketDetail, TicketSeverity } from './ticket-types';

const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const NO_CLUSTER = 'none';

/** Opens a ticket, then sends its files through the REST upload; lands on the new ticket. */
export function NewTicketForm({ initialCategory, onCancel }: { initialCategory: TicketCategory; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = useQuery(trpc.tickets.options.queryOptions());
  const [category, setCategory] = useState<TicketCategory>(initialCategory);
  const [severity, setSeverity] = useState<TicketSeverity>('P3');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [clusterId, setClusterId] = useState(NO_CLUSTER);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [created, setCreated] = useState<TicketDetail | null>(null);

  const create = useMutation(trpc.tickets.create.mutationOptions());
  const upload = useMutation({ mutationFn: ({ id, picked }: { id: string; picked: File[] }) => uploadTicketFiles<TicketDetail>(memberUploadUrl(id), picked) });
  const busy = create.isPending || upload.isPending;
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = draftErrors({ subject, description });
    setErrors(found);
    if (Object.keys(found).length > 0 || !filesAreValid(files)) {
      focusFirstInvalidSoon(formRef);
      return;
    }
    setUploadError(null);
    const ticket = await create.mutateAsync({ subject, description, category, severity, ...(clusterId !== NO_CLUSTER ? { clusterId } : {}) }).catch(() => null);
    if (!ticket) return;
    await queryClient.invalidateQueries({ queryKey: trpc.tickets.list.pathKey() });
    if (files.length > 0) {
      try {
        await upload.mutateAsync({ id: ticket.id, picked: files });
      } catch (error) {
        // The ticket exists: say so, and where the files can be sent again.
        setUploadError(`${ticket.reference} is open, but its files could not be attached: ${error instanceof Error ? error.message : 'the upload failed'}`);
        setCreated(ticket);
        return;
      }
    }
    await navigate({ to: '/support/tickets/$id', params: { id: ticket.id } });
  };

  if (options.error) {
    return <QueryErrorAlert title="The ticket form could not be loaded" error={options.error} retrying={options.isFetching} onRetry={() => void options.refetch()} />;
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="New ticket" data-testid="new-ticket-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select label="Category" data={CATEGORY_OPTIONS} value={category} allowDeselect={false} withAsterisk onChange={(value) => value && setCategory(value as TicketCategory)} data-testid="ticket-category" />
          <Select
            label="Cluster (optional)"
            description="The cluster this ticket is about"
            data={[{ value: NO_CLUSTER, label: 'No particular cluster' }, ...(options.data?.clusters ?? []).map((cluster) => ({ value: cluster.id, label: cluster.name }))]}
            value={clusterId}
            allowDeselect={false}
            onChange={(value) => setClusterId(value ?? NO_CLUSTER)}
            disabled={options.isPending}
            data-testid="ticket-cluster"
          />
        </SimpleGrid>
        <SeverityField options={options.data} value={severity} onChange={setSeverity} />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          error={errors.subject ? <span role="alert">{errors.subject}</span> : undefined}
          withAsterisk
          maxLength={200}
          placeholder="Ingress returns 502 on webshop-prod"
          data-testid="ticket-subject"
        />
        <MarkdownField
          label="Description"
          value={description}
          onChange={setDescription}
          error={errors.description}
          required
          placeholder="What happened, since when, what is affected, and what you already tried. Paste error messages as text."
          testId="ticket-description"
        />
        <FilePicker files={files} onChange={setFiles} disabled={busy} />
        <ErrorAlert>{create.error?.message ?? uploadError}</ErrorAlert>
        {created ? (
          <ButtonLink to="/support/tickets/$id" params={{ id: created.id }} variant="light" w="fit-content">
            Open {created.reference} and attach the files to a reply
          </ButtonLink>
        ) : null}
        <Group>
          <Button type="submit" loading={busy} disabled={created !== null} data-testid="submit-ticket">
            Open the ticket
          </Button>
          <Button type="button" variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
