import { Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { BillingCycle } from '@kubemarket/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { AmountRow, ComponentAmount, LineAmount } from '../../components/amount-rows';
import { periodLabel } from '../catalog';
import { useDisplayPrice } from '../currency';
import { euros } from './money';
import type { OrderMoney } from './money';

interface MoneySummaryProps {
  money: OrderMoney;
  cycle: BillingCycle;
  /** Says that the total is what is charged (an order), rather than what would be (a quote). */
  charged: boolean;
}

/**
 * The lines, the promotion (or why it did not apply), the VAT and the total, in the display
 * currency, with the amount charged in euros stated: payments are always taken in EUR.
 */
export function MoneySummary({ money, cycle, charged }: MoneySummaryProps) {
  const { format, currency, ready } = useDisplayPrice();
  const show = (cents: number) => (ready ? format(cents) : euros(cents));
  return (
    <Stack gap="sm" data-testid="order-summary">
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Order lines">
        {money.lines.map((line, index) => (
          <li key={index} data-testid="summary-line">
            <LineAmount label={line.label} value={show(line.amountCents)} />
            {line.components.length > 1 ? (
              <Stack gap={2} component="ul" m={0} pl="md">
                {line.components.map((component, componentIndex) => (
                  <ComponentAmount
                    key={componentIndex}
                    label={`${component.label}${component.quantity !== 1 ? ` · ${component.quantity} × ${show(component.unitCents)}` : ''}`}
                    amountCents={component.amountCents}
                    format={show}
                  />
                ))}
              </Stack>
            ) : null}
          </li>
        ))}
      </Stack>
      <Divider />
      <AmountRow label="Subtotal" value={show(money.subtotalCents)} testId="summary-subtotal" />
      {money.discount ? <AmountRow label={money.discount.label} value={`−${show(money.discount.amountCents)}`} testId="summary-discount" /> : null}
      {money.promotionNotApplied ? (
        <Text size="sm" data-testid="summary-promotion-not-applied">
          <IconAlertCircle size={16} color="var(--mantine-color-orange-8)" style={{ verticalAlign: 'text-bottom' }} aria-hidden /> Promotion{' '}
          {money.promotionNotApplied.code} not applied: {money.promotionNotApplied.reason}
        </Text>
      ) : null}
      <AmountRow label={money.tax.label} value={show(money.tax.amountCents)} testId="summary-tax" />
      <Divider />
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={700}>
          Total {periodLabel(cycle)}
          <VisuallyHidden>, VAT included</VisuallyHidden>
        </Text>
        <Text fz={26} fw={800} lh={1.1} data-testid="summary-total">
          {show(money.totalCents)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="summary-charged">
        {charged ? 'Charged in euros: ' : 'Would be charged in euros: '}
        <Text span fw={700} inherit data-testid="summary-charged-eur">
          {euros(money.totalCents)}
        </Text>
        {currency !== 'EUR' ? ` (shown in ${currency} at today's rate for reference).` : '.'}
      </Text>
    </Stack>
  );
}
