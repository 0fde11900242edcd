import { Alert, Button, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { publicTicketFormSchema } from '@kubemarket/shared';
import { ErrorAlert } from '../../components/error-alert';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { fieldAlert } from './field-alert';
import { TicketTextFields } from './ticket-text-fields';
import { CATEGORY_LABELS, SEVERITY_LABELS, TICKET_CATEGORIES, TICKET_SEVERITIES } from './ticket-types';
import type { TicketCategory, TicketSeverity } from './ticket-types';

const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const SEVERITY_OPTIONS = TICKET_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }));
/**
 * /submit-ticket: a visitor's request. It reaches support only once confirmed from the email sent
 * to the address given, so the queue never fills with unconfirmed (or robot) requests.
 */
export function PublicSubmitForm({ initialCategory = 'technical' }: { initialCategory?: TicketCategory }) {
  const trpc = useTRPC();
  const submit = useMutation(trpc.tickets.submitPublic.mutationOptions());
  // Controlled: the Markdown field is.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: publicTicketFormSchema,
    initialValues: { name: '', email: '', subject: '', description: '', category: initialCategory as TicketCategory, severity: 'P3' as TicketSeverity },
    mode: 'controlled',
    submit: (_parsed, values) => submit.mutateAsync(values),
  });

  if (submit.data) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="public-ticket-sent">
        <Stack gap="sm" role="status">
          <IconMailCheck size={32} aria-hidden />
          <Title order={2} size="h3">
            Check your email
          </Title>
          <Text>
            We sent a confirmation link to <strong>{form.values.email.trim()}</strong>. Your request <strong data-testid="public-ticket-reference">{submit.data.reference}</strong> reaches our
            engineers once you confirm it from that email.
          </Text>
          <Text size="sm" c="dimmed">
            No email within a few minutes? Check your spam folder, or submit the request again.
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="public-ticket-title" data-testid="public-ticket-form">
        <Stack gap="md">
          <Title order={2} size="h3" id="public-ticket-title">
            New ticket
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Your name" autoComplete="name" {...form.getInputProps('name')} error={fieldAlert(form.errors.name)} withAsterisk maxLength={120} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} error={fieldAlert(form.errors.email)} withAsterisk />
            <Select label="Category" data={CATEGORY_OPTIONS} allowDeselect={false} withAsterisk {...form.getInputProps('category')} />
            <Select label="Severity" data={SEVERITY_OPTIONS} allowDeselect={false} withAsterisk {...form.getInputProps('severity')} />
          </SimpleGrid>
          <TicketTextFields form={form} descriptionPlaceholder="What happened, when it started, what is affected, and the steps to reproduce it." />
          <Alert variant="light" color="blue">
            <Text size="sm">We email you a link to confirm the request; it reaches our engineers only once confirmed. Signed-in customers can also attach files from the console.</Text>
          </Alert>
          <ErrorAlert>{error}</ErrorAlert>
          <Button type="submit" loading={submitting} w="fit-content" data-testid="public-ticket-submit">
            Submit ticket
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
