import { afterEach, beforeEach, vi } from 'vitest';
import type { z } from 'zod';
import type { AdminAddon, AdminFlavor, AdminMiddleware, AdminPlan, AdminPromotion, AdminSupportPlan, AdminTier, AdminVersion } from './catalog-admin-types';

/** Staff catalogue items shaped like the seeded ones, as the API answers them, for unit tests. */

const LISTED = { archivedAt: null, createdAt: Date.UTC(2026, 0, 1), updatedAt: Date.UTC(2026, 0, 1) };

export const TEST_TIER: AdminTier = {
  id: 'tier_standard',
  name: 'Standard (Blue)',
  description: 'Production clusters for most workloads.',
  purpose: 'Production workloads',
  nodes: 3,
  vcpuPerNode: 4,
  memoryGbPerNode: 16,
  storageGbPerNode: 100,
  monthlyPriceCents: 28_900,
  yearlyPriceCents: 294_780,
  slaBasisPoints: 9_995,
  haControlPlane: 'optional',
  haMonthlyPriceCents: 4_900,
  haYearlyPriceCents: 49_980,
  maxNodes: 50,
  maxPools: 8,
  allowedFlavorIds: ['gp-4-16', 'gp-8-32'],
  allowedRegionIds: ['fr-par-1', 'de-fra-1'],
  sortOrder: 1,
  active: true,
  inUse: 4,
  scheduledPrices: [],
  ...LISTED,
};

export const TEST_FLAVOR: AdminFlavor = {
  id: 'gp-4-16',
  name: 'General purpose 4 vCPU, 16 GB',
  category: 'general',
  vcpu: 4,
  memoryGb: 16,
  gpuModel: null,
  gpuCount: 0,
  gpuMemoryGb: null,
  localDiskGb: 0,
  hourlyPriceMillicents: 6_712,
  monthlyPriceCents: 4_900,
  regionIds: ['fr-par-1'],
  sortOrder: 2,
  offeredByTierIds: ['tier_standard'],
  inUse: null,
  scheduledPrices: [],
  ...LISTED,
};

export const TEST_VERSION: AdminVersion = {
  version: '1.37',
  patch: 4,
  classification: 'supported',
  endOfSupportAt: Date.UTC(2027, 5, 30),
  isDefault: true,
  sortOrder: 1,
  inUse: 3,
  createdAt: LISTED.createdAt,
  updatedAt: LISTED.updatedAt,
};

export const TEST_ADDON: AdminAddon = {
  id: 'addon_monitoring',
  name: 'Prometheus and Grafana',
  category: 'monitoring',
  description: 'Metrics and dashboards.',
  version: '3.1',
  monthlyPriceCents: 2_900,
  yearlyPriceCents: null,
  compatibleTierIds: ['tier_standard'],
  minKubernetesVersion: '1.33',
  maxKubernetesVersion: null,
  requires: [],
  conflicts: ['addon_other'],
  sortOrder: 1,
  requiredBy: [],
  inUse: null,
  scheduledPrices: [],
  ...LISTED,
};

export const TEST_MIDDLEWARE: AdminMiddleware = {
  id: 'mw_postgresql',
  name: 'PostgreSQL',
  engine: 'postgresql',
  category: 'database',
  description: 'Managed PostgreSQL.',
  versions: ['18', '17'],
  regionIds: ['fr-par-1'],
  sortOrder: 1,
  planCount: 4,
  inUse: null,
  ...LISTED,
};

export const TEST_PLAN: AdminPlan = {
  id: 'mwp_postgresql_essential',
  middlewareId: 'mw_postgresql',
  name: 'Essential',
  nodes: 1,
  vcpu: 2,
  memoryGb: 4,
  storageGb: 50,
  highAvailability: false,
  monthlyPriceCents: 3_900,
  yearlyPriceCents: null,
  sortOrder: 1,
  inUse: null,
  scheduledPrices: [],
  ...LISTED,
};

export const TEST_SUPPORT_PLAN: AdminSupportPlan = {
  id: 'support_enterprise',
  name: 'Enterprise',
  description: 'Around the clock, with a named engineer.',
  p1ResponseMinutes: 15,
  p2ResponseMinutes: 60,
  p3ResponseMinutes: 240,
  p4ResponseMinutes: 1_440,
  channels: ['ticket', 'email', 'phone'],
  hours: '24x7',
  namedEngineer: true,
  pricingKind: 'share',
  monthlyPriceCents: null,
  percentOfSpendBasisPoints: 700,
  minimumMonthlyCents: 99_000,
  sortOrder: 3,
  inUse: null,
  scheduledPrices: [],
  ...LISTED,
};

export const TEST_PROMOTION: AdminPromotion = {
  code: 'PARIS',
  description: '5% off your first purchase.',
  kind: 'percent',
  value: 500,
  validFrom: Date.UTC(2026, 0, 1, 0, 0, 30),
  validUntil: null,
  firstPurchaseOnly: true,
  minimumSubtotalCents: 0,
  appliesTo: null,
  featured: true,
  maxRedemptions: null,
  maxRedemptionsPerOrganization: null,
  redemptions: 0,
  inUse: null,
  ...LISTED,
};

/** What a form schema finds wrong in these values: [field, message] pairs, in order. */
export function issuesOf<Values>(schema: { safeParse: (values: Values) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: Values) {
  return schema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

/** A form schema as its tests use it: `parse` gives what the codec sends from (it throws on a problem), `issues` what it finds wrong. */
export function checksOf<Out, In>(schema: z.ZodType<Out, In>) {
  return { parse: (values: In) => schema.parse(values), issues: (values: In) => issuesOf(schema, values) };
}

/** Runs each test of the enclosing block on fake timers, the clock at `at` (a day of March 2027). */
export function clockAt(at: number) {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(at);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
