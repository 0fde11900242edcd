import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { adminProcedure, officerProcedure, router, type HttpMethod, type Meta, type RestMeta } from '../../trpc';
import { powerFactorAdminSchema, powerFactorCreateInput, powerFactorUpdateInput, regionAdminSchema, regionUpdateInput } from './carbon-schemas';
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
import type { Staff } from './service';

const TAGS: ['Catalogue administration'] = ['Catalogue administration'];

/**
 * Staff catalogue editing stays in the console: closed to API tokens. A change may need a second
 * administrator (412, four-eyes.ts); `extra` marks a creation (201) or a call to Gardener (502).
 */
const rest = (method: HttpMethod, path: `/${string}`, summary: string, extra: Pick<RestMeta, 'successStatus' | 'errors'> = {}): Meta => ({
  rest: { method, path: `/api/admin/catalog${path}`, summary, tags: TAGS, sessionOnly: true, ...(method === 'GET' ? {} : { errors: ['precondition_failed'] }), ...extra },
});

const CREATED = { successStatus: 201 } as const;

type ItemKey = 'id' | 'code';

/** A catalogue item kind sold until archived: its paths, schemas, summaries and calls (in ./service). */
interface SaleItemChangesSpec<Out extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType, Key extends ItemKey = 'id'> {
  path: `/${string}`;
  /** The path parameter naming one item: its id unless said (a promotion is named by its code). */
  key?: Key;
  label: string;
  schemas: { output: Out; create: Create; update: Update };
  summaries: { create: string; update: string; archive: string; restore: string };
  calls: {
    create(ctx: Staff, input: z.output<Create>): Promise<z.input<Out>>;
    update(ctx: Staff, input: z.output<Update>): Promise<z.input<Out>>;
    archive(ctx: Staff, key: string): Promise<z.input<Out>>;
    restore(ctx: Staff, key: string): Promise<z.input<Out>>;
  };
}

/** The same with the list of all of them. */
interface SaleItemSpec<Out extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType, Key extends ItemKey = 'id'> extends SaleItemChangesSpec<Out, Create, Update, Key> {
  summaries: SaleItemChangesSpec<Out, Create, Update, Key>['summaries'] & { list: string };
  calls: SaleItemChangesSpec<Out, Create, Update, Key>['calls'] & { list(ctx: Staff): Promise<Array<z.input<Out>>> };
}

/**
 * The four changes of a catalogue item kind sold until archived, under `path`: create (201),
 * update, archive and restore, each with its summary; `label` names its key in refusals. The calls
 * are checked against the schemas where they are given; tRPC's types cannot follow a generic
 * schema, so inside, their inputs and answers are passed on as they are.
 */
function saleItemChanges<Out extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType, Key extends ItemKey = 'id'>(spec: SaleItemChangesSpec<Out, Create, Update, Key>) {
  const { path, label, schemas, summaries, calls } = spec;
  const key = spec.key ?? 'id';
  const named = () => z.object({ [key]: idParam(label) } as { [K in Key]: ReturnType<typeof idParam> });
  const keyOf = (input: unknown) => (input as Record<ItemKey, string>)[key];
  return {
    create: officerProcedure
      .meta(rest('POST', path, summaries.create, CREATED))
      .input(schemas.create)
      .output(schemas.output)
      .mutation(({ ctx, input }) => calls.create(ctx, input as z.output<Create>) as Promise<never>),
    update: officerProcedure
      .meta(rest('PATCH', `${path}/{${key}}`, summaries.update))
      .input(schemas.update)
      .output(schemas.output)
      .mutation(({ ctx, input }) => calls.update(ctx, input as z.output<Update>) as Promise<never>),
    archive: officerProcedure
      .meta(rest('POST', `${path}/{${key}}/archive`, summaries.archive))
      .input(named())
      .output(schemas.output)
      .mutation(({ ctx, input }) => calls.archive(ctx, keyOf(input)) as Promise<never>),
    restore: officerProcedure
      .meta(rest('POST', `${path}/{${key}}/restore`, summaries.restore))
      .input(named())
      .output(schemas.output)
      .mutation(({ ctx, input }) => calls.restore(ctx, keyOf(input)) as Promise<never>),
  };
}

