/**
 * The authorization matrix's rows for staff editing the catalogue (catalogAdmin).
 */
import { adamCatalogueChangeRequest } from './fixtures';
import { expectations, ran, type Row, STAFF_ONLY, unique } from './principals';

export const CATALOGUE_ROWS: Record<string, Row> = {
  // Staff catalogue editing: officer and above, browser sessions only.
  'catalogAdmin.clusterTiers.list': { expect: STAFF_ONLY },
  'catalogAdmin.clusterTiers.create': {
    input: () => ({
      id: `tier_${unique()}`,
      name: `Matrix ${unique()}`,
      description: 'Created by the matrix.',
      purpose: 'Access tests',
      nodes: 1,
      vcpuPerNode: 2,
      memoryGbPerNode: 4,
      storageGbPerNode: 20,
      monthlyPriceCents: 1_900,
      yearlyPriceCents: 19_000,
      haControlPlane: 'unavailable',
      maxNodes: 3,
      maxPools: 1,
      allowedFlavorIds: ['gp-2-4'],
      allowedRegionIds: ['fr-par-1'],
    }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.clusterTiers.update': { input: (f) => ({ id: f.tierId, purpose: 'Edited by the matrix' }), expect: STAFF_ONLY },
  'catalogAdmin.clusterTiers.archive': { input: () => ({ id: 'tier_sandbox' }), expect: STAFF_ONLY },
  'catalogAdmin.clusterTiers.restore': { input: () => ({ id: 'tier_sandbox' }), expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.list': { expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.create': {
    input: () => ({ id: `gp-${unique()}`, name: 'Matrix flavour', category: 'general', vcpu: 2, memoryGb: 4, localDiskGb: 40, monthlyPriceCents: 1_900, regionIds: ['fr-par-1'] }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.nodeFlavors.update': { input: () => ({ id: 'gp-4-16', monthlyPriceCents: 5_900 }), expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.archive': { input: () => ({ id: 'gpu-h100-2' }), expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.restore': { input: () => ({ id: 'gpu-h100-2' }), expect: STAFF_ONLY },
  'catalogAdmin.kubernetesVersions.list': { expect: STAFF_ONLY },
  'catalogAdmin.kubernetesVersions.create': { input: () => ({ version: '1.39', patch: 0, classification: 'preview' }), expect: STAFF_ONLY },
  'catalogAdmin.kubernetesVersions.update': { input: () => ({ version: '1.36', isDefault: true }), expect: STAFF_ONLY },
  // On the test context's simulator staff get past access and are refused with a 409 (counted OK).
  'catalogAdmin.syncKubernetesVersionsFromGardener': { expect: ran(STAFF_ONLY, 'CONFLICT') },
  'catalogAdmin.syncNodeFlavorsFromGardener': { expect: ran(STAFF_ONLY, 'CONFLICT') },
  'catalogAdmin.addons.list': { expect: STAFF_ONLY },
  'catalogAdmin.addons.create': {
    input: () => ({ id: `addon_${unique()}`, name: 'Matrix add-on', category: 'monitoring', description: 'Access tests.', version: '1.0.0', monthlyPriceCents: 900, compatibleTierIds: ['tier_standard'] }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.addons.update': { input: () => ({ id: 'addon_keda', monthlyPriceCents: 1_100 }), expect: STAFF_ONLY },
  'catalogAdmin.addons.archive': { input: () => ({ id: 'addon_keda' }), expect: STAFF_ONLY },
  'catalogAdmin.addons.restore': { input: () => ({ id: 'addon_keda' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewares.list': { expect: STAFF_ONLY },
  'catalogAdmin.middlewares.create': {
    input: () => ({ id: `mw_${unique()}`, name: 'Matrix DB', engine: 'matrixdb', category: 'database', description: 'Access tests.', versions: ['1'], regionIds: ['fr-par-1'] }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.middlewares.update': { input: () => ({ id: 'mw_mysql', versions: ['9.5', '8.4'] }), expect: STAFF_ONLY },
  'catalogAdmin.middlewares.archive': { input: () => ({ id: 'mw_rabbitmq' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewares.restore': { input: () => ({ id: 'mw_rabbitmq' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.list': { input: () => ({ middlewareId: 'mw_postgresql' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.create': {
    input: () => ({ id: `mwp_${unique()}`, middlewareId: 'mw_postgresql', name: 'Matrix', nodes: 1, vcpu: 2, memoryGb: 4, storageGb: 40, highAvailability: false, monthlyPriceCents: 2_900 }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.middlewarePlans.update': { input: () => ({ id: 'mwp_postgresql_starter', monthlyPriceCents: 2_100 }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.archive': { input: () => ({ id: 'mwp_postgresql_enterprise' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.restore': { input: () => ({ id: 'mwp_postgresql_enterprise' }), expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.list': { expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.create': {
    input: () => ({ id: `support_${unique()}`, name: 'Matrix', description: 'Access tests.', channels: ['ticket'], hours: 'business', pricingKind: 'fixed', monthlyPriceCents: 9_900 }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.supportPlans.update': { input: () => ({ id: 'support_business', monthlyPriceCents: 21_900 }), expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.archive': { input: () => ({ id: 'support_business' }), expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.restore': { input: () => ({ id: 'support_business' }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.list': { expect: STAFF_ONLY },
  'catalogAdmin.promotions.create': { input: () => ({ code: `M${unique()}`.toUpperCase(), description: 'Matrix', kind: 'amount', value: 1_000 }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.update': { input: () => ({ code: 'PARIS', description: 'Edited by the matrix.' }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.archive': { input: () => ({ code: 'PARIS' }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.restore': { input: () => ({ code: 'PARIS' }), expect: STAFF_ONLY },
  'catalogAdmin.changeRequests.list': { input: () => ({}), expect: STAFF_ONLY },
  'catalogAdmin.changeRequests.create': {
    input: () => ({ procedure: 'catalogAdmin.addons.update', input: { id: 'addon_keda', monthlyPriceCents: 1, yearlyPriceCents: 10 }, reason: 'Matrix: a price cut' }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.changeRequests.approve': { prepare: adamCatalogueChangeRequest, input: (f) => ({ id: f.prepared.changeRequestId }), expect: expectations(['superAdmin']) },
  'catalogAdmin.changeRequests.reject': { prepare: adamCatalogueChangeRequest, input: (f) => ({ id: f.prepared.changeRequestId, reason: 'Matrix check' }), expect: expectations(['superAdmin']) },
};
