import {
  ADDON_CATEGORIES,
  DATA_CENTER_STATUSES,
  HA_CONTROL_PLANE_OPTIONS,
  KUBERNETES_VERSION_CLASSIFICATIONS,
  MIDDLEWARE_CATEGORIES,
  NODE_FLAVOR_CATEGORIES,
  PROMOTION_KINDS,
  SUPPORT_CHANNELS,
  SUPPORT_HOURS,
} from '@kubemarket/db';
import { powerFactorSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { checkedOnce } from '../../platform/isolate-cache';
import { publicProcedure, router } from '../../trpc';
import * as catalog from './service';

const TAGS: ['Catalogue'] = ['Catalogue'];

const cents = (description: string) => z.number().int().describe(description);
const ids = (description: string) => z.array(z.string()).describe(description);

const clusterTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nodes: z.number().int().describe('Nodes the tier price includes.'),
  vcpu: z.number().int().describe('vCPU per node.'),
  memoryGb: z.number().int().describe('Memory per node, GB.'),
  storageGb: z.number().int().describe('Storage per node, GB.'),
  monthlyPriceCents: cents('EUR cents per month, in effect today.'),
  yearlyPriceCents: cents('EUR cents per year, in effect today.'),
  purpose: z.string().describe('The workloads the tier is built for.'),
  slaBasisPoints: z.number().int().nullable().describe('Monthly control-plane availability promised, in basis points (9995 = 99.95 %); null: no SLA.'),
  haControlPlane: z.object({
    mode: z.enum(HA_CONTROL_PLANE_OPTIONS).describe('included in the price, optional at a price, or unavailable.'),
    monthlyPriceCents: cents('Price of the optional HA control plane per month; null unless optional.').nullable(),
    yearlyPriceCents: cents('Price of the optional HA control plane per year; null unless optional.').nullable(),
  }),
  maxNodes: z.number().int().describe('Most nodes over all pools (autoscaling pools count at their maximum).'),
  maxPools: z.number().int().describe('Most node pools.'),
  flavorIds: ids('Node flavours the tier offers (GET /api/catalog/flavors).'),
  regionIds: ids('Regions the tier can be placed in (GET /api/catalog/regions).'),
  startingPrice: z
    .object({
      monthlyCents: cents('The default cluster billed monthly, per month, nodes and control plane included, excl. VAT.'),
      yearlyCents: cents('The default cluster billed yearly, per year, excl. VAT.'),
      nodes: z.number().int().describe('Nodes of the default cluster.'),
      flavorId: z.string().describe('Their node flavour.'),
      regionId: z.string().describe('Its region.'),
    })
    .nullable()
    .describe("What the tier's default cluster (the one the configurator opens on) costs, priced as an order is; null when the tier has no flavour or region on sale."),
});

/** Who runs a region, under which law, and the figures of its carbon footprint (issue 34, ADR 39). */
const sovereigntyFields = {
  operator: z.string().describe('The company that operates the data centre.'),
  jurisdiction: z.string().describe('The law the site and its operator are under, e.g. "French law".'),
  euOnlyAccess: z.boolean().describe('Only people in the EU (support and operations included) can reach customer data there.'),
  pueMilli: z.number().int().describe("The data centre's power usage effectiveness in thousandths (1580 = PUE 1.58)."),
  gridGramsPerKwh: z.number().int().describe("The grid's carbon intensity, g CO₂e per kWh."),
  gridSource: z.string().describe('Where the grid intensity comes from.'),
  gridYear: z.number().int().describe('The year the grid intensity describes.'),
};

/** What /data-centers and /regions both say of a region (service.ts's regionView). */
const regionViewSchema = z.object({
  id: z.string().describe('Region code, e.g. fr-par-1.'),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  countryCode: z.string().describe('ISO 3166-1 alpha-2.'),
  certifications: z.array(z.string()).describe('Certifications of the site, e.g. ISO 27001, HDS, SecNumCloud.'),
  status: z.enum(DATA_CENTER_STATUSES),
  ...sovereigntyFields,
});

const dataCenterSchema = regionViewSchema.extend({ openedYear: z.number().int() });

const regionSchema = regionViewSchema.extend({ zones: ids('Availability zones, e.g. fr-par-1a.') });

