import {
  CLUSTER_EVENT_TYPES,
  CLUSTER_OPERATION_STATUSES,
  CLUSTER_OPERATION_TYPES,
  CLUSTER_STATUSES,
  NODE_STATUSES,
  OPERATION_STEP_STATUSES,
} from '@kubemarket/db';
import { CNI_PLUGINS, hibernationSettingsSchema, orderNodePoolSchema, TAINT_EFFECTS, WEEKDAYS, maintenanceWindowSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { KUBECONFIG_DEFAULT_SECONDS, KUBECONFIG_MAX_SECONDS, KUBECONFIG_MIN_SECONDS } from '../../platform/provisioner';
import { pageInputFields, pageSchema } from '../../platform/contracts';
import { keepListSchema } from '../leftovers';

// ---------------------------------------------------------------------------------------------
// Inputs

export const CLUSTER_SORTS = ['name', 'newest', 'oldest', 'status', 'nodes', 'cost'] as const;


export const listClustersInputSchema = z
  .object({
    q: z.string({ error: 'Search must be text.' }).trim().max(100, 'Search for at most 100 characters.').optional().describe('Part of the name or the id.'),
    status: z.enum(CLUSTER_STATUSES, { error: `The status is one of ${CLUSTER_STATUSES.join(', ')}.` }).optional(),
    tierId: z.string().trim().max(64, 'The tier id is too long.').optional(),
    region: z.string().trim().max(64, 'The region is too long.').optional(),
    includeDeleted: z.boolean({ error: 'includeDeleted must be true or false.' }).default(false),
    sort: z.enum(CLUSTER_SORTS, { error: `Sort by ${CLUSTER_SORTS.join(', ')}.` }).default('newest'),
    ...pageInputFields(20),
  })
  .prefault({});
export type ListClustersInput = z.output<typeof listClustersInputSchema>;

const nodeCount = (what: string) =>
  z.number({ error: `${what} must be a number.` }).int(`${what} is a whole number.`).min(0, `${what} is at least 0.`).max(100, `${what} is at most 100.`);

const autoscalingSchema = z
  .object({ min: nodeCount('The autoscaling minimum'), max: nodeCount('The autoscaling maximum') }, { error: 'Autoscaling needs a minimum and a maximum.' })
  .refine((limits) => limits.min <= limits.max, { message: 'The autoscaling minimum cannot be above the maximum.', path: ['max'] });

export const scaleNodePoolInputSchema = z
  .object({
    id: z.string().trim().min(1, 'Cluster id is required.').max(64),
    poolId: z.string().trim().min(1, 'Node pool id is required.').max(64),
    count: z.number({ error: 'The node count must be a number.' }).int('The node count is a whole number.').min(1, 'A node pool keeps at least 1 node; remove the pool instead.').max(100, 'A node pool has at most 100 nodes.').optional(),
    autoscaling: autoscalingSchema.nullable().optional().describe('null turns autoscaling off.'),
  })
  .refine((input) => input.count !== undefined || input.autoscaling !== undefined, { message: 'Give a new node count, autoscaling limits, or both.' });

export const addNodePoolInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  pool: orderNodePoolSchema,
});

export const poolParamsSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  poolId: z.string().trim().min(1, 'Node pool id is required.').max(64),
});

export const upgradeInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  version: z.string({ error: 'The version is required.' }).trim().regex(/^\d+\.\d+\.\d+$/, 'The version looks like 1.37.1.'),
});

export const kubeconfigInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  expiresInSeconds: z
    .number({ error: 'expiresInSeconds must be a number.' })
    .int('expiresInSeconds is a whole number of seconds.')
    .min(KUBECONFIG_MIN_SECONDS, 'A kubeconfig lasts at least 1 hour (3600 seconds).')
    .max(KUBECONFIG_MAX_SECONDS, 'A kubeconfig lasts at most 1 year (31536000 seconds).')
    .default(KUBECONFIG_DEFAULT_SECONDS)
    .describe('Lifetime of the client certificate: 3600 (1 hour) to 31536000 (1 year); 604800 (7 days) by default.'),
});

