import {
  AVAILABILITY_SLA_BASIS_POINTS,
  clusterTypeFromTierName,
  DATA_SENSITIVITY_CERTIFICATIONS,
  euros,
  isQuoteError,
  quote,
  type ClusterLineInput,
  type ClusterType,
  type DataSensitivity,
  type PriceBook,
  type PriceBookAddon,
  type PriceBookFlavor,
  type PriceBookTier,
  type Quote,
  type SuggestedAddon,
  type Suggestion,
  type SuggestionsQuestionnaire,
  type SuggestionsResult,
  type WorkloadKind,
} from '@kubemarket/shared';

/**
 * The pure part of smart suggestions: which tiers can run the workload described by the
 * questionnaire, in which region, on which nodes and with which add-ons, ranked, and priced by the
 * shared engine exactly as POST /api/quotes prices them. No database, no clock: the catalogue and
 * the date come in, so the same answers always give the same suggestions.
 */

export interface SuggestionTierFacts {
  id: string;
  purpose: string;
  slaBasisPoints: number | null;
}

export interface SuggestionRegion {
  id: string;
  name: string;
  city: string;
  certifications: readonly string[];
  status: 'operational' | 'maintenance' | 'planned';
}

export interface SuggestionFlavorFacts {
  id: string;
  category: 'general' | 'compute' | 'memory' | 'gpu';
  vcpu: number;
  memoryGb: number;
  gpuModel: string | null;
  gpuCount: number;
  gpuMemoryGb: number | null;
  /** Regions where it can be ordered; an empty list: nowhere (as POST /api/quotes reads it). */
  regionIds: readonly string[];
}

export interface SuggestionAddonFacts {
  id: string;
  category: string;
}

/** The catalogue on sale, as the suggestions read it: the engine's price book plus the facts it leaves out. */
export interface SuggestionCatalogue {
  priceBook: PriceBook;
  tiers: readonly SuggestionTierFacts[];
  /** In display order; the first suitable region is suggested. */
  regions: readonly SuggestionRegion[];
  flavors: readonly SuggestionFlavorFacts[];
  addons: readonly SuggestionAddonFacts[];
  /** The Kubernetes minor new clusters get by default. */
  kubernetesVersion: string;
}

export const MAX_SUGGESTIONS = 3;
export const POOL_NAME = 'pool-1';

/** Tier types (from the tier name, as the site maps them) that suit each workload, best first. */
const WORKLOAD_TIER_TYPES: Record<WorkloadKind, readonly ClusterType[]> = {
  web: ['blue', 'green', 'red'],
  batch: ['data', 'green', 'blue'],
  ai: ['ai'],
  database: ['data', 'red', 'blue'],
  devtest: ['orange', 'sandbox', 'green'],
  other: ['blue', 'green', 'red'],
};

const SENSITIVITY_NOUNS: Record<DataSensitivity, string> = {
  public: 'public data',
  personal: 'personal data',
  health: 'health data',
  regulated: 'regulated data',
};

