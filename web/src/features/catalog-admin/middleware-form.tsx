import { MultiSelect, SimpleGrid, TagsInput, TextInput, Textarea } from '@mantine/core';
import { MIDDLEWARE_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminMiddleware } from './catalog-admin-types';
import { CatalogFormShell, ChoiceSelect, IdAndNameInputs, SortOrderInput } from './form-inputs';
import { middlewareCodec } from './middleware-form-values';
import type { SelectOption } from './select-options';
import { useCatalogForm } from './use-catalog-form';

interface MiddlewareFormProps {
  middleware: AdminMiddleware | null;
  regionOptions: SelectOption[];
  onDone: () => void;
}

/** A managed data service: what it is, the versions and regions it is offered in. Its plans carry the prices. */
export function MiddlewareForm({ middleware, regionOptions, onDone }: MiddlewareFormProps) {
  const { formRef, ...state } = useCatalogForm(middlewareCodec, middleware, onDone);
  const { form } = state;

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="middleware-form" createLabel="Create middleware">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IdAndNameInputs form={form} editing={state.editing} example="mw_clickhouse" />
        <TextInput label="Engine" description="The software, lower case, e.g. postgresql or s3." required {...form.getInputProps('engine')} />
        <ChoiceSelect label="Category" labels={MIDDLEWARE_CATEGORY_LABELS} {...form.getInputProps('category')} />
      </SimpleGrid>
      <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <TagsInput
        label="Versions"
        description="Major versions offered, newest first; the first is preselected. Press Enter after each. Empty for a versionless service."
        {...form.getInputProps('versions')}
      />
      <MultiSelect label="Regions" description="Where the service can be ordered." data={regionOptions} searchable required {...form.getInputProps('regionIds')} />
      <SortOrderInput editing={state.editing} maw={200} {...form.getInputProps('sortOrder')} />
    </CatalogFormShell>
  );
}