export const deleteClusterInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  confirmName: z.string({ error: "Type the cluster's name to confirm." }).trim().min(1, "Type the cluster's name to confirm.").max(64),
  keep: keepListSchema,
});

export const maintenanceInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  maintenance: maintenanceWindowSchema,
});

export const hibernationInputSchema = hibernationSettingsSchema.extend({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
});

export const retryInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  operationId: z.string().trim().min(1, 'Operation id is required.').max(64),
});

export const eventsInputSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  operationId: z.string().trim().max(64).optional().describe('Only the events of this operation.'),
  ...pageInputFields(50),
  asOf: z
    .number({ error: 'asOf must be a number.' })
    .int('asOf must be a whole number of milliseconds.')
    .min(0, 'asOf must be a time in milliseconds.')
    .optional()
    .describe('The activity as it stood at this time (ms since 1970): later events are left out, so pages stay put while new events arrive. The first page answers it; the other pages send it back.'),
});

export const addonParamsSchema = z.object({
  id: z.string().trim().min(1, 'Cluster id is required.').max(64),
  addonId: z.string().trim().min(1, 'Add-on id is required.').max(64),
});

// ---------------------------------------------------------------------------------------------
// Answers

const epochMs = z.number().int().describe('UTC epoch ms.');
const cents = z.number().int();

export const operationStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  status: z.enum(OPERATION_STEP_STATUSES),
  detail: z.string().nullable(),
  estimateMs: z.number().int(),
  startedAt: epochMs.nullable(),
  finishedAt: epochMs.nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
});

export const operationSchema = z.object({
  id: z.string().describe('cop_…'),
  clusterId: z.string(),
  type: z.enum(CLUSTER_OPERATION_TYPES),
  status: z.enum(CLUSTER_OPERATION_STATUSES),
  steps: z.array(operationStepSchema),
  currentStep: z.number().int(),
  error: z.string().nullable(),
  orderId: z.string().nullable(),
  requestedBy: z.string().nullable(),
  revision: z.number().int(),
  progressPercent: z.number().int(),
  remainingMs: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
  finishedAt: epochMs.nullable(),
});

export const clusterSummarySchema = z.object({
  id: z.string().describe('clu_…'),
  name: z.string(),
  status: z.enum(CLUSTER_STATUSES),
  tier: z.object({ id: z.string(), name: z.string() }),
  region: z.object({ id: z.string(), name: z.string() }),
  kubernetesVersion: z.string(),
  nodeCount: z.number().int().describe('Nodes the pools ask for.'),
  readyNodes: z.number().int(),
  monthlyCents: cents.describe('What the cluster costs per month as it runs now, EUR cents, VAT excluded.'),
  createdAt: epochMs,
  deletedAt: epochMs.nullable(),
  operation: z.object({ id: z.string(), type: z.enum(CLUSTER_OPERATION_TYPES), progressPercent: z.number().int() }).nullable().describe('The operation running now.'),
});

