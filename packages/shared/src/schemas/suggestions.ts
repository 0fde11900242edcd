import { z } from 'zod';
import { keysOf } from '../objects';

/**
 * Smart suggestions (`suggestions.rank`, POST /api/suggestions): a short questionnaire about the
 * workload, answered with the cluster tiers that can run it, ranked, each with a node flavour, the
 * add-ons it needs, the reason for each choice and its price. The questionnaire form and the
 * procedure share these schemas, so the form shows the server's own messages.
 */

export const WORKLOAD_LABELS = {
  web: 'Web and API services',
  batch: 'Batch and data processing',
  ai: 'AI/ML training or inference',
  database: 'Databases and stateful services',
  devtest: 'Development, testing and CI',
  other: 'Something else',
};
export const WORKLOAD_KINDS = keysOf(WORKLOAD_LABELS);
export type WorkloadKind = keyof typeof WORKLOAD_LABELS;

export const DEPLOYMENT_ENVIRONMENT_LABELS = {
  production: 'Production',
  staging: 'Staging',
  development: 'Development',
};
export const DEPLOYMENT_ENVIRONMENTS = keysOf(DEPLOYMENT_ENVIRONMENT_LABELS);
export type DeploymentEnvironment = keyof typeof DEPLOYMENT_ENVIRONMENT_LABELS;

export const DATA_SENSITIVITY_LABELS = {
  public: 'Public or non-sensitive data',
  personal: 'Personal data (GDPR)',
  health: 'Health data (HDS)',
  regulated: 'Regulated or classified data (SecNumCloud)',
};
export const DATA_SENSITIVITIES = keysOf(DATA_SENSITIVITY_LABELS);
export type DataSensitivity = keyof typeof DATA_SENSITIVITY_LABELS;

/** The region certification a kind of data must be hosted under; null: any EU region will do. */
export const DATA_SENSITIVITY_CERTIFICATIONS: Record<DataSensitivity, string | null> = {
  public: null,
  personal: null,
  health: 'HDS',
  regulated: 'SecNumCloud',
};

export const AVAILABILITY_TARGETS = ['best-effort', '99.5', '99.9', '99.95'] as const;
export type AvailabilityTarget = (typeof AVAILABILITY_TARGETS)[number];

/** Each target as the SLA basis points tiers store (9995 = 99.95 %); null: no SLA needed. */
export const AVAILABILITY_SLA_BASIS_POINTS: Record<AvailabilityTarget, number | null> = {
  'best-effort': null,
  '99.5': 9_950,
  '99.9': 9_990,
  '99.95': 9_995,
};

/** Downtime a month allows at each target (a month of 30.44 days). */
export const AVAILABILITY_LABELS: Record<AvailabilityTarget, string> = {
  'best-effort': 'Best effort, no SLA needed',
  '99.5': '99.5 % (up to 3.6 hours of downtime a month)',
  '99.9': '99.9 % (up to 44 minutes a month)',
  '99.95': '99.95 % (up to 22 minutes a month)',
};

export const SUGGESTION_MAX_NODES = 500;
export const SUGGESTION_MAX_BUDGET_EUR = 10_000_000;

