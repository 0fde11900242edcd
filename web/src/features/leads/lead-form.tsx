import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, ThemeIcon, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formRule } from '../../lib/field-rule';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { toLeadInput, validateLeadForm } from './lead-form-values';
import type { DetailField, FieldRule, LeadFieldRules, LeadFormValues, LeadKind } from './lead-form-values';

export interface LeadFormProps {
  kind: LeadKind;
  /** Heading of the form card. */
  title: string;
  submitLabel: string;
  rules?: Partial<LeadFieldRules>;
  messageLabel?: string;
  messagePlaceholder?: string;
  detailFields?: readonly DetailField[];
  /** Details sent with every submission, e.g. which support page the form is on. */
  fixedDetails?: Record<string, string>;
  /** What happens next, shown in the confirmation. */
  confirmation: ReactNode;
  testId?: string;
}

const DEFAULT_RULES: LeadFieldRules = { company: 'optional', phone: 'optional', message: 'optional' };

/** A request form stored through leads.submit: validation, loading state, server errors and a confirmation. */
export function LeadForm({
  kind,
  title,
  submitLabel,
  rules: ruleOverrides,
  messageLabel = 'Message',
  messagePlaceholder,
  detailFields = [],
  fixedDetails,
  confirmation,
  testId = 'lead-form',
}: LeadFormProps) {
  const trpc = useTRPC();
  const submit = useMutation(trpc.leads.submit.mutationOptions());
  const rules: LeadFieldRules = { ...DEFAULT_RULES, ...ruleOverrides };

  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: formRule((values: LeadFormValues) => validateLeadForm(values, rules, detailFields)),
    initialValues: {
      name: '',
      email: '',
      company: '',
      phone: '',
      message: '',
      details: Object.fromEntries(detailFields.map((field) => [field.name, ''])),
    } as LeadFormValues,
    submit: (_checked, values) => submit.mutateAsync(toLeadInput(kind, values, detailFields, fixedDetails)),
  });

  if (submit.isSuccess) {
    return (
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid={`${testId}-success`}>
        <Stack gap="md" align="flex-start" role="status">
          <ThemeIcon size={44} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={26} stroke={1.8} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Thank you, your request has been received
          </Title>
          <Text>{confirmation}</Text>
          <Text size="sm" c="dimmed">
            Your reference is <strong data-testid="lead-reference">{submit.data.id}</strong>. We have also sent it to you by email.
          </Text>
          <Button
            variant="default"
            onClick={() => {
              submit.reset();
              form.reset();
            }}
          >
            Send another request
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <form ref={formRef} noValidate onSubmit={onSubmit} data-testid={testId}>
        <Stack gap="md">
          <Title order={2} size="h3">
            {title}
          </Title>
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title="Your request was not sent">
              {error}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label="Work email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
            {visible(rules.company) ? (
              <TextInput
                label="Company"
                autoComplete="organization"
                required={rules.company === 'required'}
                key={form.key('company')}
                {...form.getInputProps('company')}
              />
            ) : null}
            {visible(rules.phone) ? (
              <TextInput
                label="Phone"
                type="tel"
                autoComplete="tel"
                placeholder="+33 1 23 45 67 89"
                required={rules.phone === 'required'}
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
            ) : null}
            {detailFields.map((field) => (
              <DetailInput key={field.name} field={field} inputProps={form.getInputProps(`details.${field.name}`)} inputKey={form.key(`details.${field.name}`)} />
            ))}
          </SimpleGrid>
          {visible(rules.message) ? (
            <Textarea
              label={messageLabel}
              placeholder={messagePlaceholder}
              autosize
              minRows={4}
              maxRows={12}
              required={rules.message === 'required'}
              key={form.key('message')}
              {...form.getInputProps('message')}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            We use these details only to answer your request, as described in our privacy policy. They are stored in the
            EU and never shared with third parties for marketing.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function visible(rule: FieldRule): boolean {
  return rule !== 'hidden';
}

interface DetailInputProps {
  field: DetailField;
  inputKey: string;
  inputProps: GetInputPropsReturnType;
}

function DetailInput({ field, inputKey, inputProps }: DetailInputProps) {
  const common = { label: field.label, required: field.required, description: field.description, placeholder: field.placeholder };
  switch (field.type) {
    case 'select':
      return <Select key={inputKey} {...common} data={field.options ? [...field.options] : []} allowDeselect={!field.required} {...inputProps} />;
    case 'number':
      return (
        <NumberInput
          key={inputKey}
          {...common}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          {...inputProps}
          onChange={(value) => inputProps.onChange(value === '' ? '' : String(value))}
        />
      );
    case 'date':
      return <TextInput key={inputKey} {...common} type="date" {...inputProps} />;
    default:
      return <TextInput key={inputKey} {...common} {...inputProps} />;
  }
}
