import type { PriceBook, PriceBookAddon } from '@kubemarket/shared';
import { pick } from '@kubemarket/shared';
import type { Catalog, CatalogAddon, CatalogKubernetesVersion, CatalogTier } from './catalog-types';

/** "1.37" -> [1, 37]; a leading "v" and a patch are ignored. Minors compare numerically: 1.100 follows 1.99. */
function minorParts(version: string): [number, number] | null {
  const match = /^v?(\d+)\.(\d+)/i.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

export function compareMinorVersions(a: string, b: string): number {
  const left = minorParts(a);
  const right = minorParts(b);
  if (!left || !right) return a.localeCompare(b);
  return left[0] - right[0] || left[1] - right[1];
}

/** Whether an add-on supports a cluster's Kubernetes version (its list, or its inclusive bounds). */
export function addonSupportsVersion(addon: CatalogAddon, version: string): boolean {
  if (addon.kubernetesVersions) {
    const wanted = version.trim().replace(/^v/i, '');
    return addon.kubernetesVersions.some((entry) => {
      const supported = entry.trim().replace(/^v/i, '');
      return wanted === supported || wanted.startsWith(`${supported}.`);
    });
  }
  if (addon.minKubernetesVersion && compareMinorVersions(version, addon.minKubernetesVersion) < 0) return false;
  if (addon.maxKubernetesVersion && compareMinorVersions(version, addon.maxKubernetesVersion) > 0) return false;
  return true;
}

/** The add-ons a cluster of this tier and version can run. */
/** The Kubernetes versions an add-on runs on, in words: "1.30 to 1.37", "1.30 and later", "Up to 1.37". */
export function addonVersionRange(addon: CatalogAddon): string {
  if (addon.kubernetesVersions) return addon.kubernetesVersions.join(', ');
  const { minKubernetesVersion: min, maxKubernetesVersion: max } = addon;
  if (min && max) return `${min} to ${max}`;
  if (min) return `${min} and later`;
  if (max) return `Up to ${max}`;
  return 'Every version we offer';
}

export function compatibleAddons(addons: readonly CatalogAddon[], tierId: string, version: string): CatalogAddon[] {
  return addons.filter((addon) => addon.compatibleTierIds.includes(tierId) && addonSupportsVersion(addon, version));
}

/** The versions of the catalogue an add-on supports, for the engine (null: every version). */
function addonVersions(addon: CatalogAddon, versions: readonly CatalogKubernetesVersion[]): readonly string[] | null {
  if (addon.kubernetesVersions) return addon.kubernetesVersions;
  if (!addon.minKubernetesVersion && !addon.maxKubernetesVersion) return null;
  return versions.map((entry) => entry.version).filter((version) => addonSupportsVersion(addon, version));
}

function tierHa(tier: CatalogTier): PriceBook['tiers'][number]['haControlPlane'] {
  return {
    mode: tier.haControlPlane,
    monthlyCents: tier.haMonthlyPriceCents ?? 0,
    yearlyCents: tier.haYearlyPriceCents,
  };
}

/** The pricing engine's price book, from the catalogue the screens loaded. */
export function buildPriceBook(catalog: Catalog): PriceBook {
  return {
    tiers: catalog.tiers.map((tier) => ({
      ...pick(tier, ['id', 'name', 'maxNodes', 'maxPools', 'flavorIds', 'regionIds']),
      monthlyCents: tier.monthlyPriceCents,
      yearlyCents: tier.yearlyPriceCents,
      haControlPlane: tierHa(tier),
    })),
    flavors: catalog.flavors.map((flavor) => ({
      id: flavor.id,
      name: flavor.name,
      hourlyCents: Math.round((flavor.hourlyPriceMillicents ?? 0) / 1000),
      monthlyCents: flavor.monthlyPriceCents,
      yearlyCents: flavor.yearlyPriceCents,
    })),
    addons: catalog.addons.map(
      (addon): PriceBookAddon => ({
        ...pick(addon, ['id', 'name', 'requires', 'conflicts']),
        monthlyCents: addon.monthlyPriceCents,
        yearlyCents: addon.yearlyPriceCents,
        tierIds: addon.compatibleTierIds,
        kubernetesVersions: addonVersions(addon, catalog.kubernetesVersions),
      }),
    ),
    middlewarePlans: catalog.middlewares.flatMap((middleware) =>
      middleware.plans.map((plan) => ({
        id: plan.id,
        middlewareId: middleware.id,
        name: plan.name,
        middlewareName: middleware.name,
        monthlyCents: plan.monthlyPriceCents,
        yearlyCents: plan.yearlyPriceCents,
      })),
    ),
    supportPlans: catalog.supportPlans.map((plan) => ({ id: plan.id, name: plan.name, pricing: plan.pricing })),
    promotions: catalog.promotions,
  };
}