function choices(labels: Record<string, string>): string {
  const values = Object.values(labels);
  return `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

export const suggestionsInputSchema = z.object({
  workload: z.enum(WORKLOAD_KINDS, { error: `Choose the kind of workload: ${choices(WORKLOAD_LABELS)}.` }),
  environments: z
    .array(z.enum(DEPLOYMENT_ENVIRONMENTS, { error: 'Environments are production, staging or development.' }), {
      error: 'Choose at least one environment.',
    })
    .min(1, 'Choose at least one environment.')
    // Each once, in one order whatever the order chosen in, so equal answers give equal suggestions.
    .transform((chosen) => DEPLOYMENT_ENVIRONMENTS.filter((environment) => chosen.includes(environment))),
  expectedNodes: z
    .number({ error: `Enter how many nodes you expect, from 1 to ${SUGGESTION_MAX_NODES}.` })
    .int('The number of nodes is a whole number.')
    .min(1, 'Expect at least 1 node.')
    .max(SUGGESTION_MAX_NODES, `Suggestions go up to ${SUGGESTION_MAX_NODES} nodes; for more, ask us for a custom solution.`),
  dataSensitivity: z.enum(DATA_SENSITIVITIES, { error: `Choose the kind of data: ${choices(DATA_SENSITIVITY_LABELS)}.` }),
  availability: z.enum(AVAILABILITY_TARGETS, { error: 'Choose an availability target: best effort, 99.5 %, 99.9 % or 99.95 %.' }),
  monthlyBudgetEur: z
    .number({ error: 'The monthly budget is a number of euros.' })
    .int('Give the monthly budget in whole euros.')
    .min(1, 'The monthly budget is at least €1; leave it empty for no budget.')
    .max(SUGGESTION_MAX_BUDGET_EUR, `The monthly budget is at most €${SUGGESTION_MAX_BUDGET_EUR.toLocaleString('en-GB')}.`)
    .nullish()
    .describe('Excluding VAT; suggestions above it are flagged.'),
  regionId: z
    .string({ error: 'The region is a region code such as fr-par-1.' })
    .trim()
    .max(64, 'Region codes are at most 64 characters.')
    .nullish()
    .transform((value) => (value ? value : null))
    .describe('Only suggest clusters in this region (GET /api/catalog/regions); empty: any region.'),
});

export type SuggestionsInput = z.input<typeof suggestionsInputSchema>;
export type SuggestionsQuestionnaire = z.output<typeof suggestionsInputSchema>;

// ---------------------------------------------------------------------------------------------
// The answer

const cents = (description: string) => z.number().int().describe(description);

const suggestedAddonSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  reason: z.string().describe('Why it is suggested, in a sentence.'),
  monthlyPriceCents: cents('Per month, EUR cents excluding VAT.'),
  yearlyPriceCents: cents('Per year, EUR cents excluding VAT.'),
});

const suggestionSchema = z.object({
  rank: z.number().int().describe('1 is the best match.'),
  tier: z.object({
    id: z.string(),
    name: z.string(),
    purpose: z.string(),
    slaBasisPoints: z.number().int().nullable().describe('9995 = 99.95 %; null: no SLA.'),
  }),
  reasons: z.array(z.string()).describe('Why this tier, one sentence each.'),
  region: z.object({ id: z.string(), name: z.string(), city: z.string(), certifications: z.array(z.string()) }),
  kubernetesVersion: z.string().describe('The version new clusters get by default.'),
  highAvailability: z.boolean().describe('A highly available control plane, included or added.'),
  nodes: z.object({
    flavorId: z.string(),
    flavorName: z.string(),
    count: z.number().int(),
    reason: z.string(),
  }),
  addons: z.array(suggestedAddonSchema).describe('Add-ons in install order: each after those it requires.'),
  price: z.object({
    monthlyCents: cents('Billed monthly: EUR cents excluding VAT, without promotion, as POST /api/quotes prices it.'),
    yearlyCents: cents('Billed yearly: EUR cents excluding VAT, without promotion.'),
  }),
  budget: z
    .object({ withinBudget: z.boolean(), message: z.string().describe('e.g. "Over your budget of €2,000.00 by €349.00 a month."') })
    .nullable()
    .describe('null without a budget.'),
  configuration: z
    .object({
      tierId: z.string(),
      regionId: z.string(),
      kubernetesVersion: z.string(),
      highAvailability: z.boolean(),
      nodePools: z.array(z.object({ name: z.string(), flavorId: z.string(), count: z.number().int() })),
      addonIds: z.array(z.string()),
    })
    .describe('The cluster as a cluster line of POST /api/quotes (kind "cluster").'),
});

const excludedTierSchema = z.object({
  tierId: z.string(),
  tierName: z.string(),
  reasons: z.array(z.string()).describe('Why it is not suggested, one sentence each.'),
});

export const suggestionsResultSchema = z.object({
  suggestions: z.array(suggestionSchema).describe('At most three, best first.'),
  excluded: z.array(excludedTierSchema).describe('Every other tier on sale, in catalogue order, with the reasons.'),
});

export type SuggestionsResult = z.output<typeof suggestionsResultSchema>;
export type Suggestion = SuggestionsResult['suggestions'][number];
export type SuggestedAddon = Suggestion['addons'][number];
export type ExcludedTier = SuggestionsResult['excluded'][number];
