import { STAFF_CREDIT_LIMITS } from '@kubemarket/shared';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import {
  euros,
} from './staff-format';
import type { OrganizationDetail } from './staff-organizations-types';

// Credit

const ORIGINS = [
  { value: 'goodwill', label: 'Goodwill' },
  { value: 'refund', label: 'Refund' },
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'promotion', label: 'Promotion' },
];

export function CreditCard({ organization, admin, onGranted }: { organization: OrganizationDetail; admin: boolean; onGranted: () => Promise<void> }) {
  const trpc = useTRPC();
  const [amount, setAmount] = useState<number | string>('');
  const [origin, setOrigin] = useState<'goodwill' | 'refund' | 'prepaid' | 'promotion'>('goodwill');
  const [description, setDescription] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [touched, setTouched] = useState(false);
  const grant = useMutation(trpc.billing.grantCredit.mutationOptions());
  const amountProblem = typeof amount === 'number' && amount >= 0.01 && amount <= 100_000 ? null : 'Enter an amount from €0.01 to €100,000.';
  const descriptionProblem = description.trim() ? null : 'Say why the credit is granted.';
  const expiresAt = expiresOn ? Date.parse(`${expiresOn}T23:59:59Z`) : null;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="org-credit-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (amountProblem || descriptionProblem) return;
          grant.mutate(
            { id: organization.id, amountCents: Math.round((amount as number) * 100), origin, description: description.trim(), expiresAt },
            {
              onSuccess: async (answer) => {
                if (answer.status === 'granted') {
                  toast({ title: 'Credit granted', description: `${euros(answer.credit.amountCents)} for ${organization.name}.`, variant: 'success' });
                } else {
                  toast({ title: 'Credit awaits a second administrator', description: `${euros(answer.request.amountCents)} for ${organization.name}: ${answer.request.limitReason}`, variant: 'info' });
                }
                setAmount('');
                setDescription('');
                setExpiresOn('');
                setTouched(false);
                await onGranted();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="org-credit-title">
            Grant a credit
          </Title>
          <Text size="sm" c="dimmed">
            Credits are deducted from the next invoices before any payment. Audited with your name. You grant up to {euros(STAFF_CREDIT_LIMITS.alonePerGrantCents)} at a time and{' '}
            {euros(STAFF_CREDIT_LIMITS.alonePerMonthCents)} a month alone; above that, another administrator approves.
          </Text>
          {admin ? null : (
            <Alert color="gray" variant="light">
              Only administrators grant credits.
            </Alert>
          )}
          <ErrorAlert>{grant.error?.message}</ErrorAlert>
          <Group grow>
            <NumberInput label="Amount (EUR)" min={0.01} max={100_000} decimalScale={2} value={amount} onChange={setAmount} error={touched ? amountProblem : null} required />
            <Select label="Origin" data={ORIGINS} value={origin} allowDeselect={false} onChange={(value) => value && setOrigin(value as typeof origin)} />
          </Group>
          <TextInput label="Description" description="Shown to the customer with the credit." maxLength={200} value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={touched ? descriptionProblem : null} required />
          <TextInput label="Expires on (UTC, optional)" type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button type="submit" loading={grant.isPending} disabled={!admin}>
              Grant credit
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
