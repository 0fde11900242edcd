import { Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { optionsOf, SUPPORT_CHANNEL_LABELS, SUPPORT_HOURS_LABELS, SUPPORT_PRICING_LABELS } from './catalog-admin-options';
import type { AdminSupportPlan, SupportHours, SupportPricingKind } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import { EuroInput, FormFooter, PercentInput, PriceDateInput, WholeInput } from './form-inputs';
import {
  emptySupportPlanValues,
  responseField,
  SEVERITIES,
  supportPlanCreateInput,
  supportPlanFieldOf,
  supportPlanFormSchema,
  supportPlanUpdateInput,
  supportPlanValuesOf,
} from './support-plan-form-values';
import { useCatalogForm } from './use-catalog-form';

interface SupportPlanFormProps {
  plan: AdminSupportPlan | null;
  onDone: () => void;
}

/** A support plan: response targets, channels, hours, a named engineer, and a fixed price or a share of spend with a minimum. */
export function SupportPlanForm({ plan, onDone }: SupportPlanFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const create = useMutation(trpc.catalogAdmin.supportPlans.create.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.supportPlans.update.mutationOptions());
  const { form, submit, generalError, saving, approvalDialog } = useCatalogForm({
    initialValues: plan ? supportPlanValuesOf(plan) : emptySupportPlanValues(),
    schema: supportPlanFormSchema,
    fieldOf: supportPlanFieldOf,
    save: async (parsed) => {
      const saved = plan ? await update.mutateAsync(supportPlanUpdateInput(plan, parsed)) : await create.mutateAsync(supportPlanCreateInput(parsed));
      void refresh();
      return saved.name;
    },
    savedTitle: plan ? 'Support plan saved' : 'Support plan created',
    failedTitle: 'Support plan not saved',
    onSaved: onDone,
    approval: (parsed) => (plan ? { procedure: 'catalogAdmin.supportPlans.update', input: supportPlanUpdateInput(plan, parsed) } : null),
  });
  const values = form.getValues();

  return (
    <form noValidate onSubmit={submit} data-testid="support-plan-form">
      {approvalDialog}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Id"
            description={plan ? 'Ids never change.' : 'A lower-case slug, e.g. support_premium. It cannot be changed later.'}
            required={!plan}
            readOnly={Boolean(plan)}
            variant={plan ? 'filled' : 'default'}
            {...form.getInputProps('id')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
        </SimpleGrid>
        <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />

        <Text fw={600} size="sm" component="h3">
          First-response targets (minutes, within the plan's hours)
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {SEVERITIES.map((severity) => (
            <WholeInput
              key={severity}
              label={`${severity.toUpperCase()} response (min)`}
              description={severity === 'p1' ? 'Critical. Empty: no target.' : 'Empty: no target.'}
              min={1}
              {...form.getInputProps(responseField(severity))}
            />
          ))}
        </SimpleGrid>
        <Checkbox.Group label="Channels" description="How customers reach support." required {...form.getInputProps('channels')}>
          <Group gap="md" mt={6}>
            {optionsOf(SUPPORT_CHANNEL_LABELS).map((channel) => (
              <Checkbox key={channel.value} value={channel.value} label={channel.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Hours"
            data={optionsOf(SUPPORT_HOURS_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('hours')}
            onChange={(value) => form.setFieldValue('hours', (value ?? 'business') as SupportHours)}
          />
          <WholeInput label="Sort order" description={plan ? 'Position in lists.' : 'Empty: last.'} min={0} {...form.getInputProps('sortOrder')} />
        </SimpleGrid>
        <Switch label="Named engineer" description="A dedicated engineer who knows the customer's clusters." {...form.getInputProps('namedEngineer', { type: 'checkbox' })} />

        <Text fw={600} size="sm" component="h3" id="support-pricing-label">
          Price (EUR, excluding VAT)
        </Text>
        <SegmentedControl
          aria-labelledby="support-pricing-label"
          data={optionsOf(SUPPORT_PRICING_LABELS)}
          value={values.pricingKind}
          onChange={(value) => form.setFieldValue('pricingKind', value as SupportPricingKind)}
        />
        {values.pricingKind === 'fixed' ? (
          <EuroInput label="Monthly price" description="0 for a plan included with every organisation." required min={0} maw={280} {...form.getInputProps('monthlyPrice')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PercentInput label="Share of monthly spend" description="e.g. 7 for 7 % of the organisation's monthly bill." required {...form.getInputProps('sharePercent')} />
            <EuroInput label="Monthly minimum" required min={0} {...form.getInputProps('minimumMonthly')} />
          </SimpleGrid>
        )}
        {plan ? <PriceDateInput {...form.getInputProps('priceEffectiveDate')} /> : null}

        <FormFooter generalError={generalError} saving={saving} submitLabel={plan ? 'Save changes' : 'Create support plan'} onCancel={onDone} />
      </Stack>
    </form>
  );
}

