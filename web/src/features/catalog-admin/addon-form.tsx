import { MultiSelect, Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { addonCodec } from './addon-form-values';
import { ADDON_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminAddon, AdminTier, AdminVersion } from './catalog-admin-types';
import { CatalogFormShell, ChoiceSelect, EuroInput, IdAndNameInputs, PriceDateInput, SortOrderInput } from './form-inputs';
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
  const { formRef, ...state } = useCatalogForm(addonCodec, addon, onDone);
  const { form } = state;
  const values = form.getValues();
  const others = addons.filter((other) => other.id !== addon?.id);
  const tierOptions = selectableOptions(tiers, values.compatibleTierIds, (tier) => tier.id, (tier) => tier.name);
  const requireOptions = selectableOptions(others, values.requires, (other) => other.id, (other) => other.name);
  // Conflicting with an archived add-on is allowed: the rule holds again if it comes back.
  const conflictOptions = others.map((other) => ({ value: other.id, label: other.archivedAt === null ? other.name : `${other.name} (archived)` }));
  const versionOptions = versions.map((version) => ({ value: version.version, label: version.version }));

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="addon-form" createLabel="Create add-on">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IdAndNameInputs form={form} editing={state.editing} example="addon_velero" />
        <ChoiceSelect label="Category" labels={ADDON_CATEGORY_LABELS} {...form.getInputProps('category')} />
        <TextInput label="Version" description="The version installed, e.g. 2.14." required {...form.getInputProps('version')} />
      </SimpleGrid>
      <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />

      <Text fw={600} size="sm" component="h3">
        Price per cluster (EUR, excluding VAT)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <EuroInput label="Price per cluster per month" required min={0} {...form.getInputProps('monthlyPrice')} />
        <EuroInput label="Price per cluster per year" description="Empty: 12 months." min={0} {...form.getInputProps('yearlyPrice')} />
        <SortOrderInput editing={state.editing} {...form.getInputProps('sortOrder')} />
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
    </CatalogFormShell>
  );
}
