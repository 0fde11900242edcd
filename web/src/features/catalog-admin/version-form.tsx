import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { optionsOf, VERSION_CLASSIFICATION_LABELS } from './catalog-admin-options';
import type { AdminVersion, VersionClassification } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { FormFooter, WholeInput } from './form-inputs';
import { useCatalogForm } from './use-catalog-form';
import { emptyVersionValues, versionCreateInput, versionFieldOf, versionFormSchema, versionUpdateInput, versionValuesOf } from './version-form-values';

interface VersionFormProps {
  version: AdminVersion | null;
  onDone: () => void;
}

/** A Kubernetes version: its latest patch, classification, end of support, and whether new clusters get it by default. */
export function VersionForm({ version, onDone }: VersionFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.kubernetesVersions.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.kubernetesVersions.update.mutationOptions());
  const { form, submit, generalError, saving } = useCatalogForm({
    initialValues: version ? versionValuesOf(version) : emptyVersionValues(),
    schema: versionFormSchema,
    fieldOf: versionFieldOf,
    save: async (parsed) => {
      const saved = version ? await update.mutateAsync(versionUpdateInput(version, parsed)) : await create.mutateAsync(versionCreateInput(parsed));
      void refresh();
      return `Kubernetes ${saved.version}`;
    },
    savedTitle: version ? 'Kubernetes version saved' : 'Kubernetes version added',
    failedTitle: 'Kubernetes version not saved',
    onSaved: onDone,
  });

  return (
    <form noValidate onSubmit={submit} data-testid="version-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Version"
            description={version ? 'Versions never change.' : 'The minor version, e.g. 1.38.'}
            required={!version}
            readOnly={Boolean(version)}
            variant={version ? 'filled' : 'default'}
            {...form.getInputProps('version')}
          />
          <WholeInput label="Latest patch" description="4 for 1.37.4." required min={0} {...form.getInputProps('patch')} />
          <Select
            label="Classification"
            data={optionsOf(VERSION_CLASSIFICATION_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('classification')}
            onChange={(value) => form.setFieldValue('classification', (value ?? 'preview') as VersionClassification)}
          />
          <TextInput type="date" label="End of support (UTC)" description="Empty: not announced yet." {...form.getInputProps('endOfSupport')} />
          <WholeInput label="Sort order" description={version ? 'Position in lists.' : 'Empty: last.'} min={0} {...form.getInputProps('sortOrder')} />
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
        <FormFooter generalError={generalError} saving={saving} submitLabel={version ? 'Save changes' : 'Add version'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