/** 9995 -> "99.95 %". */
export function percentLabel(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** '1.37' supports '1.37' and its patches; null supports every version (the engine's rule). */
function supportsVersion(addon: PriceBookAddon, version: string): boolean {
  return addon.kubernetesVersions === null || addon.kubernetesVersions.some((entry) => version === entry || version.startsWith(`${entry}.`));
}

// ---------------------------------------------------------------------------------------------
// Nodes

interface NodeChoice {
  flavor: PriceBookFlavor;
  facts: SuggestionFlavorFacts;
  region: SuggestionRegion;
  count: number;
  reason: string;
}

const PREFERRED_CATEGORY: Record<WorkloadKind, SuggestionFlavorFacts['category']> = {
  web: 'general',
  batch: 'compute',
  ai: 'gpu',
  database: 'memory',
  devtest: 'general',
  other: 'general',
};

const GENERAL_USE: Record<WorkloadKind, string> = {
  web: 'web services and APIs',
  batch: 'batch jobs',
  ai: 'model serving',
  database: 'databases',
  devtest: 'CI jobs and test environments',
  other: 'most workloads',
};

interface Needs {
  workload: WorkloadKind;
  production: boolean;
  /** Production at 99.9 % or more: a highly available control plane and nodes in three zones. */
  highAvailability: boolean;
  targetBasisPoints: number | null;
  expectedNodes: number;
}

/** Nodes a production cluster needs whatever its load: one can fail or be upgraded; one per zone at high availability. */
function minimumNodes(needs: Needs): number {
  if (needs.highAvailability) return 3;
  return needs.production ? 2 : 1;
}

function flavorReason(needs: Needs, tier: PriceBookTier, facts: SuggestionFlavorFacts, region: SuggestionRegion, fellBack: boolean): string {
  const size = `${facts.vcpu} vCPU and ${facts.memoryGb} GB of memory`;
  switch (facts.category) {
    case 'gpu':
      return `Each node has ${facts.gpuCount} × ${facts.gpuModel ?? 'GPU'}${facts.gpuMemoryGb ? ` with ${facts.gpuMemoryGb} GB` : ''} for training and inference; it is the most affordable GPU node ${tier.name} offers in ${region.city}.`;
    case 'memory':
      return `Memory-optimised nodes (${size}) keep database working sets and caches in memory.`;
    case 'compute':
      return `Compute-optimised nodes (${size}) give batch jobs more processing power per euro.`;
    default: {
      const wanted = PREFERRED_CATEGORY[needs.workload];
      if (fellBack) {
        const kind = wanted === 'memory' ? 'memory-optimised' : 'compute-optimised';
        return `${tier.name} has no ${kind} nodes in ${region.city}; general-purpose nodes of ${size} are the closest fit.`;
      }
      return `Balanced nodes of ${size} suit ${GENERAL_USE[needs.workload]}${needs.production ? ', with headroom for production traffic' : ''}.`;
    }
  }
}

function countReason(needs: Needs, count: number): string {
  if (count === needs.expectedNodes) return `${plural(count, 'node')}, as you expect.`;
  return needs.highAvailability
    ? `${plural(count, 'node')} rather than ${needs.expectedNodes}: production at ${percentLabel(needs.targetBasisPoints ?? 0)} needs a node in each of three zones.`
    : `${plural(count, 'node')} rather than ${needs.expectedNodes}: in production one node can fail or be upgraded while the other serves.`;
}

/**
 * The node flavour for the workload, offered by the tier in one of `regions` (the first region that
 * has one): GPU for AI (the most affordable), memory-optimised for databases, compute-optimised
 * for batch, general purpose otherwise; within a kind, the smallest with 4 vCPU in production
 * (2 otherwise), else the largest below that. AI without a GPU flavour gets nothing.
 */
function chooseNodes(needs: Needs, tier: PriceBookTier, regions: readonly SuggestionRegion[], catalogue: Indexed): NodeChoice | null {
  const wanted = PREFERRED_CATEGORY[needs.workload];
  const minimumVcpu = needs.production ? 4 : 2;
  for (const region of regions) {
    const offered = tier.flavorIds
      .map((id) => ({ flavor: catalogue.flavors.get(id), facts: catalogue.flavorFacts.get(id) }))
      .filter((entry): entry is { flavor: PriceBookFlavor; facts: SuggestionFlavorFacts } => entry.flavor !== undefined && entry.facts !== undefined)
      .filter((entry) => entry.facts.regionIds.includes(region.id))
      .sort((a, b) => a.flavor.monthlyCents - b.flavor.monthlyCents || a.facts.vcpu - b.facts.vcpu || a.flavor.id.localeCompare(b.flavor.id));
    let candidates = offered.filter((entry) => entry.facts.category === wanted);
    let fellBack = false;
    if (candidates.length === 0) {
      if (wanted === 'gpu') continue;
      candidates = offered.filter((entry) => entry.facts.category === 'general');
      if (candidates.length === 0) candidates = offered;
      fellBack = wanted !== 'general';
    }
    const chosen = wanted === 'gpu' ? candidates[0] : (candidates.find((entry) => entry.facts.vcpu >= minimumVcpu) ?? candidates.at(-1));
    if (!chosen) continue;
    const count = Math.min(Math.max(needs.expectedNodes, minimumNodes(needs)), tier.maxNodes ?? Number.POSITIVE_INFINITY);
    const reason = `${flavorReason(needs, tier, chosen.facts, region, fellBack)} ${countReason(needs, count)}`;
    return { flavor: chosen.flavor, facts: chosen.facts, region, count, reason };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Add-ons

interface AddonWish {
  category: string;
  reason: string;
}

function addonWishes(questionnaire: SuggestionsQuestionnaire, production: boolean): AddonWish[] {
  const { workload, dataSensitivity } = questionnaire;
  const certification = DATA_SENSITIVITY_CERTIFICATIONS[dataSensitivity];
  const sensitive = dataSensitivity === 'health' || dataSensitivity === 'regulated';
  const wishes: AddonWish[] = [];
  if (workload === 'ai') {
    wishes.push({ category: 'gpu', reason: 'Installs the NVIDIA drivers, device plugin and GPU metrics that GPU nodes need to run your models.' });
  }
  if (production) {
    wishes.push({ category: 'monitoring', reason: 'Metrics, dashboards and alerts tell you when production needs attention, before your users do.' });
    wishes.push({ category: 'backup', reason: 'Daily backups of resources and volumes let you restore production after a mistake or an incident.' });
  }
  if (workload === 'database') {
    wishes.push({ category: 'backup', reason: 'Daily backups of persistent volumes protect the data your databases keep.' });
  }
  if (sensitive) {
    wishes.push({
      category: 'policy',
      reason: `Enforces the Pod Security Standards and CIS baselines on every deployment: evidence that ${certification} audits ask for.`,
    });
    wishes.push({ category: 'certificates', reason: `Encrypts traffic to your services with TLS certificates renewed automatically; ${SENSITIVITY_NOUNS[dataSensitivity]} must be encrypted in transit.` });
    if (production) wishes.push({ category: 'logging', reason: 'Keeps 30 days of cluster and application logs: the audit trail of who did what.' });
  }
  if (dataSensitivity === 'regulated') {
    wishes.push({ category: 'security', reason: 'Detects suspicious behaviour in running containers and raises alerts, the intrusion detection regulated workloads need.' });
    wishes.push({ category: 'secrets', reason: 'Keeps secrets in your vault rather than in cluster manifests, with access you can audit.' });
  }
  if (dataSensitivity === 'personal') {
    wishes.push({ category: 'certificates', reason: 'Encrypts traffic to your services with TLS certificates renewed automatically; GDPR expects personal data protected in transit.' });
  }
  if (workload === 'web') {
    wishes.push({ category: 'ingress', reason: 'Routes HTTPS traffic from the load balancer to your services.' });
    wishes.push({ category: 'certificates', reason: 'Issues and renews the TLS certificates of your sites and APIs automatically.' });
  }
  if (workload === 'batch') {
    wishes.push({ category: 'autoscaling', reason: 'Scales jobs on queue length or a schedule, down to zero when there is nothing to process.' });
  }
  if (workload === 'devtest') {
    wishes.push({ category: 'gitops', reason: 'Deploys test and preview environments from Git, the same way every time.' });
  }
  return wishes;
}

/**
 * The add-ons wished for, each the first of its category (catalogue order) that the tier and the
 * Kubernetes version can run, whose requirements can run too, and that conflicts with nothing
 * chosen; requirements come first, explained by what requires them.
 */
function chooseAddons(questionnaire: SuggestionsQuestionnaire, production: boolean, tier: PriceBookTier, catalogue: Indexed): Array<{ addon: PriceBookAddon; reason: string }> {
  const version = catalogue.kubernetesVersion;
  const chosen: Array<{ addon: PriceBookAddon; reason: string }> = [];
  const has = (id: string) => chosen.some((entry) => entry.addon.id === id);
  const conflicts = (addon: PriceBookAddon) =>
    chosen.some((entry) => addon.conflicts.includes(entry.addon.id) || entry.addon.conflicts.includes(addon.id));
  const runs = (addon: PriceBookAddon) => addon.tierIds.includes(tier.id) && supportsVersion(addon, version);

  /** The add-on and what it requires, dependencies first; null when one of them cannot run here. */
  const withRequirements = (addon: PriceBookAddon, path: readonly string[] = []): PriceBookAddon[] | null => {
    if (path.includes(addon.id) || !runs(addon)) return null;
    const result: PriceBookAddon[] = [];
    for (const id of addon.requires) {
      const required = catalogue.addons.get(id);
      const resolved = required ? withRequirements(required, [...path, addon.id]) : null;
      if (!resolved) return null;
      for (const entry of resolved) if (!result.includes(entry)) result.push(entry);
    }
    result.push(addon);
    return result;
  };

  for (const wish of addonWishes(questionnaire, production)) {
    const inCategory = catalogue.priceBook.addons.filter((addon) => catalogue.addonCategories.get(addon.id) === wish.category);
    if (inCategory.some((addon) => has(addon.id))) continue;
    for (const addon of inCategory) {
      const install = withRequirements(addon)?.filter((entry) => !has(entry.id));
      if (!install || install.some(conflicts)) continue;
      for (const entry of install) {
        chosen.push({ addon: entry, reason: entry === addon ? wish.reason : `Required by the ${addon.name} add-on.` });
      }
      break;
    }
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Ranking

interface Indexed {
  priceBook: PriceBook;
  kubernetesVersion: string;
  flavors: Map<string, PriceBookFlavor>;
  flavorFacts: Map<string, SuggestionFlavorFacts>;
  addons: Map<string, PriceBookAddon>;
  addonCategories: Map<string, string>;
  tierFacts: Map<string, SuggestionTierFacts>;
  regions: readonly SuggestionRegion[];
}

function indexCatalogue(catalogue: SuggestionCatalogue): Indexed {
  return {
    priceBook: catalogue.priceBook,
    kubernetesVersion: catalogue.kubernetesVersion,
    flavors: new Map(catalogue.priceBook.flavors.map((flavor) => [flavor.id, flavor])),
    flavorFacts: new Map(catalogue.flavors.map((flavor) => [flavor.id, flavor])),
    addons: new Map(catalogue.priceBook.addons.map((addon) => [addon.id, addon])),
    addonCategories: new Map(catalogue.addons.map((addon) => [addon.id, addon.category])),
    tierFacts: new Map(catalogue.tiers.map((tier) => [tier.id, tier])),
    regions: catalogue.regions,
  };
}

interface Candidate {
  order: number;
  fit: number;
  suggestion: Omit<Suggestion, 'rank'>;
}

/** The answers that decide a tier's requirements. */
function needsOf(questionnaire: SuggestionsQuestionnaire): Needs {
  const targetBasisPoints = AVAILABILITY_SLA_BASIS_POINTS[questionnaire.availability];
  const production = questionnaire.environments.includes('production');
  return {
    workload: questionnaire.workload,
    production,
    highAvailability: production && targetBasisPoints !== null && targetBasisPoints >= 9_990,
    targetBasisPoints,
    expectedNodes: questionnaire.expectedNodes,
  };
}

/** How well a tier's purpose suits the answers: 3 for the workload's first tier type, 0 for none. */
function fitScore(questionnaire: SuggestionsQuestionnaire, type: ClusterType): number {
  const position = WORKLOAD_TIER_TYPES[questionnaire.workload].indexOf(type);
  let score = position === -1 ? 0 : 3 - position;
  const sensitive = questionnaire.dataSensitivity === 'health' || questionnaire.dataSensitivity === 'regulated';
  if (sensitive && type === 'red') score += 1;
  return score;
}

const CUSTOMER = { countryCode: 'FR', vatNumber: null, isBusiness: false, hasPurchased: false } as const;

/**
 * Ranks the tiers on sale for the questionnaire's answers. Every tier is either suggested (at most
 * three, best first) or listed as excluded with each reason it cannot be, or is not, suggested.
 * Prices are the engine's, for `now`, without promotion and excluding VAT.
 */
export function rankTiers(questionnaire: SuggestionsQuestionnaire, source: SuggestionCatalogue, now: number): SuggestionsResult {
  const catalogue = indexCatalogue(source);
  const needs = needsOf(questionnaire);
  const target = needs.targetBasisPoints;
  const certification = DATA_SENSITIVITY_CERTIFICATIONS[questionnaire.dataSensitivity];
  const noun = SENSITIVITY_NOUNS[questionnaire.dataSensitivity];
  const preferred = questionnaire.regionId ? (catalogue.regions.find((region) => region.id === questionnaire.regionId) ?? null) : null;
  const budgetCents = questionnaire.monthlyBudgetEur ? questionnaire.monthlyBudgetEur * 100 : null;

  const candidates: Candidate[] = [];
  const excluded: SuggestionsResult['excluded'] = [];

  catalogue.priceBook.tiers.forEach((tier, order) => {
    const facts = catalogue.tierFacts.get(tier.id) ?? { id: tier.id, purpose: '', slaBasisPoints: null };
    const reasons: string[] = [];
    const sla = facts.slaBasisPoints;

    if (target !== null) {
      if (sla === null) reasons.push(`It comes without an availability SLA, and you need ${percentLabel(target)}.`);
      else if (sla < target) reasons.push(`Its ${percentLabel(sla)} SLA is below your ${percentLabel(target)} target.`);
    }
    if (tier.maxNodes !== null && tier.maxNodes < needs.expectedNodes) {
      reasons.push(`It runs at most ${plural(tier.maxNodes, 'node')}, and you expect ${needs.expectedNodes}.`);
    }
    if (needs.highAvailability && tier.haControlPlane.mode === 'unavailable') {
      reasons.push(`Its control plane is not highly available, which production at ${percentLabel(target ?? 0)} needs.`);
    }
    const hasGpu = tier.flavorIds.some((id) => catalogue.flavorFacts.get(id)?.category === 'gpu' && catalogue.flavors.has(id));
    if (needs.workload === 'ai' && !hasGpu) reasons.push('It offers no GPU nodes, which AI/ML workloads need.');

    // Regions: open ones the tier is sold in, the one asked for, certified for the data.
    const open = catalogue.regions.filter((region) => tier.regionIds.includes(region.id) && region.status !== 'planned');
    let regions = open;
    if (open.length === 0) {
      reasons.push('It is not offered in any open region yet.');
    } else if (preferred) {
      regions = open.filter((region) => region.id === preferred.id);
      if (regions.length === 0) reasons.push(`It is not offered in ${preferred.name}.`);
    }
    if (certification && regions.length > 0) {
      const certified = regions.filter((region) => region.certifications.includes(certification));
      if (certified.length === 0) {
        reasons.push(
          preferred
            ? `${preferred.name} is not ${certification}-certified, which ${noun} requires.`
            : `None of its regions is ${certification}-certified, which ${noun} requires.`,
        );
      }
      regions = certified;
    }

    const nodes = reasons.length === 0 ? chooseNodes(needs, tier, regions, catalogue) : null;
    if (reasons.length === 0 && !nodes) {
      const where = list(regions.map((region) => region.city));
      reasons.push(needs.workload === 'ai' ? `Its GPU nodes are not available in ${where}.` : `It offers no node flavour in ${where}.`);
    }
    if (reasons.length > 0 || !nodes) {
      excluded.push({ tierId: tier.id, tierName: tier.name, reasons });
      return;
    }

    const highAvailability = tier.haControlPlane.mode === 'included' || (needs.highAvailability && tier.haControlPlane.mode === 'optional');
    const addons = chooseAddons(questionnaire, needs.production, tier, catalogue);
    const line: ClusterLineInput = {
      kind: 'cluster',
      tierId: tier.id,
      regionId: nodes.region.id,
      kubernetesVersion: catalogue.kubernetesVersion,
      highAvailability,
      nodePools: [{ name: POOL_NAME, flavorId: nodes.flavor.id, count: nodes.count, autoscale: null }],
      addonIds: addons.map((entry) => entry.addon.id),
    };
    let monthly: Quote;
    let yearly: Quote;
    try {
      monthly = quote([line], { cycle: 'monthly', now, customer: CUSTOMER }, catalogue.priceBook);
      yearly = quote([line], { cycle: 'yearly', now, customer: CUSTOMER }, catalogue.priceBook);
    } catch (error) {
      // The choices above follow the engine's rules; a catalogue it still refuses is explained, not hidden.
      if (!isQuoteError(error)) throw error;
      excluded.push({ tierId: tier.id, tierName: tier.name, reasons: [error.message] });
      return;
    }

    // The engine prices add-ons last, in the order given.
    const addonComponents = (result: Quote) => result.lines[0]?.components.slice(-addons.length) ?? [];
    const monthlyAddons = addons.length > 0 ? addonComponents(monthly) : [];
    const yearlyAddons = addons.length > 0 ? addonComponents(yearly) : [];
    const suggestedAddons: SuggestedAddon[] = addons.map((entry, index) => ({
      id: entry.addon.id,
      name: entry.addon.name,
      category: catalogue.addonCategories.get(entry.addon.id) ?? '',
      reason: entry.reason,
      monthlyPriceCents: monthlyAddons[index]?.amountCents ?? 0,
      yearlyPriceCents: yearlyAddons[index]?.amountCents ?? 0,
    }));

    const type = clusterTypeFromTierName(tier.name);
    const fit = fitScore(questionnaire, type);
    const why: string[] = [];
    if (fit > 0 && facts.purpose) why.push(`Built for: ${facts.purpose}.`);
    if (target !== null && sla !== null) why.push(`Its ${percentLabel(sla)} SLA meets your ${percentLabel(target)} availability target.`);
    else if (sla !== null) why.push(`It comes with a ${percentLabel(sla)} control-plane SLA.`);
    else why.push('No SLA, which best-effort workloads do without.');
    if (tier.haControlPlane.mode === 'included') why.push('Its control plane is highly available across zones, included in the price.');
    else if (highAvailability) why.push(`The optional highly available control plane is added, as production at ${percentLabel(target ?? 0)} needs.`);
    if (certification) why.push(`Hosted in ${nodes.region.name}, ${certification}-certified for ${noun}.`);
    else if (questionnaire.dataSensitivity === 'personal') why.push(`Hosted in ${nodes.region.name}, in the EU under the GDPR.`);
    else why.push(`Hosted in ${nodes.region.name}.`);
    if (tier.maxNodes !== null && tier.maxNodes > nodes.count) why.push(`Room to grow to ${plural(tier.maxNodes, 'node')}.`);
    if (fit === 0) why.push('Not built for this kind of workload, but it meets every requirement you gave.');

    const monthlyCents = monthly.subtotalCents;
    const budget =
      budgetCents === null
        ? null
        : monthlyCents > budgetCents
          ? { withinBudget: false, message: `Over your budget of ${euros(budgetCents)} by ${euros(monthlyCents - budgetCents)} a month.` }
          : { withinBudget: true, message: `Within your budget of ${euros(budgetCents)} a month.` };

    candidates.push({
      order,
      fit,
      suggestion: {
        tier: { id: tier.id, name: tier.name, purpose: facts.purpose, slaBasisPoints: sla },
        reasons: why,
        region: { id: nodes.region.id, name: nodes.region.name, city: nodes.region.city, certifications: [...nodes.region.certifications] },
        kubernetesVersion: catalogue.kubernetesVersion,
        highAvailability,
        nodes: { flavorId: nodes.flavor.id, flavorName: nodes.flavor.name, count: nodes.count, reason: nodes.reason },
        addons: suggestedAddons,
        price: { monthlyCents, yearlyCents: yearly.subtotalCents },
        budget,
        configuration: {
          tierId: line.tierId,
          regionId: line.regionId,
          kubernetesVersion: line.kubernetesVersion,
          highAvailability: line.highAvailability,
          nodePools: line.nodePools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count })),
          addonIds: [...line.addonIds],
        },
      },
    });
  });

  // Within budget first, then the best fit, then the least expensive, then catalogue order.
  const ranked = [...candidates].sort(
    (a, b) =>
      Number(a.suggestion.budget?.withinBudget === false) - Number(b.suggestion.budget?.withinBudget === false) ||
      b.fit - a.fit ||
      a.suggestion.price.monthlyCents - b.suggestion.price.monthlyCents ||
      a.order - b.order,
  );
  const shown = ranked.slice(0, MAX_SUGGESTIONS);
  const cheapest = Math.min(...shown.map((candidate) => candidate.suggestion.price.monthlyCents));
  const suggestions: Suggestion[] = shown.map((candidate, index) => ({
    rank: index + 1,
    ...candidate.suggestion,
    reasons:
      shown.length > 1 && candidate.suggestion.price.monthlyCents === cheapest
        ? [...candidate.suggestion.reasons, 'The least expensive of these suggestions.']
        : candidate.suggestion.reasons,
  }));
  for (const candidate of ranked.slice(MAX_SUGGESTIONS)) {
    excluded.push({
      tierId: candidate.suggestion.tier.id,
      tierName: candidate.suggestion.tier.name,
      reasons: [`It would run your workload too, for ${euros(candidate.suggestion.price.monthlyCents)} a month, but the suggestions above match your answers better.`],
    });
  }
  const position = new Map(catalogue.priceBook.tiers.map((tier, index) => [tier.id, index]));
  excluded.sort((a, b) => (position.get(a.tierId) ?? 0) - (position.get(b.tierId) ?? 0));
  return { suggestions, excluded };
}
