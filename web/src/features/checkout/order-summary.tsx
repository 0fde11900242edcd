import { Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { BillingCycle } from '@kubemarket/shared';
import { IconAlertCircle } from '@tabler/icons-react';
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
            <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
              <Text size="sm" fw={600}>
                {line.label}
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {show(line.amountCents)}
              </Text>
            </Group>
            {line.components.length > 1 ? (
              <Stack gap={2} component="ul" m={0} pl="md">
                {line.components.map((component, componentIndex) => (
                  <Group key={componentIndex} component="li" justify="space-between" wrap="nowrap" gap="md" align="flex-start">
                    <Text size="xs" c="dimmed">
                      {component.label}
                      {component.quantity !== 1 ? ` · ${component.quantity} × ${show(component.unitCents)}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {component.amountCents === 0 ? 'Included' : show(component.amountCents)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            ) : null}
          </li>
        ))}
      </Stack>
      <Divider />
      <Row label="Subtotal" value={show(money.subtotalCents)} testId="summary-subtotal" />
      {money.discount ? <Row label={money.discount.label} value={`−${show(money.discount.amountCents)}`} testId="summary-discount" /> : null}
      {money.promotionNotApplied ? (
        <Text size="sm" data-testid="summary-promotion-not-applied">
          <IconAlertCircle size={16} color="var(--mantine-color-orange-8)" style={{ verticalAlign: 'text-bottom' }} aria-hidden /> Promotion{' '}
          {money.promotionNotApplied.code} not applied: {money.promotionNotApplied.reason}
        </Text>
      ) : null}
      <Row label={money.tax.label} value={show(money.tax.amountCents)} testId="summary-tax" />
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

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
