import {
  ADDON_CATEGORIES,
  CATALOGUE_CHANGE_KINDS,
  CATALOGUE_CHANGE_STATUSES,
  HA_CONTROL_PLANE_OPTIONS,
  KUBERNETES_VERSION_CLASSIFICATIONS,
  MIDDLEWARE_CATEGORIES,
  NODE_FLAVOR_CATEGORIES,
  ORDER_KINDS,
  PRICED_ITEM_KINDS,
  PROMOTION_KINDS,
  SUPPORT_CHANNELS,
  SUPPORT_HOURS,
  SUPPORT_PRICING_KINDS,
} from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

/**
 * Inputs and outputs of staff catalogue editing. Create inputs carry every field (optional ones
 * default in the service); update inputs are the same fields, all optional, merged over the
 * stored item and checked again as a whole, so create and update share one set of rules.
 */

/** 10 million euros: far above any catalogue price, far below 2^53. */
export const MAX_CENTS = 1_000_000_000;
/** Year 2200 in UTC epoch ms: dates beyond it are typing mistakes. */
const MAX_TIMESTAMP = 7_258_118_400_000;

const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** The id of a new item: a lower-case slug, as the seeded ids (`addon_monitoring`, `gp-4-16`). */
const newSlug = (label: string, example: string) =>
  z
    .string({ error: `${label} id is required.` })
    .trim()
    .min(2, `${label} id must be at least 2 characters.`)
    .max(64, `${label} id must be at most 64 characters.`)
    .regex(SLUG, `${label} id must be a lower-case slug: letters a-z and digits, with single - or _ between them (e.g. ${example}).`);

export const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of euro cents.` })
    .int(`${label} must be a whole number of euro cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_CENTS, `${label} must be at most ${MAX_CENTS} cents.`)
    .describe('EUR cents.');

const basisPoints = (label: string, min = 0) =>
  z
    .number({ error: `${label} must be a number of basis points.` })
    .int(`${label} must be a whole number of basis points (100 = 1 %).`)
    .min(min, `${label} must be at least ${min} basis points.`)
    .max(10_000, `${label} must be at most 10000 basis points (100 %).`);

const timestamp = (label: string) =>
  z
    .number({ error: `${label} must be a date (UTC epoch milliseconds).` })
    .int(`${label} must be a date (UTC epoch milliseconds).`)
    .min(0, `${label} must be a date (UTC epoch milliseconds).`)
    .max(MAX_TIMESTAMP, `${label} is too far in the future.`);

/** Ids of other catalogue items (or regions); whether they exist is the service's question. */
const idList = (label: string, max = 100) =>
  z
    .array(z.string({ error: `${label} ids must be text.` }).trim().min(1, `${label} ids cannot be empty.`).max(64, `${label} ids are at most 64 characters.`), {
      error: `${label} ids must be a list.`,
    })
    .max(max, `At most ${max} ${label.toLowerCase()} ids.`)
    .transform((ids) => [...new Set(ids)]);

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });

const sortOrder = whole('Sort order', 0, 100_000).describe('Position in lists; new items go last when left out.');

const kubernetesMinor = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(/^\d{1,3}\.\d{1,3}$/, `${label} must be a Kubernetes minor version such as 1.37.`);

/**
 * When a price change applies (UTC epoch ms). Left out: at once. A later date leaves the current
 * list price in place until then; more than a minute in the past is refused.
 */
const priceEffectiveFrom = timestamp('Price change date').optional().describe('When the price change applies (UTC epoch ms); at once when left out. Never in the past.');

export const scheduledPriceSchema = z.object({
  itemKind: z.enum(PRICED_ITEM_KINDS),
  effectiveFrom: z.number().int(),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int().nullable(),
  hourlyPriceMillicents: z.number().int().nullable(),
  percentOfSpendBasisPoints: z.number().int().nullable(),
});

