import { STAFF_CREDIT_LIMITS } from '@kubemarket/shared';
import { Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { fieldRule } from '../../lib/field-rule';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  euros,
} from './staff-format';
import { AdminFormCard } from './detail-parts';
import type { OrganizationDetail } from './staff-organizations-types';
import { SubmitRow } from '../../components/form-fields';

// Credit

const ORIGINS = [
  { value: 'goodwill', label: 'Goodwill' },
  { value: 'refund', label: 'Refund' },
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'promotion', label: 'Promotion' },
];

/** The grant in the form's terms (euros typed); the server checks it again in cents. */
const creditFormSchema = z.object({
  amount: fieldRule((amount: number | string) => (typeof amount === 'number' && amount >= 0.01 && amount <= 100_000 ? null : 'Enter an amount from €0.01 to €100,000.')),
  origin: z.enum(['goodwill', 'refund', 'prepaid', 'promotion']),
  description: fieldRule((description: string) => (description.trim() ? null : 'Say why the credit is granted.')),
  expiresOn: z.string(),
});

export function CreditCard({ organization, admin, onGranted }: { organization: OrganizationDetail; admin: boolean; onGranted: () => Promise<void> }) {
  const trpc = useTRPC();
  const grant = useMutation(trpc.billing.grantCredit.mutationOptions());
  const schemaForm = useSchemaForm({
    schema: creditFormSchema,
    initialValues: { amount: '' as number | string, origin: 'goodwill' as z.infer<typeof creditFormSchema>['origin'], description: '', expiresOn: '' },
    submit: ({ amount, origin, description, expiresOn }) =>
      grant.mutateAsync({
        id: organization.id,
        amountCents: Math.round((amount as number) * 100),
        origin,
        description: description.trim(),
        expiresAt: expiresOn ? Date.parse(`${expiresOn}T23:59:59Z`) : null,
      }),
    success: (answer) =>
      answer.status === 'granted'
        ? { title: 'Credit granted', description: `${euros(answer.credit.amountCents)} for ${organization.name}.`, variant: 'success' }
        : { title: 'Credit awaits a second administrator', description: `${euros(answer.request.amountCents)} for ${organization.name}: ${answer.request.limitReason}`, variant: 'info' },
    onSuccess: () => {
      form.setValues({ amount: '', description: '', expiresOn: '' });
      form.resetTouched();
      void onGranted();
    },
  });
  const { form, submitting } = schemaForm;

  return (
    <AdminFormCard
      titleId="org-credit-title"
      title="Grant a credit"
      adminOnly="Only administrators grant credits."
      admin={admin}
      schemaForm={schemaForm}
      intro={
        <Text size="sm" c="dimmed">
          Credits are deducted from the next invoices before any payment. Audited with your name. You grant up to {euros(STAFF_CREDIT_LIMITS.alonePerGrantCents)} at a time and{' '}
          {euros(STAFF_CREDIT_LIMITS.alonePerMonthCents)} a month alone; above that, another administrator approves.
        </Text>
      }
    >
      <Group grow>
        <NumberInput label="Amount (EUR)" min={0.01} max={100_000} decimalScale={2} key={form.key('amount')} {...form.getInputProps('amount')} required />
        <Select label="Origin" data={ORIGINS} allowDeselect={false} key={form.key('origin')} {...form.getInputProps('origin')} />
      </Group>
      <TextInput label="Description" description="Shown to the customer with the credit." maxLength={200} key={form.key('description')} {...form.getInputProps('description')} required />
      <TextInput label="Expires on (UTC, optional)" type="date" key={form.key('expiresOn')} {...form.getInputProps('expiresOn')} />
      <SubmitRow submitting={submitting} disabled={!admin}>
        Grant credit
      </SubmitRow>
    </AdminFormCard>
  );
}
