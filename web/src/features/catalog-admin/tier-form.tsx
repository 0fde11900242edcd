import { MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { HA_LABELS, optionsOf } from './catalog-admin-options';
import type { AdminFlavor, AdminTier, HaControlPlane } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { EuroInput, FormFooter, PercentInput, PriceDateInput, WholeInput } from './form-inputs';
import { selectableOptions, type SelectOption } from './select-options';
import { emptyTierValues, tierCreateInput, tierFieldOf, tierFormSchema, tierUpdateInput, tierValuesOf } from './tier-form-values';
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
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.clusterTiers.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.clusterTiers.update.mutationOptions());
  const { form, submit, generalError, saving, approvalDialog } = useCatalogForm({
    initialValues: tier ? tierValuesOf(tier) : emptyTierValues(),
    schema: tierFormSchema,
    fieldOf: tierFieldOf,
    save: async (parsed) => {
      const saved = tier ? await update.mutateAsync(tierUpdateInput(tier, parsed)) : await create.mutateAsync(tierCreateInput(parsed));
      void refresh();
      return saved.name;
    },
    savedTitle: tier ? 'Cluster tier saved' : 'Cluster tier created',
    failedTitle: 'Cluster tier not saved',
    onSaved: onDone,
    approval: (parsed) => (tier ? { procedure: 'catalogAdmin.clusterTiers.update', input: tierUpdateInput(tier, parsed) } : null),
  });
  const values = form.getValues();
  const flavorOptions = selectableOptions(flavors, values.allowedFlavorIds, (flavor) => flavor.id, (flavor) => flavor.name);

  return (
    <form noValidate onSubmit={submit} data-testid="tier-form">
      {approvalDialog}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Id"
            description={tier ? 'Ids never change.' : 'A lower-case slug, e.g. tier_premium. It cannot be changed later.'}
            required={!tier}
            readOnly={Boolean(tier)}
            variant={tier ? 'filled' : 'default'}
            {...form.getInputProps('id')}
          />
          <TextInput label="Name" description="Its words decide the cluster type, e.g. Enterprise (Red)." required {...form.getInputProps('name')} />
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
          <WholeInput label="Sort order" description={tier ? 'Position in lists.' : 'Empty: last.'} min={0} {...form.getInputProps('sortOrder')} />
        </SimpleGrid>

        <Text fw={600} size="sm" component="h3">
          Prices (EUR, excluding VAT)
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EuroInput label="Monthly price" required min={0} {...form.getInputProps('monthlyPrice')} />
          <EuroInput label="Yearly price" description="At most 12 monthly payments." required min={0} {...form.getInputProps('yearlyPrice')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label="High-availability control plane"
            data={optionsOf(HA_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('haControlPlane')}
            onChange={(value) => form.setFieldValue('haControlPlane', (value ?? 'unavailable') as HaControlPlane)}
          />
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

        <FormFooter generalError={generalError} saving={saving} submitLabel={tier ? 'Save changes' : 'Create tier'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