const listed = {
  archivedAt: z.number().int().nullable().describe('When it was archived; null while on offer.'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
};

const inUse = z
  .number()
  .int()
  .nullable()
  .describe('Clusters using it now; null where nothing records its use yet (orders keep their own amounts, not catalogue ids).');

const scheduledPrices = z.array(scheduledPriceSchema).describe('Price changes dated later than now, soonest first. Prices above are those in effect now.');

// ---------------------------------------------------------------------------------------------
// Cluster tiers

const tierFields = {
  name: text('Name', 80),
  description: text('Description', 1000),
  purpose: text('Purpose', 200),
  nodes: whole('Baseline node count', 1, 1000),
  vcpuPerNode: whole('vCPU per node', 1, 1024),
  memoryGbPerNode: whole('Memory per node (GB)', 1, 65_536),
  storageGbPerNode: whole('Storage per node (GB)', 1, 1_000_000),
  monthlyPriceCents: cents('Monthly price'),
  yearlyPriceCents: cents('Yearly price'),
  slaBasisPoints: basisPoints('SLA', 1).nullable().optional().describe('Control-plane availability, 9995 = 99.95 %; null: no SLA.'),
  haControlPlane: choice('High-availability control plane', HA_CONTROL_PLANE_OPTIONS),
  haMonthlyPriceCents: cents('HA control plane monthly price').nullable().optional(),
  haYearlyPriceCents: cents('HA control plane yearly price').nullable().optional(),
  maxNodes: whole('Maximum nodes', 1, 10_000),
  maxPools: whole('Maximum node pools', 1, 1_000),
  allowedFlavorIds: idList('Node flavour'),
  allowedRegionIds: idList('Region'),
  sortOrder: sortOrder.optional(),
};

export const tierCreateInput = z.object({ id: newSlug('Tier', 'tier_premium'), ...tierFields });
export const tierUpdateInput = z.object({ ...tierFields, sortOrder }).partial().extend({ id: idParam('Tier'), priceEffectiveFrom });

export const tierSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  purpose: z.string(),
  nodes: z.number().int(),
  vcpuPerNode: z.number().int(),
  memoryGbPerNode: z.number().int(),
  storageGbPerNode: z.number().int(),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int(),
  slaBasisPoints: z.number().int().nullable(),
  haControlPlane: z.enum(HA_CONTROL_PLANE_OPTIONS),
  haMonthlyPriceCents: z.number().int().nullable(),
  haYearlyPriceCents: z.number().int().nullable(),
  maxNodes: z.number().int(),
  maxPools: z.number().int(),
  allowedFlavorIds: z.array(z.string()),
  allowedRegionIds: z.array(z.string()),
  sortOrder: z.number().int(),
  active: z.boolean().describe('Listed to customers; false once archived.'),
  inUse,
  scheduledPrices,
  ...listed,
});

// ---------------------------------------------------------------------------------------------
// Node flavours

const flavorFields = {
  name: text('Name', 80),
  category: choice('Category', NODE_FLAVOR_CATEGORIES),
  vcpu: whole('vCPU', 1, 1024),
  memoryGb: whole('Memory (GB)', 1, 65_536),
  gpuModel: text('GPU model', 80).nullable().optional(),
  gpuCount: whole('GPU count', 0, 64).optional(),
  gpuMemoryGb: whole('GPU memory (GB)', 1, 4096).nullable().optional(),
  localDiskGb: whole('Local disk (GB)', 0, 1_000_000),
  monthlyPriceCents: cents('Monthly price'),
  hourlyPriceMillicents: z
    .number({ error: 'Hourly price must be a number of thousandths of a cent.' })
    .int('Hourly price must be a whole number of thousandths of a cent.')
    .min(0, 'Hourly price cannot be negative.')
    .max(MAX_CENTS, `Hourly price must be at most ${MAX_CENTS} thousandths of a cent.`)
    .optional()
    .describe('Thousandths of a EUR cent per node-hour; derived from the monthly price (730 hours) when left out.'),
  regionIds: idList('Region'),
  sortOrder: sortOrder.optional(),
};

export const flavorCreateInput = z.object({ id: newSlug('Node flavour', 'gp-32-128'), ...flavorFields });
export const flavorUpdateInput = z.object({ ...flavorFields, sortOrder }).partial().extend({ id: idParam('Node flavour'), priceEffectiveFrom });

export const flavorSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(NODE_FLAVOR_CATEGORIES),
  vcpu: z.number().int(),
  memoryGb: z.number().int(),
  gpuModel: z.string().nullable(),
  gpuCount: z.number().int(),
  gpuMemoryGb: z.number().int().nullable(),
  localDiskGb: z.number().int(),
  hourlyPriceMillicents: z.number().int(),
  monthlyPriceCents: z.number().int(),
  regionIds: z.array(z.string()),
  sortOrder: z.number().int(),
  offeredByTierIds: z.array(z.string()).describe('Tiers on offer that list this flavour.'),
  inUse,
  scheduledPrices,
  ...listed,
});

// ---------------------------------------------------------------------------------------------
// Kubernetes versions

