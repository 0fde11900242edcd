import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** The staff catalogue API's answers and inputs (packages/api/src/modules/catalog-admin), as the screens read them. */
type Outputs = inferRouterOutputs<AppRouter>['catalogAdmin'];
type Inputs = inferRouterInputs<AppRouter>['catalogAdmin'];

export type AdminTier = Outputs['clusterTiers']['list'][number];
export type AdminFlavor = Outputs['nodeFlavors']['list'][number];
export type AdminVersion = Outputs['kubernetesVersions']['list'][number];
export type AdminAddon = Outputs['addons']['list'][number];
export type AdminMiddleware = Outputs['middlewares']['list'][number];
export type AdminPlan = Outputs['middlewarePlans']['list'][number];
export type AdminSupportPlan = Outputs['supportPlans']['list'][number];
export type AdminPromotion = Outputs['promotions']['list'][number];
/** A region as the public catalogue lists it: its jurisdiction and carbon figures are what staff edit. */
export type AdminRegion = inferRouterOutputs<AppRouter>['catalog']['regions'][number];
export type AdminPowerFactor = Outputs['powerFactors']['list'][number];
export type RegionUpdateInput = Inputs['regions']['update'];
export type PowerFactorCreateInput = Inputs['powerFactors']['create'];
export type PowerFactorUpdateInput = Inputs['powerFactors']['update'];
export type ScheduledPrice = AdminTier['scheduledPrices'][number];
export type ChangeRequest = Outputs['changeRequests']['list'][number];
export type ChangeRequestInput = Inputs['changeRequests']['create'];

export type TierCreateInput = Inputs['clusterTiers']['create'];
export type TierUpdateInput = Inputs['clusterTiers']['update'];
export type FlavorCreateInput = Inputs['nodeFlavors']['create'];
export type FlavorUpdateInput = Inputs['nodeFlavors']['update'];
export type VersionCreateInput = Inputs['kubernetesVersions']['create'];
export type VersionUpdateInput = Inputs['kubernetesVersions']['update'];
export type AddonCreateInput = Inputs['addons']['create'];
export type AddonUpdateInput = Inputs['addons']['update'];
export type MiddlewareCreateInput = Inputs['middlewares']['create'];
export type MiddlewareUpdateInput = Inputs['middlewares']['update'];
export type PlanCreateInput = Inputs['middlewarePlans']['create'];
export type PlanUpdateInput = Inputs['middlewarePlans']['update'];
export type SupportPlanCreateInput = Inputs['supportPlans']['create'];
export type SupportPlanUpdateInput = Inputs['supportPlans']['update'];
export type PromotionCreateInput = Inputs['promotions']['create'];
export type PromotionUpdateInput = Inputs['promotions']['update'];

export type HaControlPlane = AdminTier['haControlPlane'];
export type FlavorCategory = AdminFlavor['category'];
export type VersionClassification = AdminVersion['classification'];
export type AddonCategory = AdminAddon['category'];
export type MiddlewareCategory = AdminMiddleware['category'];
export type SupportChannel = AdminSupportPlan['channels'][number];
export type SupportHours = AdminSupportPlan['hours'];
export type SupportPricingKind = AdminSupportPlan['pricingKind'];
export type PromotionKind = AdminPromotion['kind'];
export type OrderKind = NonNullable<AdminPromotion['appliesTo']>[number];

/** What every archivable catalogue item has. */
export interface Archivable {
  archivedAt: number | null;
}
