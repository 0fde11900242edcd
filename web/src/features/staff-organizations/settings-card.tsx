import { Group, NumberInput, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { fieldRule } from '../../lib/field-rule';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  creditLimitCentsOf,
  creditLimitProblem,
  MAX_CREDIT_LIMIT_EUROS,
  quotaProblem,
  reasonProblem,
} from './staff-format';
import { AdminFormCard } from './detail-parts';
import type { OrganizationDetail } from './staff-organizations-types';
import { SubmitRow } from '../../components/form-fields';

// Settings

/** The settings in the form's terms (the credit limit in euros, empty for none); the server checks them again in cents. */
const settingsFormSchema = z.object({
  invoicingAllowed: z.boolean(),
  maxClusters: fieldRule((value: number | string) => quotaProblem(value, 'Cluster quota', 1_000)),
  maxNodes: fieldRule((value: number | string) => quotaProblem(value, 'Node quota', 100_000)),
  creditLimit: fieldRule(creditLimitProblem),
  reason: fieldRule(reasonProblem),
});

export function SettingsCard({ organization, admin, onSaved }: { organization: OrganizationDetail; admin: boolean; onSaved: () => Promise<void> }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.staffOrganizations.updateSettings.mutationOptions());
  // Controlled: the button waits for a change.
  const schemaForm = useSchemaForm({
    schema: settingsFormSchema,
    initialValues: {
      invoicingAllowed: organization.invoicingAllowed,
      maxClusters: organization.maxClusters as number | string,
      maxNodes: organization.maxNodes as number | string,
      // In euros as typed; empty: no limit.
      creditLimit: (organization.creditLimitCents === null ? '' : organization.creditLimitCents / 100) as number | string,
      reason: '',
    },
    mode: 'controlled',
    submit: (values) => {
      if (!changed) return;
      return save.mutateAsync({
        id: organization.id,
        invoicingAllowed: values.invoicingAllowed,
        maxClusters: values.maxClusters as number,
        maxNodes: values.maxNodes as number,
        creditLimitCents: creditLimitCentsOf(values.creditLimit),
        reason: values.reason.trim(),
      });
    },
    success: { title: 'Settings saved', description: `${organization.name}'s settings were changed.`, variant: 'success' },
    onSuccess: () => {
      form.setFieldValue('reason', '');
      form.resetTouched();
      void onSaved();
    },
  });
  const { form, submitting } = schemaForm;
  const { invoicingAllowed, maxClusters, maxNodes, creditLimit } = form.values;
  const creditLimitCents = creditLimitProblem(creditLimit) ? undefined : creditLimitCentsOf(creditLimit);
  const changed =
    invoicingAllowed !== organization.invoicingAllowed ||
    maxClusters !== organization.maxClusters ||
    maxNodes !== organization.maxNodes ||
    (creditLimitCents !== undefined && creditLimitCents !== organization.creditLimitCents);

  return (
    <AdminFormCard
      titleId="org-settings-title"
      title="Settings staff control"
      adminOnly="Only administrators change these settings."
      admin={admin}
      schemaForm={schemaForm}
    >
      <Switch
        label="Invoice payment allowed"
        description="The organisation may pay orders by bank transfer against an invoice."
        disabled={!admin}
        {...form.getInputProps('invoicingAllowed', { type: 'checkbox' })}
      />
      <Group grow>
        <NumberInput label="Cluster quota" description="Clusters alive at once" min={0} max={1_000} allowDecimal={false} disabled={!admin} {...form.getInputProps('maxClusters')} />
        <NumberInput label="Node quota" description="Worker nodes over all clusters" min={0} max={100_000} allowDecimal={false} disabled={!admin} {...form.getInputProps('maxNodes')} />
      </Group>
      <NumberInput
        label="Credit limit (EUR)"
        description="Most it may owe at once when paying by bank transfer (unpaid invoices and orders). Empty: no limit. Card payments are not limited."
        placeholder="No limit"
        min={0}
        max={MAX_CREDIT_LIMIT_EUROS}
        decimalScale={2}
        disabled={!admin}
        {...form.getInputProps('creditLimit')}
      />
      <TextInput label="Reason" description="Kept in the audit log." disabled={!admin} {...form.getInputProps('reason')} required />
      <SubmitRow submitting={submitting} disabled={!admin || !changed}>
        Save settings
      </SubmitRow>
    </AdminFormCard>
  );
}
