import type { BillingCycle } from '../constants';
import { yearlyDiscountPercent } from '../pricing';
import { QuoteError } from './errors';
import { applyBasisPointsRounded, assertCents, cyclePrices, divideRounded, percentLabel } from './money';
import type {
  AddonLineInput,
  ClusterLineInput,
  MiddlewareLineInput,
  OrderLine,
  PriceBook,
  PriceBookAddon,
  PriceBookFlavor,
  PriceBookMiddlewarePlan,
  PriceBookSupportPlan,
  PriceBookTier,
  QuoteComponent,
  QuoteLine,
  ShareOfSpend,
  SupportLineInput,
} from './types';

/** The spend a support plan priced as a share of spend applies to, per month. */
export interface SpendBasis {
  /** When billed monthly. */
  monthlyCents: number;
  /** When billed yearly: the yearly spend divided by 12. */
  yearlyPerMonthCents: number;
}

export interface PriceLineOptions {
  cycle: BillingCycle;
  /** Position of the line in its order, reported in errors; 0 when omitted. */
  index?: number;
  /** For support plans priced as a share of spend; none means no spend (the plan's minimum). */
  spend?: SpendBasis;
}

/** The price book indexed by id, built once per quote. */
export interface Catalogue {
  tiers: Map<string, PriceBookTier>;
  flavors: Map<string, PriceBookFlavor>;
  addons: Map<string, PriceBookAddon>;
  middlewarePlans: Map<string, PriceBookMiddlewarePlan>;
  supportPlans: Map<string, PriceBookSupportPlan>;
}

export function indexPriceBook(priceBook: PriceBook): Catalogue {
  const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));
  return {
    tiers: byId(priceBook.tiers),
    flavors: byId(priceBook.flavors),
    addons: byId(priceBook.addons),
    middlewarePlans: byId(priceBook.middlewarePlans),
    supportPlans: byId(priceBook.supportPlans),
  };
}

/** A component priced for both cycles, before the quote's cycle is chosen. */
interface Draft {
  label: string;
  quantity: number;
  monthlyUnitCents: number;
  yearlyUnitCents: number;
  maxQuantity?: number;
}

interface DraftLine {
  kind: OrderLine['kind'];
  label: string;
  components: Draft[];
  /** Support plans priced as a share of spend: how, for each cycle. */
  share?: Record<BillingCycle, ShareOfSpend>;
}

function fail(error: QuoteError['code'], message: string, index: number): never {
  throw new QuoteError(error, message, index);
}

function isWholeNumber(value: unknown, minimum: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum;
}

/** '1.31' supports '1.31' and '1.31.2'; a leading 'v' is ignored on either side. */
function supportsVersion(addon: PriceBookAddon, version: string): boolean {
  if (addon.kubernetesVersions === null) return true;
  const wanted = version.trim().replace(/^v/i, '');
  return addon.kubernetesVersions.some((entry) => {
    const supported = entry.trim().replace(/^v/i, '');
    return wanted === supported || wanted.startsWith(`${supported}.`);
  });
}

function addonName(addon: PriceBookAddon): string {
  return `${addon.name} add-on`;
}

function addonNameById(catalogue: Catalogue, id: string): string {
  const addon = catalogue.addons.get(id);
  return addon ? addonName(addon) : `"${id}" add-on`;
}

function addonDraft(addon: PriceBookAddon): Draft {
  const prices = cyclePrices(addon.monthlyCents, addon.yearlyCents, `Add-on ${addon.id}`);
  return { label: addonName(addon), quantity: 1, monthlyUnitCents: prices.monthlyCents, yearlyUnitCents: prices.yearlyCents };
}

/** Tier and Kubernetes version compatibility of one add-on. */
function checkAddonFits(addon: PriceBookAddon, tier: PriceBookTier, version: string, index: number): void {
  if (!addon.tierIds.includes(tier.id)) {
    fail('addon_incompatible', `The ${addonName(addon)} is not available on ${tier.name} clusters.`, index);
  }
  if (!supportsVersion(addon, version)) {
    fail('addon_incompatible', `The ${addonName(addon)} does not support Kubernetes ${version}.`, index);
  }
}