const kubernetesVersionSchema = z.object({
  version: z.string().describe('Minor version, e.g. 1.37.'),
  patch: z.number().int().describe('Latest patch shipped: 1 for 1.37.1.'),
  classification: z.enum(KUBERNETES_VERSION_CLASSIFICATIONS),
  endOfSupportAt: z.number().int().nullable().describe('End of support, UTC epoch ms; null while not announced.'),
  isDefault: z.boolean().describe('Preselected for new clusters.'),
});

const flavorSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(NODE_FLAVOR_CATEGORIES),
  vcpu: z.number().int(),
  memoryGb: z.number().int(),
  gpu: z
    .object({ model: z.string(), count: z.number().int(), memoryGb: z.number().int().nullable().describe('Memory per card, GB.') })
    .nullable()
    .describe('null without GPU.'),
  localDiskGb: z.number().int(),
  hourlyPriceMillicents: z.number().int().describe('One node-hour in thousandths of a EUR cent (3973 = €0.03973).'),
  monthlyPriceCents: cents('One node for a whole month, EUR cents.'),
  yearlyPriceCents: cents('One node for a year, EUR cents (12 months unless the flavour has a yearly price).'),
  regionIds: ids('Regions where the flavour can be ordered.'),
  tierIds: ids('Tiers that offer the flavour.'),
});

const addonSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(ADDON_CATEGORIES),
  description: z.string(),
  version: z.string().describe('Upstream version installed.'),
  monthlyPriceCents: cents('Per cluster per month, EUR cents; 0 when included.'),
  yearlyPriceCents: cents('Per cluster per year, EUR cents.'),
  tierIds: ids('Tiers whose clusters can run it.'),
  minKubernetesVersion: z.string().nullable().describe('Oldest Kubernetes minor supported; null: no bound.'),
  maxKubernetesVersion: z.string().nullable().describe('Newest Kubernetes minor supported; null: no bound.'),
  requires: ids('Add-ons that must run on the same cluster.'),
  conflicts: ids('Add-ons that cannot run on the same cluster.'),
});

const middlewarePlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  nodes: z.number().int().nullable().describe('Machines (replicas or brokers); null for services not sized in machines.'),
  vcpu: z.number().int().nullable().describe('vCPU per machine.'),
  memoryGb: z.number().int().nullable().describe('Memory per machine, GB.'),
  storageGb: z.number().int().describe('Storage per machine, or the quota of object storage, GB.'),
  highAvailability: z.boolean(),
  monthlyPriceCents: cents('EUR cents per month.'),
  yearlyPriceCents: cents('EUR cents per year.'),
});

const middlewareSchema = z.object({
  id: z.string(),
  name: z.string(),
  engine: z.string().describe('The software, e.g. postgresql, valkey, s3.'),
  category: z.enum(MIDDLEWARE_CATEGORIES),
  description: z.string(),
  versions: z.array(z.string()).describe('Major versions offered, newest first; empty for versionless services.'),
  regionIds: ids('Regions where the service can be ordered.'),
  plans: z.array(middlewarePlanSchema),
});

const responseTarget = z.number().int().nullable();

const supportPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  responseMinutes: z
    .object({ p1: responseTarget, p2: responseTarget, p3: responseTarget, p4: responseTarget })
    .describe('First-response targets per severity in minutes, counted within the plan hours; null: no target.'),
  channels: z.array(z.enum(SUPPORT_CHANNELS)),
  hours: z.enum(SUPPORT_HOURS).describe('business: Monday to Friday, 08:00 to 18:00 Paris time, excluding French public holidays.'),
  namedEngineer: z.boolean(),
  pricing: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed'), monthlyPriceCents: cents('EUR cents per month.'), yearlyPriceCents: cents('EUR cents per year.') }),
    z.object({
      kind: z.literal('share'),
      percentOfSpendBasisPoints: z.number().int().describe('Share of the monthly spend, basis points (700 = 7 %).'),
      minimumMonthlyCents: cents('Monthly minimum, EUR cents.'),
    }),
  ]),
});

const promotionSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int().describe('percent: basis points (500 = 5 %); amount: EUR cents.'),
  validUntil: z.number().int().nullable().describe('UTC epoch ms at which the code stops working; null: open-ended.'),
  firstPurchaseOnly: z.boolean(),
});

const idFilter = (what: string) =>
  z.string().trim().max(64, `${what} ids are at most 64 characters.`).optional().describe(`Only items for this ${what.toLowerCase()} id.`);
const categoryFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Choose one of ${values.join(', ')}.` }).optional();
const searchFilter = z.string().trim().max(100, 'Search for at most 100 characters.').optional().describe('Words to find in the name or description.');

export const catalogRouter = router({
  clusterTiers: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/cluster-tiers', summary: 'Cluster tiers on sale', tags: TAGS } })
    // Served from the isolate's catalogue cache: each cached answer is checked once (ADR 44).
    .output(checkedOnce(z.array(clusterTierSchema)))
    .query(({ ctx }) => catalog.listClusterTiers(ctx.db, ctx.ports.clock.now(), ctx.ports.catalogue)),

  clusterTier: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/cluster-tiers/{id}', summary: 'One cluster tier', tags: TAGS } })
    .input(z.object({ id: z.string().trim().min(1, 'Tier id is required').max(64) }))
    .output(checkedOnce(clusterTierSchema))
    .query(({ ctx, input }) => catalog.getClusterTier(ctx.db, input.id, ctx.ports.clock.now(), ctx.ports.catalogue)),

  dataCenters: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/data-centers', summary: 'Regions, including planned ones', tags: TAGS } })
    .output(z.array(dataCenterSchema))
    .query(({ ctx }) => catalog.listDataCenters(ctx.db)),

  regions: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/regions', summary: 'Regions with their zones, certifications, operator, law and carbon figures', tags: TAGS } })
    .output(z.array(regionSchema))
    .query(({ ctx }) => catalog.listRegions(ctx.db)),

  powerFactors: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/power-factors', summary: "The carbon model's power factors (W per vCPU, per GB, per GPU card) with their sources", tags: TAGS } })
    .output(z.array(powerFactorSchema))
    .query(({ ctx }) => catalog.listPowerFactors(ctx.db)),

  kubernetesVersions: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/kubernetes-versions', summary: 'Kubernetes versions for new clusters, newest first', tags: TAGS } })
    .output(z.array(kubernetesVersionSchema))
    .query(({ ctx }) => catalog.listKubernetesVersions(ctx.db)),

  flavors: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/flavors', summary: 'Node flavours with their prices, tiers and regions', tags: TAGS } })
    .input(z.object({ tierId: idFilter('Tier'), regionId: idFilter('Region'), category: categoryFilter(NODE_FLAVOR_CATEGORIES) }).default({}))
    .output(z.array(flavorSchema))
    .query(({ ctx, input }) => catalog.listFlavors(ctx.db, ctx.ports.clock.now(), input)),

  addons: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/addons', summary: 'Cluster add-ons with prices, compatibility, requirements and conflicts', tags: TAGS } })
    .input(z.object({ tierId: idFilter('Tier'), category: categoryFilter(ADDON_CATEGORIES), q: searchFilter }).default({}))
    .output(z.array(addonSchema))
    .query(({ ctx, input }) => catalog.listAddons(ctx.db, ctx.ports.clock.now(), input)),

  middlewares: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/middlewares', summary: 'Managed data services (middlewares) and their plans', tags: TAGS } })
    .input(z.object({ category: categoryFilter(MIDDLEWARE_CATEGORIES), q: searchFilter }).default({}))
    .output(z.array(middlewareSchema))
    .query(({ ctx, input }) => catalog.listMiddlewares(ctx.db, ctx.ports.clock.now(), input)),

  supportPlans: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/support-plans', summary: 'Support plans: response targets, channels, hours and price', tags: TAGS } })
    .output(z.array(supportPlanSchema))
    .query(({ ctx }) => catalog.listSupportPlans(ctx.db, ctx.ports.clock.now())),

  featuredPromotion: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/catalog/promotions/featured', summary: 'The promotion the site banner announces, or null', tags: TAGS } })
    .output(promotionSchema.nullable())
    .query(({ ctx }) => catalog.featuredPromotion(ctx.db, ctx.ports.clock.now())),
});