/** The five calls of a catalogue item kind sold until archived: the list of all of them (archived ones included), then its changes. */
function saleItemProcedures<Out extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType, Key extends ItemKey = 'id'>(spec: SaleItemSpec<Out, Create, Update, Key>) {
  return {
    list: officerProcedure
      .meta(rest('GET', spec.path, spec.summaries.list))
      .output(z.array(spec.schemas.output))
      .query(({ ctx }) => spec.calls.list(ctx) as Promise<never>),
    ...saleItemChanges(spec),
  };
}

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
  clusterTiers: router(
    saleItemProcedures({
      path: '/cluster-tiers',
      label: 'Tier',
      schemas: { output: tierSchema, create: tierCreateInput, update: tierUpdateInput },
      summaries: {
        list: 'Cluster tiers, archived ones included, with the clusters using each',
        create: 'Create a cluster tier',
        update: 'Edit a cluster tier; a price change applies from a date and never alters an order',
        archive: 'Take a cluster tier off sale (its clusters keep it)',
        restore: 'Put an archived cluster tier back on sale',
      },
      calls: { list: catalogAdmin.listTiers, create: catalogAdmin.createTier, update: catalogAdmin.updateTier, archive: catalogAdmin.archiveTier, restore: catalogAdmin.restoreTier },
    }),
  ),

  nodeFlavors: router(
    saleItemProcedures({
      path: '/node-flavors',
      label: 'Node flavour',
      schemas: { output: flavorSchema, create: flavorCreateInput, update: flavorUpdateInput },
      summaries: {
        list: 'Node flavours, archived ones included, with the tiers offering each',
        create: 'Create a node flavour',
        update: 'Edit a node flavour; a price change applies from a date and never alters an order',
        archive: 'Take a node flavour off sale',
        restore: 'Put an archived node flavour back on sale',
      },
      calls: { list: catalogAdmin.listFlavors, create: catalogAdmin.createFlavor, update: catalogAdmin.updateFlavor, archive: catalogAdmin.archiveFlavor, restore: catalogAdmin.restoreFlavor },
    }),
  ),

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

  addons: router(
    saleItemProcedures({
      path: '/addons',
      label: 'Add-on',
      schemas: { output: addonSchema, create: addonCreateInput, update: addonUpdateInput },
      summaries: {
        list: 'Add-ons, archived ones included',
        create: 'Create an add-on',
        update: 'Edit an add-on; a price change applies from a date and never alters an order',
        archive: 'Take an add-on off sale',
        restore: 'Put an archived add-on back on sale',
      },
      calls: { list: catalogAdmin.listAddons, create: catalogAdmin.createAddon, update: catalogAdmin.updateAddon, archive: catalogAdmin.archiveAddon, restore: catalogAdmin.restoreAddon },
    }),
  ),

  middlewares: router(
    saleItemProcedures({
      path: '/middlewares',
      label: 'Middleware',
      schemas: { output: middlewareSchema, create: middlewareCreateInput, update: middlewareUpdateInput },
      summaries: {
        list: 'Middlewares, archived ones included',
        create: 'Create a middleware (then its plans)',
        update: 'Edit a middleware',
        archive: 'Take a middleware and its plans off sale',
        restore: 'Put an archived middleware back on sale',
      },
      calls: { list: catalogAdmin.listMiddlewares, create: catalogAdmin.createMiddleware, update: catalogAdmin.updateMiddleware, archive: catalogAdmin.archiveMiddleware, restore: catalogAdmin.restoreMiddleware },
    }),
  ),

  middlewarePlans: router({
    list: officerProcedure
      .meta(rest('GET', '/middleware-plans', 'Middleware plans, archived ones included'))
      .input(planListInput)
      .output(z.array(planSchema))
      .query(({ ctx, input }) => catalogAdmin.listPlans(ctx, input?.middlewareId)),
    ...saleItemChanges({
      path: '/middleware-plans',
      label: 'Plan',
      schemas: { output: planSchema, create: planCreateInput, update: planUpdateInput },
      summaries: {
        create: 'Create a plan of a middleware',
        update: 'Edit a middleware plan; a price change applies from a date and never alters an order',
        archive: 'Take a middleware plan off sale',
        restore: 'Put an archived middleware plan back on sale',
      },
      calls: { create: catalogAdmin.createPlan, update: catalogAdmin.updatePlan, archive: catalogAdmin.archivePlan, restore: catalogAdmin.restorePlan },
    }),
  }),

  supportPlans: router(
    saleItemProcedures({
      path: '/support-plans',
      label: 'Support plan',
      schemas: { output: supportSchema, create: supportCreateInput, update: supportUpdateInput },
      summaries: {
        list: 'Support plans, archived ones included',
        create: 'Create a support plan',
        update: 'Edit a support plan; a price change applies from a date and never alters an order',
        archive: 'Take a support plan off sale',
        restore: 'Put an archived support plan back on sale',
      },
      calls: { list: catalogAdmin.listSupportPlans, create: catalogAdmin.createSupportPlan, update: catalogAdmin.updateSupportPlan, archive: catalogAdmin.archiveSupportPlan, restore: catalogAdmin.restoreSupportPlan },
    }),
  ),

  promotions: router(
    saleItemProcedures({
      path: '/promotions',
      key: 'code',
      label: 'Promotion',
      schemas: { output: promotionSchema, create: promotionCreateInput, update: promotionUpdateInput },
      summaries: {
        list: 'Promotion codes, archived ones included',
        create: 'Create a promotion code',
        update: 'Edit a promotion; featuring it moves the banner to it',
        archive: 'Withdraw a promotion code',
        restore: 'Bring back a withdrawn promotion code',
      },
      calls: { list: catalogAdmin.listPromotions, create: catalogAdmin.createPromotion, update: catalogAdmin.updatePromotion, archive: catalogAdmin.archivePromotion, restore: catalogAdmin.restorePromotion },
    }),
  ),

  /** A region's operator, law, certifications and carbon figures (issue 34); its name and zones are the provisioner's. */
  regions: router({
    update: officerProcedure
      .meta(rest('PATCH', '/regions/{id}', "Edit a region's operator, law, EU-only access, certifications, PUE and grid intensity (with its source and year)"))
      .input(regionUpdateInput)
      .output(regionAdminSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updateRegion(ctx, input)),
  }),

  /** The carbon model's power factors (ADR 39), each with its source and year. */
  powerFactors: router({
    list: officerProcedure
      .meta(rest('GET', '/power-factors', 'Power factors of the carbon model (W per vCPU, per GB, per GPU card), with the flavours each applies to'))
      .output(z.array(powerFactorAdminSchema))
      .query(({ ctx }) => catalogAdmin.listPowerFactors(ctx)),
    create: officerProcedure
      .meta(rest('POST', '/power-factors', 'Add a power factor, e.g. for a new GPU model, with its source', CREATED))
      .input(powerFactorCreateInput)
      .output(powerFactorAdminSchema)
      .mutation(({ ctx, input }) => catalogAdmin.createPowerFactor(ctx, input)),
    update: officerProcedure
      .meta(rest('PATCH', '/power-factors/{id}', 'Edit a power factor; a new figure needs its new source or year'))
      .input(powerFactorUpdateInput)
      .output(powerFactorAdminSchema)
      .mutation(({ ctx, input }) => catalogAdmin.updatePowerFactor(ctx, input)),
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