/** Dependencies and conflicts among the add-ons a cluster will run. */
function checkAddonSet(catalogue: Catalogue, installed: readonly string[], checked: readonly PriceBookAddon[], index: number): void {
  const present = new Set(installed);
  for (const addon of checked) {
    const missing = addon.requires.find((id) => !present.has(id));
    if (missing !== undefined) {
      fail('addon_requires', `The ${addonName(addon)} requires the ${addonNameById(catalogue, missing)}.`, index);
    }
    for (const otherId of present) {
      if (otherId === addon.id) continue;
      const other = catalogue.addons.get(otherId);
      if (addon.conflicts.includes(otherId) || (other?.conflicts.includes(addon.id) ?? false)) {
        fail('addon_conflict', `The ${addonName(addon)} cannot run alongside the ${addonNameById(catalogue, otherId)}.`, index);
      }
    }
  }
}

function findTier(catalogue: Catalogue, tierId: string, index: number): PriceBookTier {
  return catalogue.tiers.get(tierId) ?? fail('unknown_tier', `The cluster tier "${tierId}" does not exist.`, index);
}

function draftCluster(catalogue: Catalogue, line: ClusterLineInput, index: number): DraftLine {
  const tier = findTier(catalogue, line.tierId, index);
  if (!tier.regionIds.includes(line.regionId)) {
    fail('region_not_offered', `The ${tier.name} tier is not offered in the ${line.regionId} region.`, index);
  }
  const components: Draft[] = [];
  const controlPlane = cyclePrices(tier.monthlyCents, tier.yearlyCents, `Tier ${tier.id}`);
  components.push({
    label: 'Control plane',
    quantity: 1,
    monthlyUnitCents: controlPlane.monthlyCents,
    yearlyUnitCents: controlPlane.yearlyCents,
  });

  const ha = tier.haControlPlane;
  if (ha.mode === 'included') {
    components.push({ label: 'High-availability control plane (included)', quantity: 1, monthlyUnitCents: 0, yearlyUnitCents: 0 });
  } else if (line.highAvailability) {
    if (ha.mode === 'unavailable') {
      fail('ha_unavailable', `${tier.name} clusters do not offer a high-availability control plane.`, index);
    }
    const prices = cyclePrices(ha.monthlyCents, ha.yearlyCents, `Tier ${tier.id} high availability`);
    components.push({
      label: 'High-availability control plane',
      quantity: 1,
      monthlyUnitCents: prices.monthlyCents,
      yearlyUnitCents: prices.yearlyCents,
    });
  }

  const pools = line.nodePools;
  if (pools.length === 0) fail('no_node_pools', 'A cluster needs at least one node pool.', index);
  if (tier.maxPools !== null && pools.length > tier.maxPools) {
    fail(
      'too_many_pools',
      `${tier.name} clusters have at most ${tier.maxPools} node ${tier.maxPools === 1 ? 'pool' : 'pools'}; this configuration has ${pools.length}.`,
      index,
    );
  }
  const poolNames = new Set<string>();
  let nodesAtMost = 0;
  for (const pool of pools) {
    const name = pool.name.trim();
    if (name === '') fail('invalid_pool_name', 'Every node pool needs a name.', index);
    if (poolNames.has(name)) {
      fail('duplicate_pool_name', `Two node pools are named "${name}"; give each pool its own name.`, index);
    }
    poolNames.add(name);

    const flavor =
      catalogue.flavors.get(pool.flavorId) ?? fail('unknown_flavor', `The node flavour "${pool.flavorId}" does not exist.`, index);
    if (!tier.flavorIds.includes(flavor.id)) {
      fail('flavor_not_offered', `The ${tier.name} tier does not offer the ${flavor.name} flavour.`, index);
    }
    if (!isWholeNumber(pool.count, 1)) {
      fail('invalid_count', `Node pool "${name}" needs a whole number of nodes, at least 1.`, index);
    }
    const prices = cyclePrices(flavor.monthlyCents, flavor.yearlyCents, `Flavour ${flavor.id}`);
    const autoscale = pool.autoscale ?? null;
    if (autoscale === null) {
      nodesAtMost += pool.count;
      components.push({
        label: `Node pool "${name}": ${flavor.name}`,
        quantity: pool.count,
        monthlyUnitCents: prices.monthlyCents,
        yearlyUnitCents: prices.yearlyCents,
      });
      continue;
    }
    if (!isWholeNumber(autoscale.min, 1) || !isWholeNumber(autoscale.max, autoscale.min)) {
      fail(
        'invalid_autoscale',
        `Node pool "${name}" autoscales between a minimum of at least 1 node and a maximum no lower than the minimum.`,
        index,
      );
    }
    if (pool.count < autoscale.min || pool.count > autoscale.max) {
      fail(
        'invalid_count',
        `Node pool "${name}" starts with ${pool.count} nodes, outside its autoscaling range of ${autoscale.min} to ${autoscale.max}.`,
        index,
      );
    }
    nodesAtMost += autoscale.max;
    components.push({
      label: `Node pool "${name}": ${flavor.name}, autoscaling ${autoscale.min}–${autoscale.max} nodes`,
      quantity: autoscale.min,
      monthlyUnitCents: prices.monthlyCents,
      yearlyUnitCents: prices.yearlyCents,
      maxQuantity: autoscale.max,
    });
  }
  if (tier.maxNodes !== null && nodesAtMost > tier.maxNodes) {
    const grows = pools.some((pool) => pool.autoscale);
    fail(
      'too_many_nodes',
      `${tier.name} clusters have at most ${tier.maxNodes} ${tier.maxNodes === 1 ? 'node' : 'nodes'}; this configuration ${grows ? 'can grow to' : 'has'} ${nodesAtMost}.`,
      index,
    );
  }

  const addons: PriceBookAddon[] = [];
  const seen = new Set<string>();
  for (const addonId of line.addonIds) {
    const addon = catalogue.addons.get(addonId) ?? fail('unknown_addon', `The add-on "${addonId}" does not exist.`, index);
    if (seen.has(addonId)) fail('duplicate_addon', `The ${addonName(addon)} is listed twice.`, index);
    seen.add(addonId);
    checkAddonFits(addon, tier, line.kubernetesVersion, index);
    addons.push(addon);
  }
  checkAddonSet(catalogue, line.addonIds, addons, index);
  components.push(...addons.map(addonDraft));

  return {
    kind: 'cluster',
    label: `${tier.name} cluster, Kubernetes ${line.kubernetesVersion}, ${line.regionId}`,
    components,
  };
}

