import { z } from 'zod';
import { MAX_NODE_POOLS, quoteClusterLineSchema, quoteNodePoolSchema } from './quote-lines';

/**
 * How a cluster is built, beyond what is priced: its name, its node pools' labels and taints, its
 * network, its maintenance window. The cluster line of an order (orders.create) is a quote's cluster
 * line with these; the configurator checks each step with the same schemas, in the server's words.
 */

export const CNI_PLUGINS = ['cilium', 'calico'] as const;
export type CniPlugin = (typeof CNI_PLUGINS)[number];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export type TaintEffect = (typeof TAINT_EFFECTS)[number];

// ---------------------------------------------------------------------------------------------
// Names, labels and networks Kubernetes accepts

const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const MAX_NAME = 40;

export const resourceName = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(MAX_NAME, `${what} is at most ${MAX_NAME} characters.`)
    .regex(DNS_LABEL, `${what} uses lower-case letters, digits and hyphens, starts with a letter and does not end with a hyphen.`);

const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const RESERVED_PREFIXES = /(^|\.)(kubernetes\.io|k8s\.io)$/;

/** A label or taint key: an optional DNS prefix and a name, outside the prefixes Kubernetes reserves. */
function labelKeyProblem(key: string): string | null {
  const slash = key.lastIndexOf('/');
  const prefix = slash === -1 ? null : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (!LABEL_NAME.test(name)) return `"${key}" is not a valid key: at most 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit.`;
  if (prefix !== null && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) return `"${key}" has a prefix that is not a DNS name.`;
  if (prefix !== null && RESERVED_PREFIXES.test(prefix)) return `"${key}" uses a prefix Kubernetes reserves for itself.`;
  return null;
}

