import { MultiSelect, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { HA_LABELS } from './catalog-admin-options';
import type { AdminFlavor, AdminTier } from './catalog-admin-types';
import { CatalogFormShell, ChoiceSelect, EuroInput, IdAndNameInputs, PercentInput, PriceDateInput, SortOrderInput, WholeInput } from './form-inputs';
import { selectableOptions, type SelectOption } from './select-options';
import { tierCodec } from './tier-form-values';
import { useCatalogForm } from './use-catalog-form';

interface TierFormProps {
  /** The tier to edit; null to create one. */
  tier: AdminTier | null;
  flavors: readonly AdminFlavor[];
  regionOptions: SelectOption[];
  onDone: () => void;
}

/** Every field of a cluster tier; on an edit, a price change can be dated later. */
export function TierForm({ tier, flavors, regionOptions, onDone }: TierFormProps) {
  const { formRef, ...state } = useCatalogForm(tierCodec, tier, onDone);
  const { form } = state;
  const values = form.getValues();
  const flavorOptions = selectableOptions(flavors, values.allowedFlavorIds, (flavor) => flavor.id, (flavor) => flavor.name);

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="tier-form" createLabel="Create tier">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IdAndNameInputs form={form} editing={state.editing} example="tier_premium" nameDescription="Its words decide the cluster type, e.g. Enterprise (Red)." />
      </SimpleGrid>
      <TextInput label="Purpose" description="One line: who the tier is for." required {...form.getInputProps('purpose')} />
      <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />

      <Text fw={600} size="sm" component="h3">
        Baseline configuration and limits
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <WholeInput label="Baseline nodes" required min={1} {...form.getInputProps('nodes')} />
        <WholeInput label="vCPU per node" required min={1} {...form.getInputProps('vcpuPerNode')} />
        <WholeInput label="Memory per node (GB)" required min={1} {...form.getInputProps('memoryGbPerNode')} />
        <WholeInput label="Storage per node (GB)" required min={1} {...form.getInputProps('storageGbPerNode')} />
        <WholeInput label="Maximum nodes" required min={1} {...form.getInputProps('maxNodes')} />
        <WholeInput label="Maximum node pools" required min={1} {...form.getInputProps('maxPools')} />
        <PercentInput label="Control-plane SLA" description="Empty: no SLA." {...form.getInputProps('sla')} />
        <SortOrderInput editing={state.editing} {...form.getInputProps('sortOrder')} />
      </SimpleGrid>

      <Text fw={600} size="sm" component="h3">
        Prices (EUR, excluding VAT)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EuroInput label="Monthly price" required min={0} {...form.getInputProps('monthlyPrice')} />
        <EuroInput label="Yearly price" description="At most 12 monthly payments." required min={0} {...form.getInputProps('yearlyPrice')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ChoiceSelect label="High-availability control plane" labels={HA_LABELS} {...form.getInputProps('haControlPlane')} />
        {values.haControlPlane === 'optional' ? (
          <>
            <EuroInput label="HA monthly price" required min={0} {...form.getInputProps('haMonthlyPrice')} />
            <EuroInput label="HA yearly price" required min={0} {...form.getInputProps('haYearlyPrice')} />
          </>
        ) : null}
      </SimpleGrid>
      {tier ? <PriceDateInput {...form.getInputProps('priceEffectiveDate')} /> : null}

      <Text fw={600} size="sm" component="h3">
        Availability
      </Text>
      <MultiSelect
        label="Node flavours offered"
        description="The machine types customers can choose for the tier's node pools."
        data={flavorOptions}
        searchable
        required
        {...form.getInputProps('allowedFlavorIds')}
      />
      <MultiSelect label="Regions" description="Where clusters of this tier can run." data={regionOptions} searchable required {...form.getInputProps('allowedRegionIds')} />
    </CatalogFormShell>
  );
}
