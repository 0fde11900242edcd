import { createWebhookEndpointSchema, updateWebhookEndpointSchema, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@kubemarket/shared';
import { Checkbox, Code, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { CancelSubmitRow } from '../../components/form-fields';
import { fieldMap } from '../../lib/server-errors';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretOnceModal } from '../../components/secret-once-modal';
import { Modal } from '../../components/overlays';

/** The events to choose from, each with the sentence a customer reads. */
function EventChoices({ value, onChange, error }: { value: WebhookEventType[]; onChange: (value: WebhookEventType[]) => void; error?: React.ReactNode }) {
  return (
    <Checkbox.Group label="Events" description="What this endpoint receives. Test events can always be sent by hand." value={value} onChange={(next) => onChange(next as WebhookEventType[])} error={error} withAsterisk>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={<Text size="sm">{WEBHOOK_EVENT_LABELS[type]}</Text>} description={<Code fz="xs">{type}</Code>} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

export function CreateEndpointModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: createWebhookEndpointSchema,
    initialValues: { url: '', description: '', events: ['order.paid', 'cluster.ready'] as WebhookEventType[] },
    mode: 'controlled',
    submit: (input) => create.mutateAsync(input),
    fieldOf: fieldMap(['url', 'events', 'description']),
    refusalField: 'url',
    resetOnSuccess: true,
    onSuccess: (endpoint) => onCreated(endpoint.secret),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add a webhook endpoint" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput
            label="Endpoint URL"
            description="An https URL of a public host. On a development install, http://127.0.0.1:<port> and http://localhost:<port> work too."
            placeholder="https://example.com/webhooks/kubemarket"
            required
            data-testid="webhook-url"
            {...form.getInputProps('url')}
          />
          <TextInput label="Description" description="Optional: what receives these events." maxLength={200} {...form.getInputProps('description')} />
          <EventChoices value={form.values.events} onChange={(events) => form.setFieldValue('events', events)} error={form.errors.events} />
          <ErrorAlert>{error}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} submitting={submitting} testId="webhook-create-submit">
            Add endpoint
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}

export interface EditableEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
}

export function EditEndpointModal({ endpoint, onClose, onSaved }: { endpoint: EditableEndpoint; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.webhooks.update.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: updateWebhookEndpointSchema,
    initialValues: { description: endpoint.description, events: endpoint.events },
    mode: 'controlled',
    submit: (input) => update.mutateAsync({ id: endpoint.id, ...input }),
    fieldOf: fieldMap(['events', 'description']),
    success: { title: 'The endpoint was saved.', variant: 'success' },
    onSuccess: onSaved,
  });
  return (
    <Modal opened onClose={onClose} title={`Edit ${endpoint.url}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput label="Description" maxLength={200} {...form.getInputProps('description')} />
          <EventChoices value={form.values.events ?? []} onChange={(events) => form.setFieldValue('events', events)} error={form.errors.events} />
          <ErrorAlert>{error}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} submitting={submitting}>
            Save
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}

/** A signing secret, shown once after creating an endpoint or rotating its secret. */
export function SecretModal({ secret, rotated, onClose }: { secret: string | null; rotated: boolean; onClose: () => void }) {
  return (
    <SecretOnceModal
      secret={secret}
      onClose={onClose}
      title="Copy the signing secret now"
      noticeTitle="Shown only once"
      notice={`Your receiver verifies each delivery's webhook-signature header with this secret (Standard Webhooks). Store it in your secret manager: it cannot be shown again; rotate it if it is lost.${rotated ? ' The previous secret still signs deliveries, beside this one, for 24 hours.' : ''}`}
      copyLabel="Copy secret"
      testId="webhook-secret"
    />
  );
}
