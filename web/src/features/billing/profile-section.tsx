import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { billingInputSchema } from '@kubemarket/shared';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsList } from '../../components/details-list';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { CancelSubmitRow } from '../../components/form-fields';
import { formatDate } from '../../lib/date-format';
import { fieldMap } from '../../lib/server-errors';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { countryName } from '../../lib/countries';
import { BillingFields, initialBilling } from '../checkout';
import type { BillingProfile } from './billing-types';

/** The server's refusal "vatNumber: …" next to its field; anything else above the form. */
const BILLING_FIELDS = fieldMap(['companyName', 'countryCode', 'vatNumber', 'addressLine1', 'addressLine2', 'postalCode', 'city']);

function VatCheckLine({ check }: { check: NonNullable<BillingProfile['vatCheck']> }) {
  const by = check.source === 'vies' ? 'the EU VIES register' : 'the built-in VAT check (check digits and demo register)';
  return (
    <Text size="sm" c={check.valid ? undefined : 'red'} data-testid="vat-check">
      {check.valid ? `Valid according to ${by} on ${formatDate(check.checkedAt)}` : `Not valid according to ${by} on ${formatDate(check.checkedAt)}`}
      {check.consultationNumber ? ` (consultation ${check.consultationNumber})` : ''}
      {check.name ? `: ${check.name}` : ''}.
    </Text>
  );
}

/**
 * /billing's billing profile: who invoices are addressed to and how they are taxed (issue 30).
 * Billing managers change the name, the address and the VAT number (checked by the server);
 * the country is changed by our billing team.
 */
export function ProfileSection({ mayChange }: { mayChange: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.billing.profile.queryOptions());
  const [editing, setEditing] = useState(false);
  const data = query.data;
  return (
    <SectionCard
      id="billing-profile"
      title="Billing profile"
      description="Your invoices are addressed to these details, and every order is taxed by their country and VAT number."
      aside={
        mayChange && data?.profile && !editing ? (
          <Button variant="default" size="xs" onClick={() => setEditing(true)} data-testid="billing-profile-edit">
            Edit
          </Button>
        ) : null
      }
    >
      {query.error ? (
        <QueryErrorAlert title="The billing profile could not be loaded" query={query} />
      ) : !data ? (
        <Text size="sm" c="dimmed" aria-busy="true">
          Loading the billing profile…
        </Text>
      ) : !data.profile ? (
        <Text size="sm" c="dimmed" data-testid="billing-profile-empty">
          No billing details yet: your first order asks for them.
        </Text>
      ) : editing ? (
        <ProfileForm profile={data.profile} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="xs" data-testid="billing-profile">
          <DetailsList
            details={[
              { label: 'Company', value: data.profile.companyName, testId: 'billing-profile-company' },
              { label: 'Address', value: [data.profile.addressLine1, data.profile.addressLine2, `${data.profile.postalCode} ${data.profile.city}`].filter(Boolean).join(', ') },
              { label: 'Country', value: countryName(data.profile.countryCode), testId: 'billing-profile-country' },
              { label: 'VAT number', value: data.profile.vatNumber ?? 'None', testId: 'billing-profile-vat' },
            ]}
          />
          {data.vatCheck ? <VatCheckLine check={data.vatCheck} /> : null}
          {data.treatment ? (
            <Group gap={6} wrap="nowrap">
              <IconShieldCheck size={16} aria-hidden />
              <Text size="sm" data-testid="vat-treatment">
                {data.treatment}
              </Text>
            </Group>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}

function ProfileForm({ profile, onDone }: { profile: NonNullable<BillingProfile['profile']>; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.billing.updateProfile.mutationOptions());
  const { form, formRef, onSubmit, submitting, error: general } = useSchemaForm({
    schema: billingInputSchema,
    initialValues: initialBilling(profile, null),
    submit: (input) => save.mutateAsync(input),
    fieldOf: BILLING_FIELDS,
    success: { title: 'Billing profile saved', description: 'Invoices issued from now on carry these details.', variant: 'success' },
    onSuccess: (saved) => {
      queryClient.setQueryData(trpc.billing.profile.queryKey(), saved);
      void queryClient.invalidateQueries(trpc.orders.paymentOptions.pathFilter());
      onDone();
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="billing-profile-form">
      <Stack gap="sm">
        {general ? (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        ) : null}
        <BillingFields form={form} disabled={submitting} taxLocked={false} countryLocked />
        <CancelSubmitRow onCancel={onDone} holdCancel submitting={submitting} testId="billing-profile-save">
          Save
        </CancelSubmitRow>
      </Stack>
    </form>
  );
}
