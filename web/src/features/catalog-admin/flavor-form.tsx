import { MultiSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { FLAVOR_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminFlavor } from './catalog-admin-types';
import { flavorCodec } from './flavor-form-values';
import { CatalogFormShell, ChoiceSelect, EuroInput, HourlyEuroInput, IdAndNameInputs, PriceDateInput, SortOrderInput, WholeInput } from './form-inputs';
import type { SelectOption } from './select-options';
import { useCatalogForm } from './use-catalog-form';

interface FlavorFormProps {
  flavor: AdminFlavor | null;
  regionOptions: SelectOption[];
  onDone: () => void;
}

/** Every field of a node flavour: size, GPUs, disk, hourly and monthly prices, regions. */
export function FlavorForm({ flavor, regionOptions, onDone }: FlavorFormProps) {
  const { formRef, ...state } = useCatalogForm(flavorCodec, flavor, onDone);
  const { form } = state;
  const values = form.getValues();

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="flavor-form" createLabel="Create flavour">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IdAndNameInputs form={form} editing={state.editing} example="gp-32-128" />
        <ChoiceSelect label="Category" labels={FLAVOR_CATEGORY_LABELS} {...form.getInputProps('category')} />
        <SortOrderInput editing={state.editing} {...form.getInputProps('sortOrder')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <WholeInput label="vCPU" required min={1} {...form.getInputProps('vcpu')} />
        <WholeInput label="Memory (GB)" required min={1} {...form.getInputProps('memoryGb')} />
        <WholeInput label="Local disk (GB)" required min={0} {...form.getInputProps('localDiskGb')} />
      </SimpleGrid>
      {values.category === 'gpu' ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="GPU model" required placeholder="NVIDIA L40S" {...form.getInputProps('gpuModel')} />
          <WholeInput label="GPU count" required min={1} {...form.getInputProps('gpuCount')} />
          <WholeInput label="GPU memory per card (GB)" required min={1} {...form.getInputProps('gpuMemoryGb')} />
        </SimpleGrid>
      ) : null}

      <Text fw={600} size="sm" component="h3">
        Prices per node (EUR, excluding VAT)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EuroInput label="Monthly price" required min={0} {...form.getInputProps('monthlyPrice')} />
        <HourlyEuroInput
          label="Hourly price"
          description={flavor ? 'Left as it is, a new monthly price sets it (monthly ÷ 730 hours).' : 'Empty: the monthly price ÷ 730 hours.'}
          min={0}
          {...form.getInputProps('hourlyPrice')}
        />
      </SimpleGrid>
      {flavor ? <PriceDateInput {...form.getInputProps('priceEffectiveDate')} /> : null}
      <MultiSelect label="Regions" description="Where nodes of this flavour can run." data={regionOptions} searchable required {...form.getInputProps('regionIds')} />
    </CatalogFormShell>
  );
}
