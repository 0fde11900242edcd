import type { NewClusterTier, NewDataCenter } from './schema';

type TierSeed = Omit<NewClusterTier, 'createdAt' | 'updatedAt'>;

// Yearly prices carry a 15 % discount over twelve monthly payments.
const yearly = (monthlyCents: number) => Math.round(monthlyCents * 12 * 0.85);

/** The seven cluster tiers of SPEC.md, named so the footer's name-to-type mapping works. */
export const CLUSTER_TIER_SEED: readonly TierSeed[] = [
  {
    id: 'tier_standard',
    name: 'Standard (Blue)',
    description:
      'Production-ready managed Kubernetes with a highly available control plane across three availability zones, for web services and APIs.',
    nodes: 3,
    vcpuPerNode: 4,
    memoryGbPerNode: 16,
    storageGbPerNode: 100,
    monthlyPriceCents: 28_900,
    yearlyPriceCents: yearly(28_900),
    sortOrder: 1,
  },
  {
    id: 'tier_enterprise',
    name: 'Enterprise (Red)',
    description:
      'Dedicated control plane, HDS-certified hosting and a 99.99 % SLA for regulated and business-critical workloads.',
    nodes: 5,
    vcpuPerNode: 8,
    memoryGbPerNode: 32,
    storageGbPerNode: 200,
    monthlyPriceCents: 119_900,
    yearlyPriceCents: yearly(119_900),
    sortOrder: 2,
  },
  {
    id: 'tier_economy',
    name: 'Economy (Green)',
    description:
      'Cost-efficient clusters on low-carbon data centres for internal tools, batch jobs and small production services.',
    nodes: 2,
    vcpuPerNode: 2,
    memoryGbPerNode: 8,
    storageGbPerNode: 50,
    monthlyPriceCents: 8_900,
    yearlyPriceCents: yearly(8_900),
    sortOrder: 3,
  },
  {
    id: 'tier_data',
    name: 'Data Analytics',
    description:
      'Memory-optimised nodes with fast local NVMe for Spark, Kafka, ClickHouse and other data platforms.',
    nodes: 4,
    vcpuPerNode: 8,
    memoryGbPerNode: 64,
    storageGbPerNode: 500,
    monthlyPriceCents: 89_900,
    yearlyPriceCents: yearly(89_900),
    sortOrder: 4,
  },
  {
    id: 'tier_ai',
    name: 'AI/ML (Violet)',
    description:
      'GPU-ready node pools for model training and inference, with the NVIDIA operator and sovereign model hosting.',
    nodes: 3,
    vcpuPerNode: 16,
    memoryGbPerNode: 128,
    storageGbPerNode: 1000,
    monthlyPriceCents: 249_900,
    yearlyPriceCents: yearly(249_900),
    sortOrder: 5,
  },
  {
    id: 'tier_devtest',
    name: 'Dev/Test (Orange)',
    description:
      'Short-lived clusters for CI pipelines, previews and staging, with automatic scale-to-zero outside working hours.',
    nodes: 2,
    vcpuPerNode: 2,
    memoryGbPerNode: 4,
    storageGbPerNode: 40,
    monthlyPriceCents: 4_900,
    yearlyPriceCents: yearly(4_900),
    sortOrder: 6,
  },
  {
    id: 'tier_sandbox',
    name: 'Sandbox (Gray)',
    description: 'A single-node cluster to learn Kubernetes and try add-ons, isolated from production.',
    nodes: 1,
    vcpuPerNode: 2,
    memoryGbPerNode: 4,
    storageGbPerNode: 20,
    monthlyPriceCents: 1_900,
    yearlyPriceCents: yearly(1_900),
    sortOrder: 7,
  },
];

