import type { NewClusterTier } from './schema';

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