export const clusterPageSchema = z.object({
  items: z.array(clusterSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const nodePoolSchema = z.object({
  id: z.string().describe('npl_…'),
  name: z.string(),
  flavor: z.object({ id: z.string(), name: z.string(), vcpu: z.number().int(), memoryGb: z.number().int(), monthlyPriceCents: cents }),
  count: z.number().int(),
  autoscaling: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  labels: z.record(z.string(), z.string()),
  taints: z.array(z.object({ key: z.string(), value: z.string(), effect: z.enum(TAINT_EFFECTS) })),
  kubernetesVersion: z.string(),
  monthlyCents: cents.describe('count × the flavour monthly price.'),
  readyNodes: z.number().int(),
});

export const nodeSchema = z.object({
  name: z.string(),
  poolId: z.string(),
  zone: z.string(),
  status: z.enum(NODE_STATUSES),
  kubeletVersion: z.string(),
  cpuMillicores: z.number().int(),
  memoryMib: z.number().int(),
  cpuUsagePercent: z.number().int().nullable(),
  memoryUsagePercent: z.number().int().nullable(),
  createdAt: epochMs,
});

export const hibernationScheduleSchema = z.object({ start: z.string().nullable(), end: z.string().nullable() });

export const clusterDetailSchema = clusterSummarySchema.extend({
  organizationId: z.string(),
  endpoint: z.string().nullable(),
  zones: z.array(z.string()),
  highAvailability: z.boolean(),
  networking: z.object({ cni: z.enum(CNI_PLUGINS), podCidr: z.string(), serviceCidr: z.string(), apiAllowList: z.array(z.string()) }),
  maintenance: z.object({ day: z.enum(WEEKDAYS), startHour: z.number().int(), autoUpgrade: z.boolean() }),
  hibernation: z
    .object({
      supported: z.boolean().describe('Dev/Test and Sandbox tiers can hibernate.'),
      schedules: z.array(hibernationScheduleSchema),
      timezone: z.string(),
      hibernatedSince: epochMs.nullable(),
      hoursThisMonth: z.number().describe('Hours hibernated since the 1st of this month (UTC).'),
      savedCentsThisMonth: cents.describe('Node hours not billed this month thanks to hibernation.'),
    }),
  costSoFarCents: cents.describe('What the cluster has cost since the 1st of this month (UTC), hibernated node hours excluded.'),
  orderId: z.string().nullable(),
  nodePools: z.array(nodePoolSchema),
  nodes: z.array(nodeSchema),
  addons: z.array(z.object({ id: z.string(), name: z.string(), installedAt: epochMs })),
  currentOperation: operationSchema.nullable(),
  lastOperation: operationSchema.nullable().describe('The latest operation, running or ended.'),
  availableUpgrades: z.array(z.string()).describe('Versions this cluster can move to: newer patches of its minor, and the next minor.'),
  provisioner: z.enum(['simulator', 'gardener']),
  apiServer: z
    .object({
      url: z.string().describe("The kubeconfig's server."),
      tlsServerName: z.string().nullable().describe("The kubeconfig's tls-server-name, when the server is reached at another address than its own name."),
    })
    .nullable()
    .describe('Where kubectl reaches the API server; null where none answers (a deleted cluster, a simulated one without the local API gateway).'),
});

export const clusterEventSchema = z.object({
  id: z.string(),
  operationId: z.string().nullable(),
  type: z.enum(CLUSTER_EVENT_TYPES),
  message: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: epochMs,
});

export const clusterEventsPageSchema = pageSchema(clusterEventSchema).extend({
  asOf: z.number().int().describe('The time the pages are taken at: send it back with the next pages.'),
});

export const kubeconfigSchema = z.object({
  kubeconfig: z.string().describe('The kubeconfig YAML; shown once, never stored.'),
  expiresAt: epochMs,
  serialNumber: z.string(),
});

export const hibernationSettingsAnswerSchema = z.object({
  timezone: z.string().describe('IANA time zone the times are read in.'),
  schedules: z
    .array(z.object({ days: z.array(z.enum(WEEKDAYS)), sleepAt: z.string(), wakeAt: z.string(), wakeDay: z.enum(WEEKDAYS).optional() }))
    .describe('The periods as stored: overlapping or touching ones merged into one sleep. Empty: scheduled hibernation is off.'),
});

export const operationStartedSchema = z.object({ operation: operationSchema });

export const addonsInUseSchema = z.array(
  z.object({
    addonId: z.string(),
    name: z.string(),
    clusters: z.array(z.object({ id: z.string(), name: z.string(), installedAt: epochMs })).describe('The clusters (not deleted) that run it, by name.'),
  }),
);
