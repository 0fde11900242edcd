import { Alert, Button, Code, Group, List, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea, ThemeIcon, Title } from '@mantine/core';
import {
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  CUSTOM_SOLUTION_CATEGORIES,
  CUSTOM_SOLUTION_CATEGORY_LABELS,
  CUSTOM_SOLUTION_DESCRIPTION_MAX,
  CUSTOM_SOLUTION_MAX_BUDGET_EUROS,
  CUSTOM_SOLUTION_MAX_NODES,
  CUSTOM_SOLUTION_REPLY_PROMISE,
  CUSTOM_SOLUTION_SCALE_DETAILS_MAX,
  customSolutionRequestFormSchema,
  EMPTY_CUSTOM_SOLUTION_FORM,
  toCustomSolutionRequestInput,
  type CustomSolutionRequestFormValues,
} from '@kubemarket/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SubmitRow } from '../../components/form-fields';

const CATEGORY_OPTIONS = CUSTOM_SOLUTION_CATEGORIES.map((value) => ({ value, label: CUSTOM_SOLUTION_CATEGORY_LABELS[value] }));

/** Today in the browser's calendar, the earliest day the date picker offers. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The request form; once sent, its reference and what happens next. */
export function RequestForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The phone field follows the preference; an uncontrolled form does not re-render by itself.
  const [wantsCall, setWantsCall] = useState(false);
  const submit = useMutation(
    trpc.customSolutions.submit.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.customSolutions.list.queryKey() }),
    }),
  );
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: customSolutionRequestFormSchema,
    initialValues: { ...EMPTY_CUSTOM_SOLUTION_FORM },
    onValuesChange: (values, previous) => {
      if (values.contactPreference !== previous.contactPreference) setWantsCall(values.contactPreference === 'phone');
    },
    submit: (_parsed, values) => submit.mutateAsync(toCustomSolutionRequestInput(values)),
  });
  const successHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (submit.isSuccess) successHeading.current?.focus();
  }, [submit.isSuccess]);

  if (submit.isSuccess) {
    return (
      <Stack gap="md" align="flex-start" role="status" data-testid="custom-solution-sent">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={24} stroke={1.8} />
          </ThemeIcon>
          <Title order={3} ref={successHeading} tabIndex={-1}>
            Your request has been sent
          </Title>
        </Group>
        <Text>
          Your reference is <Code data-testid="custom-solution-reference">{submit.data.id}</Code>. {CUSTOM_SOLUTION_REPLY_PROMISE}
        </Text>
        <Stack gap={4}>
          <Text fw={600}>What happens next</Text>
          <List size="sm" spacing={4}>
            <List.Item>A solutions engineer reviews your request and may contact you {contactPhrase(submit.data.contactPreference)} for details.</List.Item>
            <List.Item>You receive a proposal, or an explanation if we cannot offer it, here and by email.</List.Item>
            <List.Item>Everyone in your organisation can follow the request in the list below.</List.Item>
          </List>
        </Stack>
        <Button
          variant="default"
          onClick={() => {
            submit.reset();
            form.reset();
            setWantsCall(false);
          }}
        >
          Send another request
        </Button>
      </Stack>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="custom-solution-form">
      <Stack gap="md">
        <ErrorAlert>{error}</ErrorAlert>
        <TextInput
          label="What do you need?"
          description="A short subject our team will recognise."
          placeholder="e.g. Dedicated H100 GPU nodes for nightly model training"
          required
          maxLength={120}
          key={form.key('subject')}
          {...form.getInputProps('subject')}
        />
        <Select
          label="Category"
          placeholder="Choose the closest category"
          data={CATEGORY_OPTIONS}
          required
          allowDeselect={false}
          key={form.key('category')}
          {...form.getInputProps('category')}
        />
        <Textarea
          label="Description"
          description="What should the solution do, and what is missing from the catalogue? Mention constraints such as certifications, latency or data location."
          placeholder="e.g. We train computer-vision models every night and need 8 GPU nodes with local NVMe storage in a French region, reserved for 12 months."
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={CUSTOM_SOLUTION_DESCRIPTION_MAX}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Expected nodes"
            placeholder="e.g. 12"
            min={1}
            max={CUSTOM_SOLUTION_MAX_NODES}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            key={form.key('expectedNodes')}
            {...form.getInputProps('expectedNodes')}
          />
          <NumberInput
            label="Monthly budget (EUR)"
            placeholder="e.g. 5,000"
            prefix="€"
            min={0}
            max={CUSTOM_SOLUTION_MAX_BUDGET_EUROS}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            key={form.key('monthlyBudgetEuros')}
            {...form.getInputProps('monthlyBudgetEuros')}
          />
          <TextInput label="Needed by" type="date" min={localToday()} key={form.key('desiredDate')} {...form.getInputProps('desiredDate')} />
        </SimpleGrid>
        <Textarea
          label="Environments and scale"
          placeholder="e.g. Production and staging, 2 TB of data, 5,000 requests per second at peak"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={CUSTOM_SOLUTION_SCALE_DETAILS_MAX}
          key={form.key('scaleDetails')}
          {...form.getInputProps('scaleDetails')}
        />
        <Radio.Group label="How should we contact you?" required key={form.key('contactPreference')} {...form.getInputProps('contactPreference')}>
          <Group gap="lg" mt={6}>
            {CONTACT_PREFERENCES.map((value) => (
              <Radio key={value} value={value} label={CONTACT_PREFERENCE_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        {wantsCall ? (
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder="+33 1 23 45 67 89"
            required
            key={form.key('contactPhone')}
            {...form.getInputProps('contactPhone')}
          />
        ) : null}
        <Alert variant="light" color="gray" p="sm">
          <Text size="sm">{CUSTOM_SOLUTION_REPLY_PROMISE} Everyone in your organisation can follow the request on this page.</Text>
        </Alert>
        <SubmitRow submitting={submitting}>Send request</SubmitRow>
      </Stack>
    </form>
  );
}

function contactPhrase(preference: CustomSolutionRequestFormValues['contactPreference']): string {
  return preference === 'phone' ? 'by phone' : preference === 'meeting' ? 'to set up a video meeting' : 'by email';
}
