import { MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { FLAVOR_CATEGORY_LABELS, optionsOf } from './catalog-admin-options';
import type { AdminFlavor, FlavorCategory } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { emptyFlavorValues, flavorCreateInput, flavorFieldOf, flavorFormSchema, flavorUpdateInput, flavorValuesOf } from './flavor-form-values';
import { EuroInput, FormFooter, HourlyEuroInput, PriceDateInput, WholeInput } from './form-inputs';
import type { SelectOption } from './select-options';
import { useCatalogForm } from './use-catalog-form';

interface FlavorFormProps {
  flavor: AdminFlavor | null;
  regionOptions: SelectOption[];
  onDone: () => void;
}

/** Every field of a node flavour: size, GPUs, disk, hourly and monthly prices, regions. */
export function FlavorForm({ flavor, regionOptions, onDone }: FlavorFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.nodeFlavors.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.nodeFlavors.update.mutationOptions());
  const { form, submit, generalError, saving, approvalDialog } = useCatalogForm({
    initialValues: flavor ? flavorValuesOf(flavor) : emptyFlavorValues(),
    schema: flavorFormSchema,
    fieldOf: flavorFieldOf,
    save: async (parsed) => {
      const saved = flavor ? await update.mutateAsync(flavorUpdateInput(flavor, parsed)) : await create.mutateAsync(flavorCreateInput(parsed));
      void refresh();
      return saved.name;
    },
    savedTitle: flavor ? 'Node flavour saved' : 'Node flavour created',
    failedTitle: 'Node flavour not saved',
    onSaved: onDone,
    approval: (parsed) => (flavor ? { procedure: 'catalogAdmin.nodeFlavors.update', input: flavorUpdateInput(flavor, parsed) } : null),
  });
  const values = form.getValues();

  return (
    <form noValidate onSubmit={submit} data-testid="flavor-form">
      {approvalDialog}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Id"
            description={flavor ? 'Ids never change.' : 'A lower-case slug, e.g. gp-32-128. It cannot be changed later.'}
            required={!flavor}
            readOnly={Boolean(flavor)}
            variant={flavor ? 'filled' : 'default'}
            {...form.getInputProps('id')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Category"
            data={optionsOf(FLAVOR_CATEGORY_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('category')}
            onChange={(value) => form.setFieldValue('category', (value ?? 'general') as FlavorCategory)}
          />
          <WholeInput label="Sort order" description={flavor ? 'Position in lists.' : 'Empty: last.'} min={0} {...form.getInputProps('sortOrder')} />
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

        <FormFooter generalError={generalError} saving={saving} submitLabel={flavor ? 'Save changes' : 'Create flavour'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
