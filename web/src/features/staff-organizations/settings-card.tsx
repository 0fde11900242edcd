import { Alert, Button, Card, Group, NumberInput, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import {
  creditLimitCentsOf,
  creditLimitProblem,
  MAX_CREDIT_LIMIT_EUROS,
  quotaProblem,
  reasonProblem,
} from './staff-format';
import type { OrganizationDetail } from './staff-organizations-types';

// Settings

export function SettingsCard({ organization, admin, onSaved }: { organization: OrganizationDetail; admin: boolean; onSaved: () => Promise<void> }) {
  const trpc = useTRPC();
  const [invoicingAllowed, setInvoicingAllowed] = useState(organization.invoicingAllowed);
  const [maxClusters, setMaxClusters] = useState<number | string>(organization.maxClusters);
  const [maxNodes, setMaxNodes] = useState<number | string>(organization.maxNodes);
  // In euros as typed; empty: no limit.
  const [creditLimit, setCreditLimit] = useState<number | string>(organization.creditLimitCents === null ? '' : organization.creditLimitCents / 100);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useMutation(trpc.staffOrganizations.updateSettings.mutationOptions());
  const problems = {
    maxClusters: quotaProblem(maxClusters, 'Cluster quota', 1_000),
    maxNodes: quotaProblem(maxNodes, 'Node quota', 100_000),
    creditLimit: creditLimitProblem(creditLimit),
    reason: reasonProblem(reason),
  };
  const creditLimitCents = problems.creditLimit ? undefined : creditLimitCentsOf(creditLimit);
  const changed =
    invoicingAllowed !== organization.invoicingAllowed ||
    maxClusters !== organization.maxClusters ||
    maxNodes !== organization.maxNodes ||
    (creditLimitCents !== undefined && creditLimitCents !== organization.creditLimitCents);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="org-settings-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!changed || problems.maxClusters || problems.maxNodes || problems.creditLimit || problems.reason) return;
          save.mutate(
            { id: organization.id, invoicingAllowed, maxClusters: maxClusters as number, maxNodes: maxNodes as number, creditLimitCents: creditLimitCents ?? null, reason: reason.trim() },
            {
              onSuccess: async () => {
                toast({ title: 'Settings saved', description: `${organization.name}'s settings were changed.`, variant: 'success' });
                setReason('');
                setTouched(false);
                await onSaved();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="org-settings-title">
            Settings staff control
          </Title>
          {admin ? null : (
            <Alert color="gray" variant="light">
              Only administrators change these settings.
            </Alert>
          )}
          <ErrorAlert>{save.error?.message}</ErrorAlert>
          <Switch
            label="Invoice payment allowed"
            description="The organisation may pay orders by bank transfer against an invoice."
            checked={invoicingAllowed}
            disabled={!admin}
            onChange={(event) => setInvoicingAllowed(event.currentTarget.checked)}
          />
          <Group grow>
            <NumberInput label="Cluster quota" description="Clusters alive at once" min={0} max={1_000} allowDecimal={false} value={maxClusters} onChange={setMaxClusters} disabled={!admin} error={touched ? problems.maxClusters : null} />
            <NumberInput label="Node quota" description="Worker nodes over all clusters" min={0} max={100_000} allowDecimal={false} value={maxNodes} onChange={setMaxNodes} disabled={!admin} error={touched ? problems.maxNodes : null} />
          </Group>
          <NumberInput
            label="Credit limit (EUR)"
            description="Most it may owe at once when paying by bank transfer (unpaid invoices and orders). Empty: no limit. Card payments are not limited."
            placeholder="No limit"
            min={0}
            max={MAX_CREDIT_LIMIT_EUROS}
            decimalScale={2}
            value={creditLimit}
            onChange={setCreditLimit}
            disabled={!admin}
            error={touched ? problems.creditLimit : null}
          />
          <TextInput label="Reason" description="Kept in the audit log." value={reason} onChange={(event) => setReason(event.currentTarget.value)} disabled={!admin} error={touched ? problems.reason : null} required />
          <Group justify="flex-end">
            <Button type="submit" disabled={!admin || !changed} loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
