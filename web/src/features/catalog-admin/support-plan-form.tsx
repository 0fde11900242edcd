import { Checkbox, Group, SegmentedControl, SimpleGrid, Switch, Text, Textarea } from '@mantine/core';
import { optionsOf, SUPPORT_CHANNEL_LABELS, SUPPORT_HOURS_LABELS, SUPPORT_PRICING_LABELS } from './catalog-admin-options';
import type { AdminSupportPlan, SupportPricingKind } from './catalog-admin-types';
import { CatalogFormShell, ChoiceSelect, EuroInput, IdAndNameInputs, PercentInput, PriceDateInput, SortOrderInput, WholeInput } from './form-inputs';
import { responseField, SEVERITIES, supportPlanCodec } from './support-plan-form-values';
import { useCatalogForm } from './use-catalog-form';

interface SupportPlanFormProps {
  plan: AdminSupportPlan | null;
  onDone: () => void;
}

/** A support plan: response targets, channels, hours, a named engineer, and a fixed price or a share of spend with a minimum. */
export function SupportPlanForm({ plan, onDone }: SupportPlanFormProps) {
  const { formRef, ...state } = useCatalogForm(supportPlanCodec, plan, onDone);
  const { form } = state;
  const values = form.getValues();

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="support-plan-form" createLabel="Create support plan">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IdAndNameInputs form={form} editing={state.editing} example="support_premium" />
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
        <ChoiceSelect label="Hours" labels={SUPPORT_HOURS_LABELS} {...form.getInputProps('hours')} />
        <SortOrderInput editing={state.editing} {...form.getInputProps('sortOrder')} />
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
    </CatalogFormShell>
  );
}