const versionFields = {
  patch: whole('Patch', 0, 1000),
  classification: choice('Classification', KUBERNETES_VERSION_CLASSIFICATIONS),
  endOfSupportAt: timestamp('End of support').nullable().optional(),
  isDefault: z.boolean({ error: 'Default must be true or false.' }).optional().describe('Preselected for new clusters; setting it moves the default from the previous version.'),
  sortOrder: sortOrder.optional(),
};

export const versionCreateInput = z.object({ version: kubernetesMinor('Version'), ...versionFields });
export const versionUpdateInput = z.object({ ...versionFields, sortOrder }).partial().extend({ version: idParam('Kubernetes version') });

export const versionSchema = z.object({
  version: z.string(),
  patch: z.number().int(),
  classification: z.enum(KUBERNETES_VERSION_CLASSIFICATIONS),
  endOfSupportAt: z.number().int().nullable(),
  isDefault: z.boolean(),
  sortOrder: z.number().int(),
  inUse,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Add-ons

const addonFields = {
  name: text('Name', 80),
  category: choice('Category', ADDON_CATEGORIES),
  description: text('Description', 1000),
  version: text('Version', 40),
  monthlyPriceCents: cents('Monthly price'),
  yearlyPriceCents: cents('Yearly price').nullable().optional().describe('EUR cents; null: the yearly cycle costs 12 months.'),
  compatibleTierIds: idList('Tier'),
  minKubernetesVersion: kubernetesMinor('Minimum Kubernetes version').nullable().optional(),
  maxKubernetesVersion: kubernetesMinor('Maximum Kubernetes version').nullable().optional(),
  requires: idList('Required add-on').optional(),
  conflicts: idList('Conflicting add-on').optional(),
  sortOrder: sortOrder.optional(),
};

export const addonCreateInput = z.object({ id: newSlug('Add-on', 'addon_velero'), ...addonFields });
export const addonUpdateInput = z.object({ ...addonFields, sortOrder }).partial().extend({ id: idParam('Add-on'), priceEffectiveFrom });

export const addonSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(ADDON_CATEGORIES),
  description: z.string(),
  version: z.string(),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int().nullable(),
  compatibleTierIds: z.array(z.string()),
  minKubernetesVersion: z.string().nullable(),
  maxKubernetesVersion: z.string().nullable(),
  requires: z.array(z.string()),
  conflicts: z.array(z.string()),
  sortOrder: z.number().int(),
  requiredBy: z.array(z.string()).describe('Add-ons on offer that require this one.'),
  inUse,
  scheduledPrices,
  ...listed,
});

// ---------------------------------------------------------------------------------------------
// Middlewares and their plans

const middlewareFields = {
  name: text('Name', 80),
  engine: z
    .string({ error: 'Engine is required.' })
    .trim()
    .min(1, 'Engine is required.')
    .max(40, 'Engine must be at most 40 characters.')
    .regex(SLUG, 'Engine must be a lower-case name such as postgresql or s3.'),
  category: choice('Category', MIDDLEWARE_CATEGORIES),
  description: text('Description', 1000),
  versions: z
    .array(
      z
        .string({ error: 'Versions must be text.' })
        .trim()
        .regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, 'Each version is up to 20 letters, digits, dots or dashes, e.g. 18 or 8.4.'),
      { error: 'Versions must be a list.' },
    )
    .max(20, 'At most 20 versions.')
    .transform((versions) => [...new Set(versions)])
    .describe('Major versions offered, newest first; the first is preselected. Empty for versionless services.'),
  regionIds: idList('Region'),
  sortOrder: sortOrder.optional(),
};

export const middlewareCreateInput = z.object({ id: newSlug('Middleware', 'mw_clickhouse'), ...middlewareFields });
export const middlewareUpdateInput = z.object({ ...middlewareFields, sortOrder }).partial().extend({ id: idParam('Middleware') });

export const middlewareSchema = z.object({
  id: z.string(),
  name: z.string(),
  engine: z.string(),
  category: z.enum(MIDDLEWARE_CATEGORIES),
  description: z.string(),
  versions: z.array(z.string()),
  regionIds: z.array(z.string()),
  sortOrder: z.number().int(),
  planCount: z.number().int().describe('Plans on offer.'),
  inUse,
  ...listed,
});

const planFields = {
  name: text('Name', 80),
  nodes: whole('Machines', 1, 100).nullable().optional().describe('Machines (replicas or brokers); null for services not sized in machines, like object storage.'),
  vcpu: whole('vCPU per machine', 1, 1024).nullable().optional(),
  memoryGb: whole('Memory per machine (GB)', 1, 65_536).nullable().optional(),
  storageGb: whole('Storage (GB)', 1, 10_000_000),
  highAvailability: z.boolean({ error: 'High availability must be true or false.' }),
  monthlyPriceCents: cents('Monthly price'),
  yearlyPriceCents: cents('Yearly price').nullable().optional(),
  sortOrder: sortOrder.optional(),
};

