import { MultiSelect, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { MIDDLEWARE_CATEGORY_LABELS, optionsOf } from './catalog-admin-options';
import type { AdminMiddleware, MiddlewareCategory } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { FormFooter, WholeInput } from './form-inputs';
import { emptyMiddlewareValues, middlewareCreateInput, middlewareFieldOf, middlewareFormSchema, middlewareUpdateInput, middlewareValuesOf } from './middleware-form-values';
import type { SelectOption } from './select-options';
import { useCatalogForm } from './use-catalog-form';

interface MiddlewareFormProps {
  middleware: AdminMiddleware | null;
  regionOptions: SelectOption[];
  onDone: () => void;
}

/** A managed data service: what it is, the versions and regions it is offered in. Its plans carry the prices. */
export function MiddlewareForm({ middleware, regionOptions, onDone }: MiddlewareFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.middlewares.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.middlewares.update.mutationOptions());
  const { form, submit, generalError, saving } = useCatalogForm({
    initialValues: middleware ? middlewareValuesOf(middleware) : emptyMiddlewareValues(),
    schema: middlewareFormSchema,
    fieldOf: middlewareFieldOf,
    save: async (parsed) => {
      const saved = middleware ? await update.mutateAsync(middlewareUpdateInput(middleware, parsed)) : await create.mutateAsync(middlewareCreateInput(parsed));
      void refresh();
      return saved.name;
    },
    savedTitle: middleware ? 'Middleware saved' : 'Middleware created',
    failedTitle: 'Middleware not saved',
    onSaved: onDone,
  });

  return (
    <form noValidate onSubmit={submit} data-testid="middleware-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Id"
            description={middleware ? 'Ids never change.' : 'A lower-case slug, e.g. mw_clickhouse. It cannot be changed later.'}
            required={!middleware}
            readOnly={Boolean(middleware)}
            variant={middleware ? 'filled' : 'default'}
            {...form.getInputProps('id')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Engine" description="The software, lower case, e.g. postgresql or s3." required {...form.getInputProps('engine')} />
          <Select
            label="Category"
            data={optionsOf(MIDDLEWARE_CATEGORY_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('category')}
            onChange={(value) => form.setFieldValue('category', (value ?? 'database') as MiddlewareCategory)}
          />
        </SimpleGrid>
        <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <TagsInput
          label="Versions"
          description="Major versions offered, newest first; the first is preselected. Press Enter after each. Empty for a versionless service."
          {...form.getInputProps('versions')}
        />
        <MultiSelect label="Regions" description="Where the service can be ordered." data={regionOptions} searchable required {...form.getInputProps('regionIds')} />
        <WholeInput label="Sort order" description={middleware ? 'Position in lists.' : 'Empty: last.'} min={0} maw={200} {...form.getInputProps('sortOrder')} />
        <FormFooter generalError={generalError} saving={saving} submitLabel={middleware ? 'Save changes' : 'Create middleware'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
