import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { CancelSubmitRow } from '../../components/form-fields';
import { z } from 'zod';
import { formatDate } from '../../lib/date-format';
import { fieldRule } from '../../lib/field-rule';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { countryName, countryOptions } from '../../lib/countries';
import type { OrganizationDetail } from './staff-organizations-types';
import { Modal } from '../../components/overlays';

// Billing profile

const billingCountryFormSchema = z.object({
  countryCode: z.string(),
  vatNumber: z.string(),
  reason: fieldRule((reason: string) => (reason.trim().length < 3 ? 'Say why in at least 3 characters: the customer’s request, its ticket.' : null)),
});

/** What the organisation's orders and invoices are taxed by; administrators change its country at its request. */
export function BillingProfileBlock({ organization, admin, onChanged }: { organization: OrganizationDetail; admin: boolean; onChanged: () => Promise<void> }) {
  const [changing, setChanging] = useState(false);
  const { profile, vatCheck, treatment } = organization.billing;
  if (!profile) {
    return (
      <Text size="sm" c="dimmed">
        No billing details yet: the first order sets them.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="staff-billing-profile">
      <Text size="sm">
        {profile.companyName}, {[profile.addressLine1, `${profile.postalCode} ${profile.city}`.trim()].filter(Boolean).join(', ') || 'no address yet'}, {countryName(profile.countryCode)} · VAT number {profile.vatNumber ?? 'none'}
        {vatCheck ? ` (${vatCheck.valid ? 'valid' : 'not valid'} per ${vatCheck.source === 'vies' ? 'VIES' : 'the built-in check'} on ${formatDate(vatCheck.checkedAt)}${vatCheck.consultationNumber ? `, ${vatCheck.consultationNumber}` : ''})` : ''}
      </Text>
      {treatment ? (
        <Text size="sm" c="dimmed">
          {treatment}
        </Text>
      ) : null}
      {admin ? (
        <Group>
          <Button size="xs" variant="default" onClick={() => setChanging(true)}>
            Change billing country
          </Button>
        </Group>
      ) : null}
      <Modal opened={changing} onClose={() => setChanging(false)} title="Change the billing country" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {changing ? <BillingCountryForm organization={organization} onClose={() => setChanging(false)} onChanged={onChanged} /> : null}
      </Modal>
    </Stack>
  );
}

function BillingCountryForm({ organization, onClose, onChanged }: { organization: OrganizationDetail; onClose: () => void; onChanged: () => Promise<void> }) {
  const trpc = useTRPC();
  const profile = organization.billing.profile!;
  const change = useMutation(trpc.staffOrganizations.changeBillingCountry.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: billingCountryFormSchema,
    initialValues: { countryCode: profile.countryCode, vatNumber: profile.vatNumber ?? '', reason: '' },
    submit: ({ countryCode, vatNumber, reason }) => change.mutateAsync({ id: organization.id, countryCode, vatNumber: vatNumber.trim() || null, reason: reason.trim() }),
    success: (saved) => ({ title: 'Billing country changed', description: `${organization.name} is now billed in ${countryName(saved.profile!.countryCode)}: ${saved.treatment ?? ''}`, variant: 'success' }),
    onSuccess: () => {
      onClose();
      void onChanged();
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">Orders placed from now on are taxed by the new country; issued invoices stay as they are (correct them with credit notes).</Text>
        <ErrorAlert>{error?.replace(/^vatNumber: /, '')}</ErrorAlert>
        <Select label="Country" data={countryOptions()} searchable allowDeselect={false} key={form.key('countryCode')} {...form.getInputProps('countryCode')} required data-autofocus />
        <TextInput label="VAT number" description="Optional; checked with the EU register. It must be of the new country." key={form.key('vatNumber')} {...form.getInputProps('vatNumber')} />
        <TextInput label="Reason" description="The customer's request (its ticket), kept in the audit log." key={form.key('reason')} {...form.getInputProps('reason')} required />
        <CancelSubmitRow onCancel={onClose} holdCancel submitting={submitting}>
          Change country
        </CancelSubmitRow>
      </Stack>
    </form>
  );
}