export const planCreateInput = z.object({ id: newSlug('Plan', 'mwp_postgresql_large'), middlewareId: idParam('Middleware'), ...planFields });
export const planUpdateInput = z.object({ ...planFields, sortOrder }).partial().extend({ id: idParam('Plan'), priceEffectiveFrom });

export const planSchema = z.object({
  id: z.string(),
  middlewareId: z.string(),
  name: z.string(),
  nodes: z.number().int().nullable(),
  vcpu: z.number().int().nullable(),
  memoryGb: z.number().int().nullable(),
  storageGb: z.number().int(),
  highAvailability: z.boolean(),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int().nullable(),
  sortOrder: z.number().int(),
  inUse,
  scheduledPrices,
  ...listed,
});

export const planListInput = z
  .object({ middlewareId: idParam('Middleware').optional().describe('Only the plans of this middleware.') })
  .optional();

// ---------------------------------------------------------------------------------------------
// Support plans

const responseMinutes = (severity: string) =>
  whole(`${severity} response target (minutes)`, 1, 43_200).nullable().optional().describe(`First response to a ${severity} ticket, minutes within the plan's hours; null: no target.`);

const supportFields = {
  name: text('Name', 80),
  description: text('Description', 1000),
  p1ResponseMinutes: responseMinutes('P1'),
  p2ResponseMinutes: responseMinutes('P2'),
  p3ResponseMinutes: responseMinutes('P3'),
  p4ResponseMinutes: responseMinutes('P4'),
  channels: z
    .array(choice('Channel', SUPPORT_CHANNELS), { error: 'Channels must be a list.' })
    .min(1, 'Choose at least one support channel.')
    .max(SUPPORT_CHANNELS.length)
    .transform((channels) => SUPPORT_CHANNELS.filter((channel) => channels.includes(channel))),
  hours: choice('Hours', SUPPORT_HOURS),
  namedEngineer: z.boolean({ error: 'Named engineer must be true or false.' }).optional(),
  pricingKind: choice('Pricing', SUPPORT_PRICING_KINDS),
  monthlyPriceCents: cents('Monthly price').nullable().optional().describe("A fixed plan's price; null for a share of spend."),
  percentOfSpendBasisPoints: basisPoints('Share of spend', 1).nullable().optional().describe("A share-of-spend plan's share, 700 = 7 %."),
  minimumMonthlyCents: cents('Monthly minimum').nullable().optional().describe("A share-of-spend plan's floor."),
  sortOrder: sortOrder.optional(),
};

export const supportCreateInput = z.object({ id: newSlug('Support plan', 'support_premium'), ...supportFields });
export const supportUpdateInput = z.object({ ...supportFields, sortOrder }).partial().extend({ id: idParam('Support plan'), priceEffectiveFrom });

export const supportSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  p1ResponseMinutes: z.number().int().nullable(),
  p2ResponseMinutes: z.number().int().nullable(),
  p3ResponseMinutes: z.number().int().nullable(),
  p4ResponseMinutes: z.number().int().nullable(),
  channels: z.array(z.enum(SUPPORT_CHANNELS)),
  hours: z.enum(SUPPORT_HOURS),
  namedEngineer: z.boolean(),
  pricingKind: z.enum(SUPPORT_PRICING_KINDS),
  monthlyPriceCents: z.number().int().nullable(),
  percentOfSpendBasisPoints: z.number().int().nullable(),
  minimumMonthlyCents: z.number().int().nullable(),
  sortOrder: z.number().int(),
  inUse,
  scheduledPrices,
  ...listed,
});

// ---------------------------------------------------------------------------------------------
// Promotions

