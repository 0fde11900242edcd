import { SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { AdminMiddleware, AdminPlan } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { EuroInput, FormFooter, PriceDateInput, WholeInput } from './form-inputs';
import { emptyPlanValues, planCreateInput, planFieldOf, planFormSchema, planUpdateInput, planValuesOf } from './plan-form-values';
import { useCatalogForm } from './use-catalog-form';

interface PlanFormProps {
  middleware: AdminMiddleware;
  plan: AdminPlan | null;
  onDone: () => void;
}

/** One plan of a middleware: its size, storage, high availability and price. */
export function PlanForm({ middleware, plan, onDone }: PlanFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.middlewarePlans.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.middlewarePlans.update.mutationOptions());
  const { form, submit, generalError, saving, approvalDialog } = useCatalogForm({
    initialValues: plan ? planValuesOf(plan) : emptyPlanValues(),
    schema: planFormSchema,
    fieldOf: planFieldOf,
    save: async (parsed) => {
      const saved = plan ? await update.mutateAsync(planUpdateInput(plan, parsed)) : await create.mutateAsync(planCreateInput(middleware.id, parsed));
      void refresh();
      return `${middleware.name} ${saved.name}`;
    },
    savedTitle: plan ? 'Plan saved' : 'Plan created',
    failedTitle: 'Plan not saved',
    onSaved: onDone,
    approval: (parsed) => (plan ? { procedure: 'catalogAdmin.middlewarePlans.update', input: planUpdateInput(plan, parsed) } : null),
  });

  return (
    <form noValidate onSubmit={submit} data-testid="plan-form">
      {approvalDialog}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Id"
            description={plan ? 'Ids never change.' : `A lower-case slug, e.g. mwp_${middleware.engine}_large. It cannot be changed later.`}
            required={!plan}
            readOnly={Boolean(plan)}
            variant={plan ? 'filled' : 'default'}
            {...form.getInputProps('id')}
          />
          <TextInput label="Name" description="e.g. Essential, Business." required {...form.getInputProps('name')} />
        </SimpleGrid>
        <Text fw={600} size="sm" component="h3">
          Size
        </Text>
        <Text size="xs" c="dimmed">
          Machines, vCPU and memory go together; leave all three empty for a service not sized in machines, such as object storage.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <WholeInput label="Machines" min={1} {...form.getInputProps('nodes')} />
          <WholeInput label="vCPU per machine" min={1} {...form.getInputProps('vcpu')} />
          <WholeInput label="Memory per machine (GB)" min={1} {...form.getInputProps('memoryGb')} />
          <WholeInput label="Storage (GB)" required min={1} {...form.getInputProps('storageGb')} />
        </SimpleGrid>
        <Switch label="Highly available" description="Replicated across zones; needs at least 2 machines." {...form.getInputProps('highAvailability', { type: 'checkbox' })} />
        <Text fw={600} size="sm" component="h3">
          Price (EUR, excluding VAT)
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <EuroInput label="Monthly price" required min={0} {...form.getInputProps('monthlyPrice')} />
          <EuroInput label="Yearly price" description="Empty: 12 months." min={0} {...form.getInputProps('yearlyPrice')} />
          <WholeInput label="Sort order" description={plan ? 'Position in lists.' : 'Empty: last.'} min={0} {...form.getInputProps('sortOrder')} />
        </SimpleGrid>
        {plan ? <PriceDateInput {...form.getInputProps('priceEffectiveDate')} /> : null}
        <FormFooter generalError={generalError} saving={saving} submitLabel={plan ? 'Save changes' : 'Create plan'} onCancel={onDone} />
      </Stack>
    </form>
  );
}