export const labelKeySchema = z
  .string({ error: 'Keys are text.' })
  .trim()
  .min(1, 'Keys cannot be empty.')
  .max(317, 'Keys are at most 317 characters.')
  .superRefine((key, context) => {
    const problem = labelKeyProblem(key);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const labelValueSchema = z
  .string({ error: 'Values are text.' })
  .trim()
  .refine((value) => value === '' || LABEL_NAME.test(value), 'Values are at most 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit.');

const MAX_LABELS = 20;
const MAX_TAINTS = 10;

// Keys are checked here rather than by the record's key schema, whose issue would not say what is wrong.
const labelsSchema = z
  .record(z.string(), labelValueSchema, { error: 'labels must map keys to values.' })
  .superRefine((labels, context) => {
    const keys = Object.keys(labels);
    if (keys.length > MAX_LABELS) context.addIssue({ code: 'custom', message: `A node pool has at most ${MAX_LABELS} labels.` });
    for (const key of keys) {
      const problem = key.length > 317 ? `"${key.slice(0, 40)}…" is too long for a key.` : labelKeyProblem(key);
      if (problem) context.addIssue({ code: 'custom', path: [key], message: problem });
    }
  })
  .default({});

const taintSchema = z.object({
  key: labelKeySchema,
  value: labelValueSchema.default(''),
  effect: z.enum(TAINT_EFFECTS, { error: `A taint's effect is ${TAINT_EFFECTS.join(', ')}.` }),
});

export const orderNodePoolSchema = quoteNodePoolSchema.extend({
  name: resourceName('A node pool name'),
  labels: labelsSchema,
  taints: z.array(taintSchema, { error: 'taints must be a list.' }).max(MAX_TAINTS, `A node pool has at most ${MAX_TAINTS} taints.`).default([]),
});

export interface Ipv4Range {
  first: number;
  last: number;
  prefix: number;
}

/** "10.244.0.0/16" as a range of 32-bit addresses; z.cidrv4 has checked the syntax. */
export function ipv4Range(cidr: string): Ipv4Range {
  const [address = '', bits = '0'] = cidr.split('/');
  const value = address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  const prefix = Number(bits);
  const size = 2 ** (32 - prefix);
  const first = value - (value % size);
  return { first, last: first + size - 1, prefix };
}

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map(ipv4Range);

function isPrivate(range: Ipv4Range): boolean {
  return PRIVATE_RANGES.some((block) => range.first >= block.first && range.last <= block.last);
}

export function overlaps(a: Ipv4Range, b: Ipv4Range): boolean {
  return a.first <= b.last && b.first <= a.last;
}

const clusterNetwork = (what: string, smallest: number, largest: number, fallback: string) =>
  z
    .cidrv4({ error: `${what} is an IPv4 network in CIDR notation, e.g. ${fallback}.` })
    .superRefine((cidr, context) => {
      const range = ipv4Range(cidr);
      const [address] = cidr.split('/');
      const network = [24, 16, 8, 0].map((shift) => Math.floor(range.first / 2 ** shift) % 256).join('.');
      if (address !== network) context.addIssue({ code: 'custom', message: `${cidr} is not the start of its network; write ${network}/${range.prefix}.` });
      else if (!isPrivate(range)) context.addIssue({ code: 'custom', message: `${what} must be a private range (inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16).` });
      else if (range.prefix < smallest || range.prefix > largest) context.addIssue({ code: 'custom', message: `${what} is a /${smallest} to /${largest} network.` });
    })
    .default(fallback);

const MAX_ALLOW_LIST = 20;

export const clusterNetworkingSchema = z
  .object({
    cni: z.enum(CNI_PLUGINS, { error: 'The network plugin is cilium or calico.' }).default('cilium'),
    podCidr: clusterNetwork('The pod network', 8, 22, '10.244.0.0/16'),
    serviceCidr: clusterNetwork('The service network', 12, 24, '10.96.0.0/12'),
    apiAllowList: z
      .array(z.union([z.cidrv4(), z.cidrv6()], { error: 'Each allowed source is an IPv4 or IPv6 network in CIDR notation, e.g. 203.0.113.0/24.' }), {
        error: 'apiAllowList must be a list of networks.',
      })
      .max(MAX_ALLOW_LIST, `The API server allow-list has at most ${MAX_ALLOW_LIST} networks.`)
      .default([])
      .describe('Networks that may reach the API server; empty: anywhere.'),
  })
  .superRefine((network, context) => {
    if (typeof network.podCidr !== 'string' || typeof network.serviceCidr !== 'string') return;
    if (!/^[\d.]+\/\d+$/.test(network.podCidr) || !/^[\d.]+\/\d+$/.test(network.serviceCidr)) return;
    if (overlaps(ipv4Range(network.podCidr), ipv4Range(network.serviceCidr))) {
      context.addIssue({ code: 'custom', path: ['serviceCidr'], message: `The service network ${network.serviceCidr} overlaps the pod network ${network.podCidr}; choose ranges that do not overlap.` });
    }
  });

export const maintenanceWindowSchema = z.object({
  day: z.enum(WEEKDAYS, { error: `The maintenance day is one of ${WEEKDAYS.join(', ')}.` }).default('sunday'),
  startHour: z
    .number({ error: 'The maintenance start hour must be a number.' })
    .int('The maintenance start hour is a whole hour.')
    .min(0, 'The maintenance start hour is from 0 to 23 (UTC).')
    .max(23, 'The maintenance start hour is from 0 to 23 (UTC).')
    .default(3)
    .describe('UTC hour the four-hour window starts.'),
  autoUpgrade: z.boolean({ error: 'autoUpgrade must be true or false.' }).default(true).describe('Apply new Kubernetes patch releases in the window.'),
});

export const clusterOrderLineSchema = quoteClusterLineSchema.extend({
  name: resourceName('The cluster name'),
  nodePools: z
    .array(orderNodePoolSchema, { error: 'nodePools must be a list of node pools.' })
    .min(1, 'A cluster needs at least one node pool.')
    .max(MAX_NODE_POOLS, `A cluster has at most ${MAX_NODE_POOLS} node pools.`)
    .superRefine((pools, context) => {
      const seen = new Set<string>();
      pools.forEach((pool, index) => {
        if (typeof pool?.name !== 'string') return;
        if (seen.has(pool.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `Two node pools are named "${pool.name}"; give each its own name.` });
        seen.add(pool.name);
      });
    }),
  zones: z
    .array(z.string({ error: 'Zones are text.' }).trim().min(1, 'A zone cannot be empty.').max(32, 'Zone names are at most 32 characters.'), { error: 'zones must be a list.' })
    .max(3, 'A cluster spans at most 3 zones.')
    .default([])
    .describe("Zones of the region to spread the nodes over; empty: every zone of the region."),
  networking: clusterNetworkingSchema.prefault({}).describe('CNI, pod and service networks, API server allow-list.'),
  maintenance: maintenanceWindowSchema.prefault({}).describe('Weekly maintenance window and automatic upgrades.'),
});
