import { MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { addonCreateInput, addonFieldOf, addonFormSchema, addonUpdateInput, addonValuesOf, emptyAddonValues } from './addon-form-values';
import { ADDON_CATEGORY_LABELS, optionsOf } from './catalog-admin-options';
import type { AddonCategory, AdminAddon, AdminTier, AdminVersion } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { EuroInput, FormFooter, PriceDateInput, WholeInput } from './form-inputs';
import { selectableOptions } from './select-options';
import { useCatalogForm } from './use-catalog-form';

interface AddonFormProps {
  addon: AdminAddon | null;
  addons: readonly AdminAddon[];
  tiers: readonly AdminTier[];
  versions: readonly AdminVersion[];
  onDone: () => void;
}

/** Every field of an add-on: what it is, its price per cluster, where it can be installed, what it needs and excludes. */
export function AddonForm({ addon, addons, tiers, versions, onDone }: AddonFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.addons.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.addons.update.mutationOptions());
  const { form, submit, generalError, saving, approvalDialog } = useCatalogForm({
    initialValues: addon ? addonValuesOf(addon) : emptyAddonValues(),
    schema: addonFormSchema,
    fieldOf: addonFieldOf,
    save: async (parsed) => {
      const saved = addon ? await update.mutateAsync(addonUpdateInput(addon, parsed)) : await create.mutateAsync(addonCreateInput(parsed));
      void refresh();
      return saved.name;
    },
    savedTitle: addon ? 'Add-on saved' : 'Add-on created',
    failedTitle: 'Add-on not saved',
    onSaved: onDone,
    approval: (parsed) => (addon ? { procedure: 'catalogAdmin.addons.update', input: addonUpdateInput(addon, parsed) } : null),
  });
  const values = form.getValues();
  const others = addons.filter((other) => other.id !== addon?.id);
  const tierOptions = selectableOptions(tiers, values.compatibleTierIds, (tier) => tier.id, (tier) => tier.name);
  const requireOptions = selectableOptions(others, values.requires, (other) => other.id, (other) => other.name);
  // Conflicting with an archived add-on is allowed: the rule holds again if it comes back.
  const conflictOptions = others.map((other) => ({ value: other.id, label: other.archivedAt === null ? other.name : `${other.name} (archived)` }));
  const versionOptions = versions.map((version) => ({ value: version.version, label: version.version }));

  return (
    <form noValidate onSubmit={submit} data-testid="addon-form">
      {approvalDialog}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Id"
            description={addon ? 'Ids never change.' : 'A lower-case slug, e.g. addon_velero. It cannot be changed later.'}
            required={!addon}
            readOnly={Boolean(addon)}
            variant={addon ? 'filled' : 'default'}
            {...form.getInputProps('id')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Category"
            data={optionsOf(ADDON_CATEGORY_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('category')}
            onChange={(value) => form.setFieldValue('category', (value ?? 'monitoring') as AddonCategory)}
          />
          <TextInput label="Version" description="The version installed, e.g. 2.14." required {...form.getInputProps('version')} />
        </SimpleGrid>
        <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />

        <Text fw={600} size="sm" component="h3">
          Price per cluster (EUR, excluding VAT)
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <EuroInput label="Price per cluster per month" required min={0} {...form.getInputProps('monthlyPrice')} />
          <EuroInput label="Price per cluster per year" description="Empty: 12 months." min={0} {...form.getInputProps('yearlyPrice')} />
          <WholeInput label="Sort order" description={addon ? 'Position in lists.' : 'Empty: last.'} min={0} {...form.getInputProps('sortOrder')} />
        </SimpleGrid>
        {addon ? <PriceDateInput {...form.getInputProps('priceEffectiveDate')} /> : null}

        <Text fw={600} size="sm" component="h3">
          Compatibility
        </Text>
        <MultiSelect label="Compatible cluster tiers" data={tierOptions} searchable required {...form.getInputProps('compatibleTierIds')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select label="Minimum Kubernetes version" description="Empty: no minimum." data={versionOptions} clearable {...form.getInputProps('minKubernetesVersion')} />
          <Select label="Maximum Kubernetes version" description="Empty: no maximum." data={versionOptions} clearable {...form.getInputProps('maxKubernetesVersion')} />
        </SimpleGrid>
        <MultiSelect label="Requires" description="Add-ons installed with it." data={requireOptions} searchable {...form.getInputProps('requires')} />
        <MultiSelect label="Conflicts with" description="Add-ons that cannot run beside it; the rule applies both ways." data={conflictOptions} searchable {...form.getInputProps('conflicts')} />

        <FormFooter generalError={generalError} saving={saving} submitLabel={addon ? 'Save changes' : 'Create add-on'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
