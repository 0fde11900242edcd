import { SimpleGrid, Switch, Text } from '@mantine/core';
import type { AdminMiddleware, AdminPlan } from './catalog-admin-types';
import { CatalogFormShell, EuroInput, IdAndNameInputs, PriceDateInput, SortOrderInput, WholeInput } from './form-inputs';
import { planCodec, planCreateInput } from './plan-form-values';
import { useCatalogForm } from './use-catalog-form';

interface PlanFormProps {
  middleware: AdminMiddleware;
  plan: AdminPlan | null;
  onDone: () => void;
}

/** One plan of a middleware: its size, storage, high availability and price. */
export function PlanForm({ middleware, plan, onDone }: PlanFormProps) {
  const { formRef, ...state } = useCatalogForm(planCodec, plan, onDone, { createInput: (parsed) => planCreateInput(middleware.id, parsed), nameOf: (saved) => `${middleware.name} ${saved.name}` });
  const { form } = state;

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="plan-form" createLabel="Create plan">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IdAndNameInputs form={form} editing={state.editing} example={`mwp_${middleware.engine}_large`} nameDescription="e.g. Essential, Business." />
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
        <SortOrderInput editing={state.editing} {...form.getInputProps('sortOrder')} />
      </SimpleGrid>
      {plan ? <PriceDateInput {...form.getInputProps('priceEffectiveDate')} /> : null}
    </CatalogFormShell>
  );
}