/** Shared by every demo account; listed in the README. */
export const DEMO_PASSWORD = 'KubeMarket-demo-2026';
// scrypt (N=16384, r=8, p=5) of DEMO_PASSWORD, precomputed so the seed needs no hasher.
const DEMO_PASSWORD_HASH = 'scrypt$N=16384,r=8,p=5$P8OX7uib9WBgGIuQJK7z8w$UCFJ2XKrJSyWoPQyFQLwZqFvivTzOMnj7hRdL-1hH5w';
/**
 * TOTP secret of the MFA demo customer: add it to an authenticator app to get codes. Staff accounts
 * must use TOTP, so each has its own secret (listed in the README); the seed stores them sealed.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_ORGANIZATIONS = [
  { id: 'org_demo_acme', name: 'Acme Industries', billingId: 'KM-ACME01', status: 'active' as const },
  { id: 'org_demo_staff', name: 'KubeMarket Operations', billingId: 'KM-STAFF1', status: 'active' as const },
  { id: 'org_demo_globex', name: 'Globex Logistics', billingId: 'KM-GLOBX1', status: 'active' as const },
];

export const DEMO_ACCOUNTS = [
  { id: 'usr_demo_alice', username: 'alice', email: 'alice@acme.example', name: 'Alice Martin', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'owner' as const, totpSecret: null, description: 'Customer, owner of Acme Industries' },
  { id: 'usr_demo_marc', username: 'marc', email: 'marc@acme.example', name: 'Marc Dubois', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'member' as const, totpSecret: DEMO_TOTP_SECRET, description: 'Customer with two-factor authentication (TOTP)' },
  { id: 'usr_demo_bruno', username: 'bruno', email: 'bruno@acme.example', name: 'Bruno Petit', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'billing' as const, totpSecret: null, description: 'Billing manager of Acme Industries (invoices and payment, no cluster changes)' },
  { id: 'usr_demo_vera', username: 'vera', email: 'vera@acme.example', name: 'Vera Lang', role: 'user' as const, organizationId: 'org_demo_acme', organizationRole: 'viewer' as const, totpSecret: null, description: 'Read-only viewer at Acme Industries' },
  { id: 'usr_demo_gabriel', username: 'gabriel', email: 'gabriel@globex.example', name: 'Gabriel Roux', role: 'user' as const, organizationId: 'org_demo_globex', organizationRole: 'owner' as const, totpSecret: null, description: 'Customer, owner of Globex Logistics (another organisation)' },
  { id: 'usr_demo_olivia', username: 'olivia', email: 'olivia@kubemarket.example', name: 'Olivia Laurent', role: 'officer' as const, organizationId: 'org_demo_staff', organizationRole: 'member' as const, totpSecret: 'ANKOJD2DYD6HKUQUZZYKR44YXRQ6BVYB', description: 'Officer (staff)' },
  { id: 'usr_demo_adam', username: 'adam', email: 'adam@kubemarket.example', name: 'Adam Bernard', role: 'admin' as const, organizationId: 'org_demo_staff', organizationRole: 'admin' as const, totpSecret: 'C2PYGM4SFDRKETKBOTU3KZWTPHGBSA3C', description: 'Administrator' },
  { id: 'usr_demo_sophie', username: 'sophie', email: 'sophie@kubemarket.example', name: 'Sophie Moreau', role: 'super_admin' as const, organizationId: 'org_demo_staff', organizationRole: 'owner' as const, totpSecret: 'S7OG2OPOUJUPX6GN3BC72DWO6HQOTJFL', description: 'Super administrator' },
] as const;

export { DEMO_PASSWORD_HASH };

/**
 * ECB euro reference rates of a recent working day, so currency conversion works offline and
 * before the first scheduled refresh. The refresh replaces them; the seed never overwrites it.
 */
export const EXCHANGE_RATE_SEED = {
  date: '2026-11-20',
  rates: { EUR: 1, USD: 1.0841, GBP: 0.8527, CNY: 7.8112 },
} as const;

type DataCenterSeed = Omit<NewDataCenter, 'sortOrder'>;

/** The regions of the sovereign cloud; ids are the region codes clusters are placed in. */
export const DATA_CENTER_SEED: readonly DataCenterSeed[] = [
  { id: 'fr-par-1', name: 'Paris PAR1', city: 'Paris', country: 'France', countryCode: 'FR', certifications: ['ISO 27001', 'HDS', 'SecNumCloud', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2019 },
  { id: 'de-fra-1', name: 'Frankfurt FRA1', city: 'Frankfurt am Main', country: 'Germany', countryCode: 'DE', certifications: ['ISO 27001', 'BSI C5', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2020 },
  { id: 'nl-ams-1', name: 'Amsterdam AMS1', city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL', certifications: ['ISO 27001', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2021 },
  { id: 'it-mil-1', name: 'Milan MIL1', city: 'Milan', country: 'Italy', countryCode: 'IT', certifications: ['ISO 27001', 'GDPR', 'CISPE'], status: 'operational', openedYear: 2023 },
  { id: 'pl-waw-1', name: 'Warsaw WAW1', city: 'Warsaw', country: 'Poland', countryCode: 'PL', certifications: ['ISO 27001', 'GDPR'], status: 'maintenance', openedYear: 2024 },
  { id: 'es-mad-1', name: 'Madrid MAD1', city: 'Madrid', country: 'Spain', countryCode: 'ES', certifications: ['ISO 27001', 'ENS High', 'GDPR', 'CISPE'], status: 'planned', openedYear: 2027 },
];

const DAY_MS = 24 * 60 * 60_000;

/** A few clusters of the demo customer Acme, so the dashboard shows real counts. */
export const DEMO_CLUSTERS = [
  { id: 'clu_demo_webshop', name: 'webshop-prod', tierId: 'tier_standard', region: 'fr-par-1', status: 'running' as const, kubernetesVersion: '1.36.4', nodeCount: 3, ageMs: 180 * DAY_MS },
  { id: 'clu_demo_analytics', name: 'analytics-eu', tierId: 'tier_data', region: 'de-fra-1', status: 'running' as const, kubernetesVersion: '1.36.4', nodeCount: 4, ageMs: 95 * DAY_MS },
  { id: 'clu_demo_staging', name: 'staging', tierId: 'tier_devtest', region: 'fr-par-1', status: 'running' as const, kubernetesVersion: '1.37.1', nodeCount: 2, ageMs: 21 * DAY_MS },
] as const;

export const DEMO_ORDERS = [
  { id: 'ord_demo_webshop', kind: 'cluster' as const, status: 'completed' as const, totalCents: 28_900, userId: 'usr_demo_alice', ageMs: 180 * DAY_MS },
  { id: 'ord_demo_analytics', kind: 'cluster' as const, status: 'completed' as const, totalCents: 89_900, userId: 'usr_demo_alice', ageMs: 95 * DAY_MS },
  { id: 'ord_demo_staging', kind: 'cluster' as const, status: 'completed' as const, totalCents: 4_900, userId: 'usr_demo_marc', ageMs: 21 * DAY_MS },
  { id: 'ord_demo_support', kind: 'support' as const, status: 'paid' as const, totalCents: 19_900, userId: 'usr_demo_alice', ageMs: 20 * DAY_MS },
] as const;

export const DEMO_CUSTOMER_ORGANIZATION_ID = 'org_demo_acme';
