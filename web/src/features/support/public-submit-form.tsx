import { Alert, Button, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { focusFirstInvalidSoon } from '../../lib/focus-invalid';
import { useTRPC } from '../../lib/trpc';
import { MarkdownField } from './markdown-field';
import { draftErrors } from './ticket-form-rules';
import { CATEGORY_LABELS, SEVERITY_LABELS, TICKET_CATEGORIES, TICKET_SEVERITIES } from './ticket-types';
import type { TicketCategory, TicketSeverity } from './ticket-types';

const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const SEVERITY_OPTIONS = TICKET_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Errors {
  name?: string;
  email?: string;
  subject?: string;
  description?: string;
}

/**
 * /submit-ticket: a visitor's request. It reaches support only once confirmed from the email sent
 * to the address given, so the queue never fills with unconfirmed (or robot) requests.
 */
export function PublicSubmitForm({ initialCategory = 'technical' }: { initialCategory?: TicketCategory }) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TicketCategory>(initialCategory);
  const [severity, setSeverity] = useState<TicketSeverity>('P3');
  const [errors, setErrors] = useState<Errors>({});
  const submit = useMutation(trpc.tickets.submitPublic.mutationOptions());
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = { ...draftErrors({ subject, description }) };
    if (!name.trim()) found.name = 'Name is required.';
    if (!EMAIL.test(email.trim())) found.email = 'Enter a valid email address.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalidSoon(formRef);
      return;
    }
    submit.mutate({ name, email, subject, description, category, severity });
  };

  if (submit.data) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="public-ticket-sent">
        <Stack gap="sm" role="status">
          <IconMailCheck size={32} aria-hidden />
          <Title order={2} size="h3">
            Check your email
          </Title>
          <Text>
            We sent a confirmation link to <strong>{email.trim()}</strong>. Your request <strong data-testid="public-ticket-reference">{submit.data.reference}</strong> reaches our
            engineers once you confirm it from that email.
          </Text>
          <Text size="sm" c="dimmed">
            No email within a few minutes? Check your spam folder, or submit the request again.
          </Text>
        </Stack>
      </Paper>
    );
  }

  const fieldError = (message: string | undefined) => (message ? <span role="alert">{message}</span> : undefined);
  return (
    <Paper withBorder radius="md" p="xl">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="public-ticket-title" data-testid="public-ticket-form">
        <Stack gap="md">
          <Title order={2} size="h3" id="public-ticket-title">
            New ticket
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Your name" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError(errors.name)} withAsterisk maxLength={120} />
            <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={fieldError(errors.email)} withAsterisk />
            <Select label="Category" data={CATEGORY_OPTIONS} value={category} allowDeselect={false} withAsterisk onChange={(value) => value && setCategory(value as TicketCategory)} />
            <Select label="Severity" data={SEVERITY_OPTIONS} value={severity} allowDeselect={false} withAsterisk onChange={(value) => value && setSeverity(value as TicketSeverity)} />
          </SimpleGrid>
          <TextInput label="Subject" value={subject} onChange={(event) => setSubject(event.currentTarget.value)} error={fieldError(errors.subject)} withAsterisk maxLength={200} placeholder="Ingress returns 502 on webshop-prod" />
          <MarkdownField
            label="Description"
            value={description}
            onChange={setDescription}
            error={errors.description}
            required
            placeholder="What happened, when it started, what is affected, and the steps to reproduce it."
          />
          <Alert variant="light" color="blue">
            <Text size="sm">We email you a link to confirm the request; it reaches our engineers only once confirmed. Signed-in customers can also attach files from the console.</Text>
          </Alert>
          <ErrorAlert>{submit.error?.message}</ErrorAlert>
          <Button type="submit" loading={submit.isPending} w="fit-content" data-testid="public-ticket-submit">
            Submit ticket
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
