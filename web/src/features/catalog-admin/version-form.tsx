import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { VERSION_CLASSIFICATION_LABELS } from './catalog-admin-options';
import type { AdminVersion } from './catalog-admin-types';
import { CatalogFormShell, ChoiceSelect, KeyInput, SortOrderInput, WholeInput } from './form-inputs';
import { useCatalogForm } from './use-catalog-form';
import { versionCodec } from './version-form-values';

interface VersionFormProps {
  version: AdminVersion | null;
  onDone: () => void;
}

/** A Kubernetes version: its latest patch, classification, end of support, and whether new clusters get it by default. */
export function VersionForm({ version, onDone }: VersionFormProps) {
  const { formRef, ...state } = useCatalogForm(versionCodec, version, onDone);
  const { form } = state;

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="version-form" createLabel="Add version">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <KeyInput label="Version" editing={state.editing} fixed="Versions never change." hint="The minor version, e.g. 1.38." {...form.getInputProps('version')} />
        <WholeInput label="Latest patch" description="4 for 1.37.4." required min={0} {...form.getInputProps('patch')} />
        <ChoiceSelect label="Classification" labels={VERSION_CLASSIFICATION_LABELS} {...form.getInputProps('classification')} />
        <TextInput type="date" label="End of support (UTC)" description="Empty: not announced yet." {...form.getInputProps('endOfSupport')} />
        <SortOrderInput editing={state.editing} {...form.getInputProps('sortOrder')} />
      </SimpleGrid>
      <Switch
        label="Default for new clusters"
        description={
          version?.isDefault
            ? 'This is the default. To change it, make another version the default.'
            : 'Only a supported version can be the default; making this one the default takes it from the current one.'
        }
        disabled={version?.isDefault}
        {...form.getInputProps('isDefault', { type: 'checkbox' })}
      />
    </CatalogFormShell>
  );
}
