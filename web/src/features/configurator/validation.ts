import { billingInputSchema, clusterOrderLineSchema, isQuoteError, labelKeySchema, labelValueSchema, NOT_EU_ONLY_REASON, quote } from '@kubemarket/shared';
import type { QuoteErrorCode } from '@kubemarket/shared';
import { buildPriceBook } from '../catalog';
import type { Catalog } from '../catalog';
import { draftCustomer, draftQuoteLines, draftTier, draftToOrderLine, regionZones } from './draft';
import type { ClusterDraft } from './draft';
import { billingPath, locateLineField, orderBilling } from './order-input';
import { STEP_IDS } from './steps';
import type { StepId } from './steps';

/** Draft path (as the form names its fields, e.g. "pools.1.name") → message. */
export type DraftErrors = Record<string, string>;

type ErrorsByStep = Record<StepId, DraftErrors>;

/** What the organisation allows itself (its region policy); none known yet: nothing refused. */
export interface DraftPolicy {
  euOnlyRegions: boolean;
}

function noErrors(): ErrorsByStep {
  return Object.fromEntries(STEP_IDS.map((step) => [step, {}])) as ErrorsByStep;
}

/** Where each refusal of the pricing engine is corrected. */
const ENGINE_FIELDS: Partial<Record<QuoteErrorCode, { step: StepId; path: string }>> = {
  unknown_tier: { step: 'tier', path: 'tierId' },
  region_not_offered: { step: 'location', path: 'regionId' },
  ha_unavailable: { step: 'network', path: 'highAvailability' },
  no_node_pools: { step: 'pools', path: 'pools' },
  too_many_pools: { step: 'pools', path: 'pools' },
  too_many_nodes: { step: 'pools', path: 'pools' },
  invalid_pool_name: { step: 'pools', path: 'pools' },
  duplicate_pool_name: { step: 'pools', path: 'pools' },
  unknown_flavor: { step: 'pools', path: 'pools' },
  flavor_not_offered: { step: 'pools', path: 'pools' },
  invalid_count: { step: 'pools', path: 'pools' },
  invalid_autoscale: { step: 'pools', path: 'pools' },
  unknown_addon: { step: 'addons', path: 'addonIds' },
  duplicate_addon: { step: 'addons', path: 'addonIds' },
  addon_incompatible: { step: 'addons', path: 'addonIds' },
  addon_requires: { step: 'addons', path: 'addonIds' },
  addon_conflict: { step: 'addons', path: 'addonIds' },
};

/**
 * Every problem of a draft, by step: the server's schema of a cluster order line (its messages), the
 * catalogue's rules through the pricing engine (its messages), and the choices a step needs.
 */
export function draftProblems(draft: ClusterDraft, catalog: Catalog | undefined, policy?: DraftPolicy): ErrorsByStep {
  const problems = noErrors();
  const add = (step: StepId, path: string, message: string) => {
    problems[step][path] ??= message;
  };

  if (draft.tierId === null) {
    add('tier', 'tierId', 'Choose a cluster tier to continue.');
    return problems;
  }
  if (catalog && !draftTier(catalog, draft)) add('tier', 'tierId', 'This tier is no longer on sale: choose another one.');
  if (draft.regionId === '') add('location', 'regionId', 'Choose a region.');
  // A region chosen before the organisation restricted itself to EU-only regions (a kept draft):
  // refused here, as the server would refuse the order.
  else if (policy?.euOnlyRegions && catalog?.regions.some((region) => region.id === draft.regionId && !region.euOnlyAccess)) add('location', 'regionId', NOT_EU_ONLY_REASON);
  if (catalog && regionZones(catalog, draft.regionId).length > 0 && draft.zones.length === 0) add('location', 'zones', 'Choose at least one zone for your nodes.');
  if (draft.kubernetesVersion === '') add('version', 'kubernetesVersion', 'Choose a Kubernetes version.');

  // The server's rules for the order line, field by field.
  const parsed = clusterOrderLineSchema.safeParse(draftToOrderLine({ ...draft, tierId: draft.tierId }));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      // Labels are checked row by row below, where each message can sit next to its own field.
      if (path[0] === 'nodePools' && path[2] === 'labels' && path.length > 3) continue;
      const located = locateLineField(path, draft);
      if (located) add(located.step, located.path, issue.message);
    }
  }
  draft.pools.forEach((pool, index) => {
    const seen = new Set<string>();
    pool.labels.forEach((label, row) => {
      const path = `pools.${index}.labels.${row}`;
      const key = labelKeySchema.safeParse(label.key);
      if (!key.success) add('pools', `${path}.key`, key.error.issues[0]?.message ?? 'This key is not valid.');
      else if (seen.has(key.data)) add('pools', `${path}.key`, `The key "${key.data}" is used twice in this pool; give each label its own key.`);
      else seen.add(key.data);
      const value = labelValueSchema.safeParse(label.value);
      if (!value.success) add('pools', `${path}.value`, value.error.issues[0]?.message ?? 'This value is not valid.');
    });
  });

  // Who is billed, as the server checks it.
  const billing = billingInputSchema.safeParse(orderBilling(draft));
  if (!billing.success) {
    for (const issue of billing.error.issues) add('review', billingPath(issue.path[0]?.toString()), issue.message);
  }

  // The catalogue's rules (tier limits, flavours, add-on requirements), as the price panel applies them.
  if (catalog) {
    try {
      quote(draftQuoteLines(draft), { cycle: 'monthly', now: Date.now(), promotionCode: null, customer: draftCustomer(draft) }, buildPriceBook(catalog));
    } catch (error) {
      const located = isQuoteError(error) ? ENGINE_FIELDS[error.code] : undefined;
      // A step whose fields already say what is wrong (a count of −3 under its field) does not
      // repeat it in the engine's words above them.
      if (located && isQuoteError(error) && Object.keys(problems[located.step]).length === 0) add(located.step, located.path, error.message);
    }
  }
  return problems;
}

/** The problems of one step, for its form. */
export function validateStep(step: StepId, draft: ClusterDraft, catalog: Catalog | undefined, policy?: DraftPolicy): DraftErrors {
  return draftProblems(draft, catalog, policy)[step];
}

/** The first step with a problem, and its problems; null when the draft can be ordered. */
export function firstInvalidStep(draft: ClusterDraft, catalog: Catalog, policy?: DraftPolicy): { step: StepId; errors: DraftErrors } | null {
  const problems = draftProblems(draft, catalog, policy);
  const step = STEP_IDS.find((candidate) => Object.keys(problems[candidate]).length > 0);
  return step ? { step, errors: problems[step] } : null;
}
