import { Button, Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_TARGETS,
  DATA_SENSITIVITIES,
  DATA_SENSITIVITY_LABELS,
  DEPLOYMENT_ENVIRONMENT_LABELS,
  DEPLOYMENT_ENVIRONMENTS,
  GET_CACHE_MS,
  SUGGESTION_MAX_NODES,
  WORKLOAD_KINDS,
  WORKLOAD_LABELS,
} from '@kubemarket/shared';
import type { SuggestionsInput } from '@kubemarket/shared';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { DEFAULT_VALUES, questionnaireSchema } from './questionnaire';
import type { QuestionnaireValues } from './questionnaire';

interface QuestionnaireFormProps {
  initialValues: QuestionnaireValues;
  /** Messages to show at once: answers from the address that cannot be used. */
  initialErrors: Record<string, string>;
  submitting: boolean;
  onSubmit: (input: SuggestionsInput) => void;
  onReset: () => void;
}

/** The six questions, a useSchemaForm checked with the procedure's own schema before anything is sent. */
export function QuestionnaireForm({ initialValues, initialErrors, submitting, onSubmit, onReset }: QuestionnaireFormProps) {
  const trpc = useTRPC();
  const regions = useQuery(trpc.catalog.regions.queryOptions(undefined, { staleTime: GET_CACHE_MS }));
  const { form, formRef, onSubmit: submitForm } = useSchemaForm({
    schema: questionnaireSchema,
    initialValues,
    mode: 'controlled',
    submit: (input) => onSubmit(input),
  });

  const { setErrors } = form;
  useEffect(() => {
    if (Object.keys(initialErrors).length > 0) setErrors(initialErrors);
  }, [initialErrors, setErrors]);

  const regionOptions = useMemo(
    () =>
      (regions.data ?? [])
        .filter((region) => region.status !== 'planned')
        .map((region) => {
          const certified = region.certifications.filter((name) => name === 'HDS' || name === 'SecNumCloud');
          return { value: region.id, label: `${region.name}, ${region.country}${certified.length > 0 ? ` (${certified.join(', ')})` : ''}` };
        }),
    [regions.data],
  );

  return (
    <form ref={formRef} noValidate data-testid="suggestions-form" onSubmit={submitForm}>
      <Stack gap="lg">
        <Radio.Group label="What will the cluster run?" withAsterisk {...form.getInputProps('workload')} value={form.values.workload ?? ''}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WORKLOAD_KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={WORKLOAD_LABELS[kind]} />
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Checkbox.Group
          label="Environments"
          description="Choose every environment the cluster serves."
          withAsterisk
          {...form.getInputProps('environments')}
        >
          <Group gap="lg" mt="xs">
            {DEPLOYMENT_ENVIRONMENTS.map((environment) => (
              <Checkbox key={environment} value={environment} label={DEPLOYMENT_ENVIRONMENT_LABELS[environment]} />
            ))}
          </Group>
        </Checkbox.Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Expected nodes"
            description={`Worker nodes at the usual load, 1 to ${SUGGESTION_MAX_NODES}.`}
            withAsterisk
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            min={1}
            max={SUGGESTION_MAX_NODES}
            {...form.getInputProps('expectedNodes')}
          />
          <NumberInput
            label="Monthly budget (optional)"
            description="In euros, excluding VAT. Suggestions above it are flagged."
            prefix="€"
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('monthlyBudgetEur')}
          />
        </SimpleGrid>

        <RadioChoices
          label="What data will it hold?"
          description="Health data stays in HDS-certified regions, regulated data in SecNumCloud-qualified ones."
          choices={DATA_SENSITIVITIES}
          labels={DATA_SENSITIVITY_LABELS}
          inputProps={form.getInputProps('dataSensitivity')}
          value={form.values.dataSensitivity ?? ''}
        />

        <RadioChoices
          label="Availability target"
          description="The control-plane SLA the tier must promise each month."
          choices={AVAILABILITY_TARGETS}
          labels={AVAILABILITY_LABELS}
          inputProps={form.getInputProps('availability')}
          value={form.values.availability ?? ''}
        />

        <Select
          label="Preferred region (optional)"
          description="Leave it empty to be suggested the best region for your data."
          placeholder="Any region"
          data={regionOptions}
          clearable
          maw={420}
          {...form.getInputProps('regionId')}
        />

        <Group gap="sm">
          <Button type="submit" leftSection={<IconSparkles size={18} />} loading={submitting} data-testid="suggestions-submit">
            Suggest clusters
          </Button>
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              form.setValues(DEFAULT_VALUES);
              form.clearErrors();
              onReset();
            }}
          >
            Start over
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RadioChoicesProps<Choice extends string> {
  label: string;
  description: string;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  inputProps: GetInputPropsReturnType;
  /** The choice made, '' before one is. */
  value: string;
}

/** A required question answered by one of a few choices, laid out two a row. */
function RadioChoices<Choice extends string>({ label, description, choices, labels, inputProps, value }: RadioChoicesProps<Choice>) {
  return (
    <Radio.Group label={label} description={description} withAsterisk {...inputProps} value={value}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {choices.map((choice) => (
          <Radio key={choice} value={choice} label={labels[choice]} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
