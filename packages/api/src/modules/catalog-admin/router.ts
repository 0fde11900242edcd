import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { adminProcedure, officerProcedure, router, type HttpMethod, type Meta, type RestMeta } from '../../trpc';
import * as changeRequests from './change-requests';
import {
  addonCreateInput,
  addonSchema,
  addonUpdateInput,
  changeRequestCreateInput,
  changeRequestDecideInput,
  changeRequestListInput,
  changeRequestSchema,
  flavorCreateInput,
  flavorSchema,
  flavorUpdateInput,
  middlewareCreateInput,
  middlewareSchema,
  middlewareUpdateInput,
  planCreateInput,
  planListInput,
  planSchema,
  planUpdateInput,
  promotionCreateInput,
  promotionSchema,
  promotionUpdateInput,
  supportCreateInput,
  supportSchema,
  supportUpdateInput,
  tierCreateInput,
  tierSchema,
  tierUpdateInput,
  versionCreateInput,
  versionSchema,
  versionUpdateInput,
} from './schemas';
import * as catalogAdmin from './service';

const TAGS: ['Catalogue administration'] = ['Catalogue administration'];

/**
 * Staff catalogue editing stays in the console: closed to API tokens. A change may need a second
 * administrator (412, four-eyes.ts); `extra` marks a creation (201) or a call to Gardener (502).
 */
const rest = (method: HttpMethod, path: `/${string}`, summary: string, extra: Pick<RestMeta, 'successStatus' | 'errors'> = {}): Meta => ({
  rest: { method, path: `/api/admin/catalog${path}`, summary, tags: TAGS, sessionOnly: true, ...(method === 'GET' ? {} : { errors: ['precondition_failed'] }), ...extra },
});

const CREATED = { successStatus: 201 } as const;

const byId = (label: string) => z.object({ id: idParam(label) });

const versionSyncSchema = z.object({
  added: z.array(z.string()).describe('Minor versions added to the catalogue, e.g. "1.39".'),
  updated: z.array(z.string()).describe('Minor versions whose patch, classification or end of support changed.'),
  unchanged: z.number().int().describe('Minor versions offered by Gardener that the catalogue already matched.'),
  machineTypesMissing: z.array(z.string()).describe('Node flavours with no machine type of that name in the CloudProfile (flavours are never changed).'),
});

const flavorSyncSchema = z.object({
  updated: z.array(z.string()).describe("Node flavours whose vCPU, memory or GPU count changed to their machine type's."),
  unchanged: z.number().int().describe('Node flavours that already matched their machine type.'),
  missing: z.array(z.string()).describe('Node flavours with no usable machine type of that name: Gardener cannot build them.'),
  archived: z.array(z.string()).describe('Missing flavours archived by this sync (with archiveMissing).'),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })).describe('Flavours the sync left as they were, and why.'),
  notSold: z
    .array(z.object({ name: z.string(), cpu: z.number(), memoryGb: z.number(), gpu: z.number() }))
    .describe('Usable machine types the catalogue has no flavour for: price them and add them as flavours to sell them.'),
});