function draftMiddleware(catalogue: Catalogue, line: MiddlewareLineInput, index: number): DraftLine {
  const plan =
    catalogue.middlewarePlans.get(line.planId) ?? fail('unknown_plan', `The middleware plan "${line.planId}" does not exist.`, index);
  const label = plan.middlewareName ? `${plan.middlewareName}: ${plan.name}` : plan.name;
  const prices = cyclePrices(plan.monthlyCents, plan.yearlyCents, `Middleware plan ${plan.id}`);
  return {
    kind: 'middleware',
    label,
    components: [{ label, quantity: 1, monthlyUnitCents: prices.monthlyCents, yearlyUnitCents: prices.yearlyCents }],
  };
}

function draftAddon(catalogue: Catalogue, line: AddonLineInput, index: number): DraftLine {
  const tier = findTier(catalogue, line.clusterTierId, index);
  const addon = catalogue.addons.get(line.addonId) ?? fail('unknown_addon', `The add-on "${line.addonId}" does not exist.`, index);
  if (line.existingAddonIds.includes(addon.id)) {
    fail('addon_already_installed', `This cluster already runs the ${addonName(addon)}.`, index);
  }
  checkAddonFits(addon, tier, line.kubernetesVersion, index);
  checkAddonSet(catalogue, [...line.existingAddonIds, addon.id], [addon], index);
  return {
    kind: 'addon',
    label: `${addonName(addon)} for a ${tier.name} cluster`,
    components: [addonDraft(addon)],
  };
}

function shareOfSpend(basisPoints: number, minimumMonthlyCents: number, monthlySpendCents: number): ShareOfSpend {
  const share = applyBasisPointsRounded(monthlySpendCents, basisPoints);
  return {
    monthlySpendCents,
    basisPoints,
    minimumMonthlyCents,
    monthlyCents: Math.max(share, minimumMonthlyCents),
    minimumApplied: share < minimumMonthlyCents,
  };
}

