import type { TopologyFlavorInput, TopologyRegionInput, TopologyTierInput, TopologyVersionInput } from './topology-model';

/** Tiers, regions, flavours and versions as the seeded catalogue has them (packages/db seed-catalog.ts). */

/** A tier: Standard's sizes and terms unless told otherwise. */
function tier(overrides: Partial<TopologyTierInput> & Pick<TopologyTierInput, 'id' | 'name'>): TopologyTierInput {
  return { nodes: 3, vcpu: 4, memoryGb: 16, slaBasisPoints: 9995, haControlPlane: 'included', flavorIds: ['gp-2-8', 'gp-4-16', 'gp-8-32'], ...overrides };
}

export const STANDARD = tier({ id: 'tier_standard', name: 'Standard (Blue)' });

export const ENTERPRISE = tier({ id: 'tier_enterprise', name: 'Enterprise (Red)', nodes: 5, vcpu: 8, memoryGb: 32, slaBasisPoints: 9999, flavorIds: ['gp-4-16', 'gp-8-32'] });

export const ECONOMY = tier({
  id: 'tier_economy',
  name: 'Economy (Green)',
  nodes: 2,
  vcpu: 2,
  memoryGb: 8,
  slaBasisPoints: 9950,
  haControlPlane: 'optional',
  flavorIds: ['gp-2-4', 'gp-2-8', 'gp-4-16'],
});

/** The two smallest tiers: two vCPU and 4 GB a node, no HA control plane. */
const SMALL = { vcpu: 2, memoryGb: 4, haControlPlane: 'unavailable', flavorIds: ['gp-2-4', 'gp-2-8'] } as const;

export const DEVTEST = tier({ id: 'tier_devtest', name: 'Dev/Test (Orange)', nodes: 2, slaBasisPoints: 9900, ...SMALL });

export const SANDBOX = tier({ id: 'tier_sandbox', name: 'Sandbox (Gray)', nodes: 1, slaBasisPoints: null, ...SMALL });

export const TIERS = [STANDARD, ENTERPRISE, ECONOMY, DEVTEST, SANDBOX] as const;

export const PARIS: TopologyRegionInput = {
  id: 'fr-par-1',
  name: 'Paris PAR1',
  city: 'Paris',
  country: 'France',
  zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
  certifications: ['ISO 27001', 'HDS', 'SecNumCloud', 'GDPR', 'CISPE'],
};

export const WARSAW: TopologyRegionInput = {
  id: 'pl-waw-1',
  name: 'Warsaw WAW1',
  city: 'Warsaw',
  country: 'Poland',
  zones: ['pl-waw-1a', 'pl-waw-1b'],
  certifications: ['ISO 27001', 'GDPR'],
};

export const REGIONS = [PARIS, WARSAW] as const;

export const FLAVORS: readonly TopologyFlavorInput[] = [
  { id: 'gp-2-4', name: 'General purpose 2 vCPU, 4 GB', vcpu: 2, memoryGb: 4 },
  { id: 'gp-2-8', name: 'General purpose 2 vCPU, 8 GB', vcpu: 2, memoryGb: 8 },
  { id: 'gp-4-16', name: 'General purpose 4 vCPU, 16 GB', vcpu: 4, memoryGb: 16 },
  { id: 'gp-8-32', name: 'General purpose 8 vCPU, 32 GB', vcpu: 8, memoryGb: 32 },
];

export const VERSIONS: readonly TopologyVersionInput[] = [
  { version: '1.38', patch: 0, isDefault: false },
  { version: '1.37', patch: 1, isDefault: true },
];
