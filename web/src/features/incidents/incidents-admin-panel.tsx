import { Badge, Button, Card, Group, MultiSelect, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { QueryView } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { fieldRule, formRule } from '../../lib/field-rule';
import { useSchemaForm } from '../../lib/use-schema-form';
import { affectedSummary, IMPACT_COLORS, IMPACT_LABELS, IMPACT_OPTIONS, OPEN_STATUS_OPTIONS, SERVICE_OPTIONS, STATUS_LABELS } from './incident-display';
import { DECLARE_FIELDS, EMPTY_DECLARE_FORM, messageError, toDeclareInput, validateDeclareForm } from './incident-form';
import { useDeclareIncident, useIncidents, usePostIncidentUpdate, useRegionOptions, useResolveIncident } from './incident-queries';
import type { OpenIncidentStatus, PublicIncident } from './incident-types';

function notifiedSentence(count: number): string {
  return count === 0 ? 'No customer needed a notification.' : `${count} ${count === 1 ? 'user was' : 'users were'} notified.`;
}

/** The server's rules for a declaration, an update and a resolution note, checked before sending. */
const DECLARE_SCHEMA = formRule(validateDeclareForm);
const UPDATE_SCHEMA = z.object({ status: z.string(), message: fieldRule((message: string) => messageError(message)) });
const RESOLVE_SCHEMA = z.object({ message: fieldRule((message: string) => messageError(message, false)) });

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * Staff tools for platform incidents: declare one (customers with clusters in the affected regions
 * are notified), post its updates, resolve it. The server refuses anyone but staff.
 */
export function IncidentsAdminPanel() {
  const incidents = useIncidents();
  return (
    <Stack gap="md" component="section" aria-labelledby="incidents-admin-title" data-testid="incidents-admin-panel">
      <Stack gap={4}>
        <Title order={2} size="h3" id="incidents-admin-title">
          Platform incidents
        </Title>
        <Text size="sm" c="dimmed">
          Declaring an incident shows it on every customer's dashboard and status indicator, and notifies the members of organisations with
          clusters in the affected regions (owners also get an email). Resolving it tells them again.
        </Text>
      </Stack>
      <DeclareIncidentForm />
      <QueryView
        query={incidents}
        loading={
          <Text size="sm" c="dimmed" aria-busy="true">
            Loading incidents…
          </Text>
        }
        errorTitle="Incidents could not be loaded"
        isEmpty={(data) => data.active.length === 0}
        empty={
          <Text size="sm" data-testid="no-open-incidents">
            No incident is open.
          </Text>
        }
      >
        {(data) => (
          <Stack gap="md">
            {data.active.map((incident) => (
              <OpenIncidentCard key={incident.id} incident={incident} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

function DeclareIncidentForm() {
  const declare = useDeclareIncident();
  const regions = useRegionOptions();
  // One key per declaration: a double submit or a retry after a timeout declares (and notifies) once.
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<string | null>(null);
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: DECLARE_SCHEMA,
    initialValues: EMPTY_DECLARE_FORM,
    mode: 'controlled',
    submit: (_checked, values) => {
      setDone(null);
      return declare.mutateAsync(toDeclareInput(values, key));
    },
    fieldOf: DECLARE_FIELDS,
    resetOnSuccess: true,
    onSuccess: (result) => {
      setDone(`Incident declared: ${result.incident.title}. ${notifiedSentence(result.notifiedUsers)}`);
      setKey(newKey());
    },
  });

  return (
    <Card withBorder padding="lg" radius="md">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="declare-incident-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="declare-incident-title">
            Declare an incident
          </Title>
          <TextInput label="Title" description="What customers see, e.g. “API servers unreachable in Paris”." required maxLength={120} {...form.getInputProps('title')} />
          <Select label="Impact" placeholder="Choose the impact" required data={IMPACT_OPTIONS} allowDeselect={false} {...form.getInputProps('impact')} />
          <MultiSelect
            label="Affected regions"
            description="Members of organisations with clusters there are notified."
            placeholder={regions.query.isPending ? 'Loading regions…' : 'Choose regions'}
            data={regions.options}
            searchable
            {...form.getInputProps('affectedRegions')}
          />
          {regions.query.error ? <ErrorAlert>Regions could not be loaded: {regions.query.error.message}</ErrorAlert> : null}
          <MultiSelect label="Affected services" placeholder="Choose services" data={SERVICE_OPTIONS} {...form.getInputProps('affectedServices')} />
          <Textarea label="First update" description="What is happening and what customers should expect." required autosize minRows={3} maxLength={2000} {...form.getInputProps('message')} />
          <ErrorAlert>{error}</ErrorAlert>
          {done ? (
            <Text size="sm" c="teal.8" role="status" data-testid="incident-declared">
              {done}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" color="red" loading={submitting}>
              Declare incident
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function OpenIncidentCard({ incident }: { incident: PublicIncident }) {
  const titleId = `open-incident-${incident.id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId} data-testid="open-incident">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={titleId}>
            {incident.title}
          </Title>
          <Badge color={IMPACT_COLORS[incident.impact]} variant="filled" tt="none">
            {IMPACT_LABELS[incident.impact]}
          </Badge>
          <Badge color="gray" variant="outline" tt="none">
            {STATUS_LABELS[incident.status]}
          </Badge>
        </Group>
        <Text size="sm">
          Affected: {affectedSummary(incident)} · since {formatDateTime(incident.startedAt)}
        </Text>
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Updates, newest first">
          {incident.updates.map((update) => (
            <Text key={update.id} component="li" size="sm">
              <Text span fw={600}>
                {STATUS_LABELS[update.status]} — {formatDateTime(update.createdAt)}:
              </Text>{' '}
              {update.message}
            </Text>
          ))}
        </Stack>
        <PostUpdateForm incident={incident} />
        <ResolveForm incident={incident} />
      </Stack>
    </Card>
  );
}

function PostUpdateForm({ incident }: { incident: PublicIncident }) {
  const post = usePostIncidentUpdate();
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: UPDATE_SCHEMA,
    initialValues: { status: (incident.status === 'resolved' ? 'monitoring' : incident.status) as OpenIncidentStatus, message: '' },
    mode: 'controlled',
    submit: (_checked, values) => post.mutateAsync({ id: incident.id, status: values.status, message: values.message.trim() }),
    onSuccess: () => form.setFieldValue('message', ''),
  });
  return (
    <IncidentForm formRef={formRef} onSubmit={onSubmit} label={`Post an update to ${incident.title}`} error={error} submit={{ label: 'Post update', variant: 'default', submitting }}>
      <Group align="flex-start" grow wrap="wrap">
        <Select label="Status" data={OPEN_STATUS_OPTIONS} allowDeselect={false} required {...form.getInputProps('status')} />
        <Textarea label="Update" required autosize minRows={2} maxLength={2000} {...form.getInputProps('message')} />
      </Group>
    </IncidentForm>
  );
}

function ResolveForm({ incident }: { incident: PublicIncident }) {
  const resolve = useResolveIncident();
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: RESOLVE_SCHEMA,
    initialValues: { message: '' },
    mode: 'controlled',
    submit: (_checked, values) => resolve.mutateAsync({ id: incident.id, message: values.message.trim() || undefined }),
  });
  return (
    <IncidentForm formRef={formRef} onSubmit={onSubmit} label={`Resolve ${incident.title}`} error={error} submit={{ label: 'Resolve incident', color: 'teal', submitting }}>
      <Textarea
        label="Resolution note"
        description="Optional: what was fixed. Left empty, customers read that services are operating normally."
        autosize
        minRows={1}
        maxLength={2000}
        {...form.getInputProps('message')}
      />
    </IncidentForm>
  );
}

interface IncidentFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The form's accessible name: what it does to which incident. */
  label: string;
  error: string | null;
  submit: { label: string; submitting: boolean; variant?: 'default'; color?: 'teal' };
  children: ReactNode;
}

/** A short form on an open incident's card: its fields, the refusal, and its button on the left. */
function IncidentForm({ formRef, onSubmit, label, error, submit, children }: IncidentFormProps) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="xs">
        {children}
        <ErrorAlert>{error}</ErrorAlert>
        <Group>
          <Button type="submit" variant={submit.variant} color={submit.color} loading={submit.submitting}>
            {submit.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