const promotionCode = z
  .string({ error: 'Code is required.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,32}$/, 'Code must be 3 to 32 letters A-Z or digits, e.g. PARIS or SPRING2027.');

const redemptionLimit = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number of orders.`)
    .min(1, `${label} must be at least 1, or empty for no limit.`)
    .max(1_000_000, `${label} must be at most 1000000.`)
    .nullable()
    .optional();

const promotionFields = {
  description: text('Description', 500),
  kind: choice('Kind', PROMOTION_KINDS),
  value: z
    .number({ error: 'Value must be a number.' })
    .int('Value must be a whole number: basis points for a percentage (500 = 5 %), cents for an amount.')
    .min(1, 'Value must be at least 1.')
    .max(MAX_CENTS, `Value must be at most ${MAX_CENTS}.`)
    .describe('Basis points for a percentage (500 = 5 %, at most 10000), EUR cents for an amount.'),
  validFrom: timestamp('Start').optional().describe('UTC epoch ms; now when left out.'),
  validUntil: timestamp('End').nullable().optional().describe('UTC epoch ms, exclusive; null: open-ended.'),
  firstPurchaseOnly: z.boolean({ error: 'First purchase only must be true or false.' }).optional(),
  minimumSubtotalCents: cents('Minimum subtotal').optional(),
  appliesTo: z
    .array(choice('Order kind', ORDER_KINDS), { error: 'Applies to must be a list of order kinds.' })
    .min(1, 'Choose at least one kind of order, or leave it empty for every kind.')
    .max(ORDER_KINDS.length)
    .transform((kinds) => ORDER_KINDS.filter((kind) => kinds.includes(kind)))
    .nullable()
    .optional()
    .describe('Order kinds the discount applies to; null: every kind.'),
  featured: z.boolean({ error: 'Featured must be true or false.' }).optional().describe('Announced by the promotional banner; setting it takes the banner from the previous one.'),
  maxRedemptions: redemptionLimit('Redemption limit').describe('Orders that may use the code, every organisation together (paid or being paid); null: no limit.'),
  maxRedemptionsPerOrganization: redemptionLimit('Redemption limit per organisation').describe('Orders of one organisation that may use the code; null: no limit.'),
};

export const promotionCreateInput = z.object({ code: promotionCode, ...promotionFields });
export const promotionUpdateInput = z.object({ ...promotionFields, validFrom: timestamp('Start') }).partial().extend({ code: idParam('Promotion') });

export const promotionSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int(),
  validFrom: z.number().int(),
  validUntil: z.number().int().nullable(),
  firstPurchaseOnly: z.boolean(),
  minimumSubtotalCents: z.number().int(),
  appliesTo: z.array(z.enum(ORDER_KINDS)).nullable(),
  featured: z.boolean(),
  maxRedemptions: z.number().int().nullable(),
  maxRedemptionsPerOrganization: z.number().int().nullable(),
  redemptions: z.number().int().describe('Orders holding the code now (paid or being paid).'),
  inUse,
  ...listed,
});

// ---------------------------------------------------------------------------------------------
// Catalogue changes under four eyes (ADR 27)

/** The catalogue calls a change request may carry (./change-requests.ts CHANGES, checked by its test). */
export const CHANGE_REQUEST_PROCEDURES = [
  'catalogAdmin.clusterTiers.update',
  'catalogAdmin.nodeFlavors.update',
  'catalogAdmin.addons.update',
  'catalogAdmin.middlewarePlans.update',
  'catalogAdmin.supportPlans.update',
  'catalogAdmin.promotions.create',
  'catalogAdmin.promotions.update',
  'catalogAdmin.promotions.restore',
] as const;

export const changeRequestCreateInput = z.object({
  procedure: choice('Procedure', CHANGE_REQUEST_PROCEDURES).describe('The catalogue call that answered 412 because the change needs a second administrator.'),
  input: z.record(z.string(), z.unknown(), { error: 'Input must be the object sent to that call.' }).describe('The input sent to that call, unchanged.'),
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(3, 'Say why in at least 3 characters: the approving administrator reads it.')
    .max(500, 'A reason is at most 500 characters.'),
});

export const changeRequestDecideInput = z.object({
  id: idParam('Change request'),
  reason: z.string().trim().min(3, 'A reason is at least 3 characters.').max(300, 'A reason is at most 300 characters.').optional().describe('Required to refuse; optional to approve.'),
});

export const changeRequestListInput = z.object({ status: z.enum(CATALOGUE_CHANGE_STATUSES).optional() });

export const changeRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(CATALOGUE_CHANGE_KINDS),
  procedure: z.string(),
  subject: z.string().describe('What is changed: `promotion:PARIS`, `addon:addon_backup`.'),
  input: z.record(z.string(), z.unknown()),
  summary: z.string().describe('What the change does.'),
  limitReason: z.string().describe('Why one person may not make it alone.'),
  reason: z.string().describe("The requester's reason."),
  requestedBy: z.string(),
  requesterName: z.string().nullable(),
  status: z.enum(CATALOGUE_CHANGE_STATUSES),
  decidedBy: z.string().nullable(),
  deciderName: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.number().int(),
});