export const catalogAdminRouter = router({
  clusterTiers: router({
    list: officerProcedure
      .meta(rest('GET', '/cluster-tiers', 'Cluster tiers, archived ones included, with the clusters using each'))
      .output(z.array(tierSchema))
      .query(({ ctx }) => catalogAdmin.listTiers(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/cluster-tiers', 'Create a cluster tier', CREATED))
      .input(tierCreateInput)
      .output(tierSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createTier(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/cluster-tiers/{id}', 'Edit a cluster tier; a price change applies from a date and never alters an order'))
      .input(tierUpdateInput)
      .output(tierSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateTier(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/cluster-tiers/{id}/archive', 'Take a cluster tier off sale (its clusters keep it)'))
      .input(byId('Tier'))
      .output(tierSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archiveTier(ctx, input.id)),
    restore: officerProcedure
      .meta(rest('POST', '/cluster-tiers/{id}/restore', 'Put an archived cluster tier back on sale'))
      .input(byId('Tier'))
      .output(tierSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restoreTier(ctx, input.id)),
  }),

  nodeFlavors: router({
    list: officerProcedure
      .meta(rest('GET', '/node-flavors', 'Node flavours, archived ones included, with the tiers offering each'))
      .output(z.array(flavorSchema))
      .query(({ ctx }) => catalogAdmin.listFlavors(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/node-flavors', 'Create a node flavour', CREATED))
      .input(flavorCreateInput)
      .output(flavorSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createFlavor(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/node-flavors/{id}', 'Edit a node flavour; a price change applies from a date and never alters an order'))
      .input(flavorUpdateInput)
      .output(flavorSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateFlavor(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/node-flavors/{id}/archive', 'Take a node flavour off sale'))
      .input(byId('Node flavour'))
      .output(flavorSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archiveFlavor(ctx, input.id)),
    restore: officerProcedure
      .meta(rest('POST', '/node-flavors/{id}/restore', 'Put an archived node flavour back on sale'))
      .input(byId('Node flavour'))
      .output(flavorSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restoreFlavor(ctx, input.id)),
  }),

  kubernetesVersions: router({
    list: officerProcedure
      .meta(rest('GET', '/kubernetes-versions', 'Kubernetes versions, with the clusters running each'))
      .output(z.array(versionSchema))
      .query(({ ctx }) => catalogAdmin.listVersions(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/kubernetes-versions', 'Add a Kubernetes version', CREATED))
      .input(versionCreateInput)
      .output(versionSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createVersion(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/kubernetes-versions/{version}', 'Edit a Kubernetes version; making it the default moves the default'))
      .input(versionUpdateInput)
      .output(versionSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateVersion(ctx, input)),
  }),

  syncKubernetesVersionsFromGardener: officerProcedure
    .meta(
      rest(
        'POST',
        '/kubernetes-versions/sync',
        "Sync Kubernetes versions from Gardener's CloudProfile: adds and updates minors (never deletes) and lists node flavours it has no machine type for",
        { errors: ['bad_gateway'] },
      ),
    )
    .output(versionSyncSchema)
    .mutation(({ ctx }) => catalogAdmin.syncVersionsFromGardener(ctx)),

  syncNodeFlavorsFromGardener: officerProcedure
    .meta(
      rest(
        'POST',
        '/node-flavors/sync',
        "Sync node flavours with the machine types of Gardener's CloudProfile: sizes follow the machine types (prices stay yours); flavours Gardener cannot build are listed, and archived with archiveMissing",
        { errors: ['bad_gateway'] },
      ),
    )
    .input(z.object({ archiveMissing: z.boolean({ error: 'archiveMissing is true or false.' }).default(false) }).default({ archiveMissing: false }))
    .output(flavorSyncSchema)
    .mutation(({ ctx, input }) => catalogAdmin.syncFlavorsFromGardener(ctx, input)),

  addons: router({
    list: officerProcedure
      .meta(rest('GET', '/addons', 'Add-ons, archived ones included'))
      .output(z.array(addonSchema))
      .query(({ ctx }) => catalogAdmin.listAddons(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/addons', 'Create an add-on', CREATED))
      .input(addonCreateInput)
      .output(addonSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createAddon(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/addons/{id}', 'Edit an add-on; a price change applies from a date and never alters an order'))
      .input(addonUpdateInput)
      .output(addonSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateAddon(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/addons/{id}/archive', 'Take an add-on off sale'))
      .input(byId('Add-on'))
      .output(addonSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archiveAddon(ctx, input.id)),
    restore: officerProcedure
      .meta(rest('POST', '/addons/{id}/restore', 'Put an archived add-on back on sale'))
      .input(byId('Add-on'))
      .output(addonSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restoreAddon(ctx, input.id)),
  }),

  middlewares: router({
    list: officerProcedure
      .meta(rest('GET', '/middlewares', 'Middlewares, archived ones included'))
      .output(z.array(middlewareSchema))
      .query(({ ctx }) => catalogAdmin.listMiddlewares(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/middlewares', 'Create a middleware (then its plans)', CREATED))
      .input(middlewareCreateInput)
      .output(middlewareSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createMiddleware(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/middlewares/{id}', 'Edit a middleware'))
      .input(middlewareUpdateInput)
      .output(middlewareSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateMiddleware(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/middlewares/{id}/archive', 'Take a middleware and its plans off sale'))
      .input(byId('Middleware'))
      .output(middlewareSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archiveMiddleware(ctx, input.id)),
    restore: officerProcedure
      .meta(rest('POST', '/middlewares/{id}/restore', 'Put an archived middleware back on sale'))
      .input(byId('Middleware'))
      .output(middlewareSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restoreMiddleware(ctx, input.id)),
  }),

  middlewarePlans: router({
    list: officerProcedure
      .meta(rest('GET', '/middleware-plans', 'Middleware plans, archived ones included'))
      .input(planListInput)
      .output(z.array(planSchema))
      .query(({ ctx, input }) => catalogAdmin.listPlans(ctx, input?.middlewareId)),
    create: officerProcedure
      .meta(rest('POST', '/middleware-plans', 'Create a plan of a middleware', CREATED))
      .input(planCreateInput)
      .output(planSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createPlan(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/middleware-plans/{id}', 'Edit a middleware plan; a price change applies from a date and never alters an order'))
      .input(planUpdateInput)
      .output(planSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updatePlan(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/middleware-plans/{id}/archive', 'Take a middleware plan off sale'))
      .input(byId('Plan'))
      .output(planSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archivePlan(ctx, input.id)),
    restore: officerProcedure
      .meta(rest('POST', '/middleware-plans/{id}/restore', 'Put an archived middleware plan back on sale'))
      .input(byId('Plan'))
      .output(planSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restorePlan(ctx, input.id)),
  }),

  supportPlans: router({
    list: officerProcedure
      .meta(rest('GET', '/support-plans', 'Support plans, archived ones included'))
      .output(z.array(supportSchema))
      .query(({ ctx }) => catalogAdmin.listSupportPlans(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/support-plans', 'Create a support plan', CREATED))
      .input(supportCreateInput)
      .output(supportSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createSupportPlan(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/support-plans/{id}', 'Edit a support plan; a price change applies from a date and never alters an order'))
      .input(supportUpdateInput)
      .output(supportSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateSupportPlan(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/support-plans/{id}/archive', 'Take a support plan off sale'))
      .input(byId('Support plan'))
      .output(supportSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archiveSupportPlan(ctx, input.id)),
    restore: officerProcedure
      .meta(rest('POST', '/support-plans/{id}/restore', 'Put an archived support plan back on sale'))
      .input(byId('Support plan'))
      .output(supportSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restoreSupportPlan(ctx, input.id)),
  }),

  promotions: router({
    list: officerProcedure
      .meta(rest('GET', '/promotions', 'Promotion codes, archived ones included'))
      .output(z.array(promotionSchema))
      .query(({ ctx }) => catalogAdmin.listPromotions(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/promotions', 'Create a promotion code', CREATED))
      .input(promotionCreateInput)
      .output(promotionSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createPromotion(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/promotions/{code}', 'Edit a promotion; featuring it moves the banner to it'))
      .input(promotionUpdateInput)
      .output(promotionSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updatePromotion(ctx, input)),
    archive: officerProcedure
      .meta(rest('POST', '/promotions/{code}/archive', 'Withdraw a promotion code'))
      .input(z.object({ code: idParam('Promotion') }))
      .output(promotionSchema)
      .mutation(({ ctx, input }) => catalogAdmin.archivePromotion(ctx, input.code)),
    restore: officerProcedure
      .meta(rest('POST', '/promotions/{code}/restore', 'Bring back a withdrawn promotion code'))
      .input(z.object({ code: idParam('Promotion') }))
      .output(promotionSchema)
      .mutation(({ ctx, input }) => catalogAdmin.restorePromotion(ctx, input.code)),
  }),

  /** Four eyes (ADR 27): a change a catalogue call refused with 412 waits here for another administrator. */
  changeRequests: router({
    list: officerProcedure
      .meta(rest('GET', '/change-requests', 'Catalogue changes awaiting a second administrator, and the decided ones'))
      .input(changeRequestListInput)
      .output(z.array(changeRequestSchema))
      .query(({ ctx, input }) => changeRequests.listChangeRequests(ctx, input)),
    create: officerProcedure
      .meta(rest('POST', '/change-requests', 'Send a catalogue change that needs a second administrator (the call answered 412) for approval, with a reason'))
      .input(changeRequestCreateInput)
      .output(changeRequestSchema)
      .mutation(({ ctx, input }) => changeRequests.requestChange(ctx, input)),
    approve: adminProcedure
      .meta(rest('POST', '/change-requests/{id}/approve', "Approve another staff member's catalogue change: it is made once, audited with both names"))
      .input(changeRequestDecideInput)
      .output(changeRequestSchema)
      .mutation(({ ctx, input }) => changeRequests.approveChange(ctx, input)),
    reject: adminProcedure
      .meta(rest('POST', '/change-requests/{id}/reject', "Refuse another staff member's catalogue change, with a reason"))
      .input(changeRequestDecideInput)
      .output(changeRequestSchema)
      .mutation(({ ctx, input }) => changeRequests.rejectChange(ctx, input)),
  }),
});