function draftSupport(catalogue: Catalogue, line: SupportLineInput, index: number, spend: SpendBasis): DraftLine {
  const plan =
    catalogue.supportPlans.get(line.planId) ?? fail('unknown_plan', `The support plan "${line.planId}" does not exist.`, index);
  const label = `Support: ${plan.name}`;
  const pricing = plan.pricing;
  if (pricing.kind === 'fixed') {
    const prices = cyclePrices(pricing.monthlyCents, pricing.yearlyCents, `Support plan ${plan.id}`);
    return {
      kind: 'support',
      label,
      components: [{ label: `${plan.name} support`, quantity: 1, monthlyUnitCents: prices.monthlyCents, yearlyUnitCents: prices.yearlyCents }],
    };
  }
  const basisPoints = assertCents(pricing.percentOfSpendBasisPoints, `Support plan ${plan.id} share`);
  const minimum = assertCents(pricing.minimumMonthlyCents, `Support plan ${plan.id} minimum`);
  const monthly = shareOfSpend(basisPoints, minimum, assertCents(spend.monthlyCents, 'Monthly spend'));
  const yearly = shareOfSpend(basisPoints, minimum, assertCents(spend.yearlyPerMonthCents, 'Yearly spend per month'));
  return {
    kind: 'support',
    label,
    // No yearly price of its own: 12 × the month's share of the spend billed yearly.
    components: [
      {
        label: `${plan.name} support: ${percentLabel(basisPoints)} of monthly spend, with a monthly minimum`,
        quantity: 1,
        monthlyUnitCents: monthly.monthlyCents,
        yearlyUnitCents: 12 * yearly.monthlyCents,
      },
    ],
    share: { monthly, yearly },
  };
}

/** Validates and prices one order line for both cycles, without choosing one. */
export function draftLine(catalogue: Catalogue, line: OrderLine, index: number, spend: SpendBasis): DraftLine {
  switch (line.kind) {
    case 'cluster':
      return draftCluster(catalogue, line, index);
    case 'middleware':
      return draftMiddleware(catalogue, line, index);
    case 'addon':
      return draftAddon(catalogue, line, index);
    case 'support':
      return draftSupport(catalogue, line, index, spend);
    default:
      return fail('invalid_line', `Order line ${index + 1} is not a cluster, middleware, add-on or support plan.`, index);
  }
}

/** A drafted line's price when billed monthly, and when billed yearly. */
export function draftPrices(draft: DraftLine): { monthlyCents: number; yearlyCents: number } {
  let monthlyCents = 0;
  let yearlyCents = 0;
  for (const component of draft.components) {
    monthlyCents += component.monthlyUnitCents * component.quantity;
    yearlyCents += component.yearlyUnitCents * component.quantity;
  }
  return { monthlyCents: assertCents(monthlyCents, 'Line monthly price'), yearlyCents: assertCents(yearlyCents, 'Line yearly price') };
}

/** A drafted line priced for the cycle. */
export function finishLine(draft: DraftLine, index: number, cycle: BillingCycle): QuoteLine {
  const components: QuoteComponent[] = draft.components.map((draftComponent) => {
    const unitCents = cycle === 'monthly' ? draftComponent.monthlyUnitCents : draftComponent.yearlyUnitCents;
    const component: QuoteComponent = {
      label: draftComponent.label,
      unitCents,
      quantity: draftComponent.quantity,
      amountCents: unitCents * draftComponent.quantity,
    };
    if (draftComponent.maxQuantity !== undefined) {
      component.maxQuantity = draftComponent.maxQuantity;
      component.maxAmountCents = unitCents * draftComponent.maxQuantity;
    }
    return component;
  });
  const amountCents = assertCents(
    components.reduce((sum, component) => sum + component.amountCents, 0),
    'Line amount',
  );
  const prices = draftPrices(draft);
  const line: QuoteLine = {
    index,
    kind: draft.kind,
    label: draft.label,
    components,
    amountCents,
    monthlyEquivalentCents: cycle === 'monthly' ? amountCents : divideRounded(amountCents, 12),
    monthlyPriceCents: prices.monthlyCents,
    yearlyPriceCents: prices.yearlyCents,
    yearlyDiscountPercent: yearlyDiscountPercent(prices.monthlyCents, prices.yearlyCents),
  };
  if (components.some((component) => component.maxAmountCents !== undefined)) {
    line.maxTotalCents = components.reduce((sum, component) => sum + (component.maxAmountCents ?? component.amountCents), 0);
  }
  if (draft.share) line.shareOfSpend = draft.share[cycle];
  return line;
}

const NO_SPEND: SpendBasis = { monthlyCents: 0, yearlyPerMonthCents: 0 };

/**
 * Validates and prices one order line for a cycle. Throws a QuoteError when the line cannot be
 * ordered. A support plan priced as a share of spend needs the spend it applies to (`quote` works
 * it out from the other lines); without it the plan costs its minimum.
 */
export function priceLine(line: OrderLine, priceBook: PriceBook, options: PriceLineOptions): QuoteLine {
  const index = options.index ?? 0;
  const draft = draftLine(indexPriceBook(priceBook), line, index, options.spend ?? NO_SPEND);
  return finishLine(draft, index, options.cycle);
}
