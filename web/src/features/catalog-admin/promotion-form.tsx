import { MultiSelect, NumberInput, SegmentedControl, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { optionsOf, ORDER_KIND_LABELS, PROMOTION_KIND_LABELS } from './catalog-admin-options';
import type { AdminPromotion, PromotionKind } from './catalog-admin-types';
import { CatalogFormShell, EuroInput, KeyInput, WholeInput } from './form-inputs';
import { promotionCodec } from './promotion-form-values';
import { useCatalogForm } from './use-catalog-form';

interface PromotionFormProps {
  promotion: AdminPromotion | null;
  onDone: () => void;
}

/** A promotion code: its discount, validity window and rules. */
export function PromotionForm({ promotion, onDone }: PromotionFormProps) {
  const { formRef, ...state } = useCatalogForm(promotionCodec, promotion, onDone);
  const { form } = state;
  const values = form.getValues();
  const percent = values.kind === 'percent';

  return (
    <CatalogFormShell state={state} formRef={formRef} testId="promotion-form" createLabel="Create promotion">
      <KeyInput
        label="Code"
        editing={state.editing}
        fixed="Codes never change."
        hint="What customers type: 3 to 32 letters A-Z or digits, e.g. SPRING2027."
        maw={320}
        {...form.getInputProps('code')}
      />
      <Textarea label="Description" description="Shown to customers, e.g. 5% off your first order." required autosize minRows={2} maxRows={4} {...form.getInputProps('description')} />

      <Text fw={600} size="sm" component="h3" id="promotion-kind-label">
        Discount
      </Text>
      <SegmentedControl
        aria-labelledby="promotion-kind-label"
        data={optionsOf(PROMOTION_KIND_LABELS)}
        value={values.kind}
        onChange={(value) => form.setFieldValue('kind', value as PromotionKind)}
        maw={360}
      />
      {percent ? (
        <NumberInput
          label="Percentage off"
          description="e.g. 5 for 5 % off."
          required
          suffix=" %"
          decimalScale={2}
          clampBehavior="none"
          hideControls
          maw={280}
          {...form.getInputProps('value')}
        />
      ) : (
        <EuroInput label="Amount off" required min={0} maw={280} {...form.getInputProps('value')} />
      )}

      <Text fw={600} size="sm" component="h3">
        Validity (UTC)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput type="datetime-local" label="Valid from" description={promotion ? 'Empty: unchanged.' : 'Empty: from now.'} {...form.getInputProps('validFrom')} />
        <TextInput type="datetime-local" label="Valid until" description="The promotion ends at this time. Empty: no end." {...form.getInputProps('validUntil')} />
      </SimpleGrid>

      <Text fw={600} size="sm" component="h3">
        Rules
      </Text>
      <Switch label="First purchase only" description="Only an organisation's first order can use it." {...form.getInputProps('firstPurchaseOnly', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EuroInput label="Minimum order amount" description="Before VAT; 0 for none." required min={0} {...form.getInputProps('minimumSubtotal')} />
        <WholeInput label="Redemption limit" description="Orders that may use the code in all; empty for no limit." min={1} {...form.getInputProps('maxRedemptions')} />
        <WholeInput label="Limit per organisation" description="Orders of one organisation; empty for no limit." min={1} {...form.getInputProps('maxRedemptionsPerOrganization')} />
        <MultiSelect label="Applies to" description="Empty: every kind of order." data={optionsOf(ORDER_KIND_LABELS)} {...form.getInputProps('appliesTo')} />
      </SimpleGrid>
      <Switch
        label="Featured"
        description="Announced by the promotional banner; featuring it takes the banner from the promotion featured now."
        {...form.getInputProps('featured', { type: 'checkbox' })}
      />
    </CatalogFormShell>
  );
}
