import type { AdminFlavor, AdminPlan, AdminPromotion, AdminSupportPlan, ScheduledPrice } from './catalog-admin-types';
import { formatBasisPoints, formatEuros, formatHourlyEuros } from './money';
import { formatUtcDate } from './utc-dates';

/** What the lists show for catalogue values, in words staff read at a glance. */

/** 15 → "15 min", 240 → "4 h", 1440 → "1 day", 90 → "1 h 30 min"; null → "No target". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return 'No target';
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "2 × NVIDIA H100 SXM, 80 GB each"; null without GPUs. */
export function gpuOf(flavor: Pick<AdminFlavor, 'gpuCount' | 'gpuModel' | 'gpuMemoryGb'>): string | null {
  if (flavor.gpuCount === 0 || !flavor.gpuModel) return null;
  return `${flavor.gpuCount} × ${flavor.gpuModel}${flavor.gpuMemoryGb ? `, ${flavor.gpuMemoryGb} GB each` : ''}`;
}

/** "3 × 4 vCPU, 16 GB"; null for a service not sized in machines. */
export function planSizeOf(plan: Pick<AdminPlan, 'nodes' | 'vcpu' | 'memoryGb'>): string | null {
  if (plan.nodes === null || plan.vcpu === null || plan.memoryGb === null) return null;
  return `${plan.nodes} × ${plan.vcpu} vCPU, ${plan.memoryGb} GB`;
}

/** "€990.00 / month" or "7 % of monthly spend, at least €990.00 / month". */
export function supportPriceOf(plan: Pick<AdminSupportPlan, 'pricingKind' | 'monthlyPriceCents' | 'percentOfSpendBasisPoints' | 'minimumMonthlyCents'>): string {
  if (plan.pricingKind === 'fixed') return plan.monthlyPriceCents === 0 ? 'Included' : `${formatEuros(plan.monthlyPriceCents ?? 0)} / month`;
  return `${formatBasisPoints(plan.percentOfSpendBasisPoints ?? 0)} of monthly spend, at least ${formatEuros(plan.minimumMonthlyCents ?? 0)} / month`;
}

/** "5 % off" or "€20.00 off". */
export function discountOf(promotion: Pick<AdminPromotion, 'kind' | 'value'>): string {
  return promotion.kind === 'percent' ? `${formatBasisPoints(promotion.value)} off` : `${formatEuros(promotion.value)} off`;
}

/** "1.33 to 1.37", "1.33 or later", "up to 1.37", "Any version". */
export function kubernetesRangeOf(min: string | null, max: string | null): string {
  if (min && max) return min === max ? `${min} only` : `${min} to ${max}`;
  if (min) return `${min} or later`;
  if (max) return `up to ${max}`;
  return 'Any version';
}

const KIND_NAMES: Record<ScheduledPrice['itemKind'], string> = {
  cluster_tier: 'Price',
  cluster_tier_ha: 'HA control plane',
  node_flavor: 'Price',
  addon: 'Price',
  middleware_plan: 'Price',
  support_plan: 'Price',
};

/** "From 1 Mar 2027: €19.00 / month" for a price change dated later than now. */
export function scheduledPriceOf(price: ScheduledPrice): string {
  const amount =
    price.percentOfSpendBasisPoints !== null
      ? `${formatBasisPoints(price.percentOfSpendBasisPoints)} of spend, at least ${formatEuros(price.monthlyPriceCents)} / month`
      : price.hourlyPriceMillicents !== null
        ? `${formatEuros(price.monthlyPriceCents)} / month (${formatHourlyEuros(price.hourlyPriceMillicents)} / hour)`
        : `${formatEuros(price.monthlyPriceCents)} / month${price.yearlyPriceCents !== null ? `, ${formatEuros(price.yearlyPriceCents)} / year` : ''}`;
  const what = KIND_NAMES[price.itemKind];
  return `${what === 'Price' ? 'From' : `${what} from`} ${formatUtcDate(price.effectiveFrom)}: ${amount}`;
}

/** A list of ids as names, in the order given; an unknown id shows as itself. */
export function namesOf(ids: readonly string[], names: ReadonlyMap<string, string>): string[] {
  return ids.map((id) => names.get(id) ?? id);
}
