import {
  BUDGET_HIBERNATE_WARNING,
  BUDGET_SCOPE_LABELS,
  BUDGET_SCOPE_VALUES,
  BUDGET_THRESHOLD_CHOICES,
  budgetFormSchema,
  DEFAULT_BUDGET_THRESHOLDS,
  tierDisplayName,
  type BudgetScopeValue,
} from '@kubemarket/shared';
import { Alert, Autocomplete, Checkbox, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { CancelSubmitRow } from '../../components/form-fields';
import { fieldMap } from '../../lib/server-errors';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { scopeHibernates } from './budget-scope';
import type { Budget, BudgetChoices } from './budget-types';
import { Modal } from '../../components/overlays';

interface BudgetFormValues {
  name: string;
  scope: BudgetScopeValue;
  clusterId: string | null;
  tierId: string | null;
  label: string | null;
  amount: number | string;
  thresholds: number[];
  hibernateOnReach: boolean;
}

function initialValues(budget: Budget | null): BudgetFormValues {
  if (!budget) return { name: '', scope: 'organization', clusterId: null, tierId: null, label: null, amount: '', thresholds: [...DEFAULT_BUDGET_THRESHOLDS], hibernateOnReach: false };
  return { name: budget.name, scope: budget.scope, clusterId: budget.clusterId, tierId: budget.tierId, label: budget.label, amount: budget.amountCents / 100, thresholds: budget.thresholds, hibernateOnReach: budget.hibernateOnReach };
}

/** The cluster or tier a budget watches; nothing chosen is null. */
function TargetSelect({ label, options, value, error, onChange }: { label: string; options: Array<{ value: string; label: string }>; value: string | null; error: ReactNode; onChange: (id: string | null) => void }) {
  return (
    <NativeSelect
      label={label}
      required
      data={[{ value: '', label: `Choose a ${label.toLowerCase()}` }, ...options]}
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value || null)}
    />
  );
}

const FORM_FIELDS = ['name', 'scope', 'clusterId', 'tierId', 'label', 'thresholds', 'hibernateOnReach'];

/** Adding (budget null) or changing a budget, checked by the schema the server uses. */
export function BudgetFormModal({ budget, choices, onClose }: { budget: Budget | null; choices: BudgetChoices; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.budgets.create.mutationOptions());
  const update = useMutation(trpc.budgets.update.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: budgetFormSchema,
    initialValues: initialValues(budget),
    mode: 'controlled',
    onValuesChange: (values) => {
      if (values.hibernateOnReach && !scopeHibernates(values, choices)) form.setFieldValue('hibernateOnReach', false);
    },
    submit: (input) => (budget ? update.mutateAsync({ id: budget.id, ...input }) : create.mutateAsync(input)),
    fieldOf: fieldMap(FORM_FIELDS, { amountCents: 'amount' }),
    success: (saved) => ({ title: budget ? `The budget ${saved.name} was saved.` : `The budget ${saved.name} was added.`, variant: 'success' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.budgets.list.queryKey() });
      onClose();
    },
  });
  const { values } = form;
  const hibernates = scopeHibernates(values, choices);
  return (
    <Modal opened onClose={onClose} title={budget ? `Edit the budget ${budget.name}` : 'Add a budget'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput label="Name" required maxLength={80} data-testid="budget-name" {...form.getInputProps('name')} />
          <NativeSelect
            label="What it watches"
            data={BUDGET_SCOPE_VALUES.map((scope) => ({ value: scope, label: BUDGET_SCOPE_LABELS[scope] }))}
            data-testid="budget-scope"
            {...form.getInputProps('scope')}
          />
          {values.scope === 'cluster' ? (
            <TargetSelect label="Cluster" options={choices.clusters.map((cluster) => ({ value: cluster.id, label: cluster.name }))} value={values.clusterId} error={form.errors.clusterId} onChange={(id) => form.setFieldValue('clusterId', id)} />
          ) : null}
          {values.scope === 'tier' ? (
            <TargetSelect label="Tier" options={choices.tiers.map((tier) => ({ value: tier.id, label: tierDisplayName(tier.name) }))} value={values.tierId} error={form.errors.tierId} onChange={(id) => form.setFieldValue('tierId', id)} />
          ) : null}
          {values.scope === 'label' ? (
            <Autocomplete
              label="Node-pool label"
              description="key=value, as on the node pools of the clusters it watches."
              placeholder="team=payments"
              required
              data={choices.labels}
              {...form.getInputProps('label')}
              value={values.label ?? ''}
              onChange={(value) => form.setFieldValue('label', value || null)}
            />
          ) : null}
          <NumberInput label="Amount per month (€, VAT excluded)" required min={1} decimalScale={2} thousandSeparator="," data-testid="budget-amount" {...form.getInputProps('amount')} />
          <Checkbox.Group
            label="Alert at"
            description="Percent of the amount; each is checked against spend so far and against the month-end forecast, once a month."
            value={values.thresholds.map(String)}
            onChange={(next) => form.setFieldValue('thresholds', next.map(Number).sort((a, b) => a - b))}
            error={form.errors.thresholds}
          >
            <Group gap="md" mt="xs">
              {BUDGET_THRESHOLD_CHOICES.map((threshold) => (
                <Checkbox key={threshold} value={String(threshold)} label={`${threshold} %`} />
              ))}
            </Group>
          </Checkbox.Group>
          {hibernates ? (
            <Stack gap="xs">
              <Checkbox label="Hibernate these clusters when the budget is reached" {...form.getInputProps('hibernateOnReach', { type: 'checkbox' })} data-testid="budget-hibernate" />
              <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title="Workloads stop" data-testid="budget-hibernate-warning">
                {BUDGET_HIBERNATE_WARNING}
              </Alert>
            </Stack>
          ) : null}
          <ErrorAlert>{error}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} submitting={submitting} testId="budget-submit">
            {budget ? 'Save' : 'Add budget'}
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}
