import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { yearlyDiscountPercent } from '@kubemarket/shared';
import type { BillingCycle } from '@kubemarket/shared';
import { usePreferences } from '../preferences';
import { useDisplayPrice } from '../currency';
import type { CatalogMiddleware, CatalogSupportPlan } from './catalog-types';

/** Monthly price and what a year costs: the yearly price, 12 months when it has none, never more than 12 months. */
export function cyclePrice(monthlyCents: number, yearlyCents: number | null, cycle: BillingCycle) {
  const twelveMonths = 12 * monthlyCents;
  const yearly = yearlyCents === null ? twelveMonths : Math.min(yearlyCents, twelveMonths);
  return {
    periodCents: cycle === 'monthly' ? monthlyCents : yearly,
    discountPercent: cycle === 'yearly' ? yearlyDiscountPercent(monthlyCents, yearly) : 0,
  };
}

export function periodLabel(cycle: BillingCycle): string {
  return cycle === 'monthly' ? '/ month' : '/ year';
}

interface ItemPriceProps {
  monthlyCents: number;
  yearlyCents: number | null;
  /** e.g. "per node", "per cluster". */
  unit?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
}

/** A catalogue price in the display currency for the chosen billing cycle, with the yearly saving. */
export function ItemPrice({ monthlyCents, yearlyCents, unit, size = 'md', testId }: ItemPriceProps) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  const price = cyclePrice(monthlyCents, yearlyCents, billingCycle);
  if (!ready) return <Skeleton height={20} width={120} aria-label="Loading price" />;
  if (monthlyCents === 0) {
    return (
      <Text size={size} fw={700} data-testid={testId}>
        Included
      </Text>
    );
  }
  return (
    <Group gap={6} align="baseline" wrap="wrap">
      <Text span size={size} fw={700} data-testid={testId}>
        {format(price.periodCents)}
      </Text>
      <Text span size="xs" c="dimmed">
        {periodLabel(billingCycle)}
        {unit ? ` ${unit}` : ''}
      </Text>
      {price.discountPercent > 0 ? (
        <Badge size="xs" color="teal" variant="light">
          Save {price.discountPercent}%
        </Badge>
      ) : null}
    </Group>
  );
}

/** "7% of monthly spend, at least €990.00 / month" or a fixed price. */
export function SupportPlanPrice({ plan, size = 'md', testId }: { plan: CatalogSupportPlan; size?: 'xs' | 'sm' | 'md' | 'lg'; testId?: string }) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  const pricing = plan.pricing;
  if (pricing.kind === 'fixed') {
    return <ItemPrice monthlyCents={pricing.monthlyCents} yearlyCents={pricing.yearlyCents} size={size} testId={testId} />;
  }
  if (!ready) return <Skeleton height={20} width={160} aria-label="Loading price" />;
  const minimum = billingCycle === 'monthly' ? pricing.minimumMonthlyCents : 12 * pricing.minimumMonthlyCents;
  return (
    <Text size={size} data-testid={testId}>
      <Text span fw={700} inherit>
        {pricing.percentOfSpendBasisPoints / 100}% of monthly spend
      </Text>{' '}
      <Text span size="xs" c="dimmed">
        at least {format(minimum)} {periodLabel(billingCycle)}
      </Text>
    </Text>
  );
}

/** The middleware's plan with the lowest monthly price (the first of them on a tie). */
export function cheapestMiddlewarePlan(middleware: CatalogMiddleware) {
  return middleware.plans.reduce<CatalogMiddleware['plans'][number] | undefined>(
    (cheapest, plan) => (!cheapest || plan.monthlyPriceCents < cheapest.monthlyPriceCents ? plan : cheapest),
    undefined,
  );
}

/** "From" the price of the middleware's cheapest plan; nothing for a middleware without plans. */
export function MiddlewareFromPrice({ middleware, gap, size, testId }: { middleware: CatalogMiddleware; gap: number; size?: ItemPriceProps['size']; testId?: string }) {
  const cheapest = cheapestMiddlewarePlan(middleware);
  if (!cheapest) return null;
  return (
    <Group gap={gap} align="baseline">
      <Text size="xs" c="dimmed">
        From
      </Text>
      <ItemPrice monthlyCents={cheapest.monthlyPriceCents} yearlyCents={cheapest.yearlyPriceCents} size={size} testId={testId} />
    </Group>
  );
}
