import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DetailsList } from '../../components/details-list';
import { countryName, countryOptions } from '../../lib/countries';
import type { BillingFormValues } from './billing';
import type { CheckoutOrder } from './checkout-types';

/** Who the order is billed to, as stored with it. */
export function BillingDetailsView({ billing }: { billing: CheckoutOrder['billing'] }) {
  if (!billing) {
    return (
      <Text size="sm" c="dimmed" data-testid="billing-missing">
        This order was placed without billing details. Contact billing support to have them added to its invoice.
      </Text>
    );
  }
  const address = [billing.addressLine1, billing.addressLine2, `${billing.postalCode} ${billing.city}`, countryName(billing.countryCode)].filter(Boolean).join(', ');
  return (
    <DetailsList
      details={[
        { label: 'Company', value: billing.companyName, testId: 'billing-company' },
        { label: 'Billing ID', value: billing.billingId },
        { label: 'VAT number', value: billing.vatNumber ?? 'None' },
        { label: 'Address', value: address },
      ]}
    />
  );
}

/** The billing details orders.create takes, in a form (the checkout's first step for a new order). */
export function BillingFields({
  form,
  disabled,
  taxLocked = false,
  countryLocked = taxLocked,
}: {
  form: UseFormReturnType<BillingFormValues>;
  disabled: boolean;
  /** The checkout with a billing profile: country and VAT number are the profile's. */
  taxLocked?: boolean;
  /** The billing profile: our billing team changes the country. */
  countryLocked?: boolean;
}) {
  const fromProfile = 'From your billing profile, which decides the VAT of every order (Billing → Billing profile).';
  const countryDescription = taxLocked ? fromProfile : countryLocked ? 'Changed by our billing team: ask billing support, as it changes how invoices are taxed.' : 'Decides the VAT on your invoice.';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput label="Company name" required autoComplete="organization" disabled={disabled} {...form.getInputProps('companyName')} key={form.key('companyName')} />
      <Select
        label="Country"
        description={countryDescription}
        required
        data={countryOptions()}
        searchable
        allowDeselect={false}
        disabled={disabled || countryLocked}
        {...form.getInputProps('countryCode')}
        key={form.key('countryCode')}
      />
      <TextInput
        label="VAT number"
        description={taxLocked ? fromProfile : 'Optional. EU businesses outside France with a VAT number pay no VAT (reverse charge); it is checked with the EU register.'}
        placeholder="e.g. DE123456789"
        disabled={disabled || taxLocked}
        {...form.getInputProps('vatNumber')}
        key={form.key('vatNumber')}
      />
      <TextInput label="Address" required autoComplete="address-line1" disabled={disabled} {...form.getInputProps('addressLine1')} key={form.key('addressLine1')} />
      <TextInput
        label="Address, second line"
        description="Optional."
        autoComplete="address-line2"
        disabled={disabled}
        {...form.getInputProps('addressLine2')}
        key={form.key('addressLine2')}
      />
      <TextInput label="Postcode" required autoComplete="postal-code" disabled={disabled} {...form.getInputProps('postalCode')} key={form.key('postalCode')} />
      <TextInput label="City" required autoComplete="address-level2" disabled={disabled} {...form.getInputProps('city')} key={form.key('city')} />
    </SimpleGrid>
  );
}
