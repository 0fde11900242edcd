import { idempotencyKey, listAll, waitForCluster, type Cluster, type KubeMarketClient } from '@kubemarket/sdk';
import { clusterProgressReporter } from '../progress.ts';
import { date, euros, FIELD_COLUMNS, fieldRows, integer, OUTPUT_OPTION, print, required, UsageError, type Column, type Command, type Context } from '../kit.ts';

type ClusterItem = Awaited<ReturnType<typeof listAll<'/api/clusters'>>>[number];

const LIST_COLUMNS: Array<Column<ClusterItem>> = [
  ['id', (c) => c.id],
  ['name', (c) => c.name],
  ['status', (c) => c.status],
  ['tier', (c) => c.tier.name],
  ['region', (c) => c.region.id],
  ['version', (c) => c.kubernetesVersion],
  ['nodes', (c) => `${c.readyNodes}/${c.nodeCount}`],
  ['monthly', (c) => euros(c.monthlyCents)],
  ['created', (c) => date(c.createdAt)],
];

const WAIT_OPTIONS = {
  wait: { type: 'boolean', description: 'Wait until the change is done, with a progress bar on stderr (plain lines when stderr is not a terminal).' },
  timeout: { type: 'string', default: '1800', description: 'Seconds --wait waits before giving up (exit code 4).' },
} as const;

/** A cluster by its id (`clu_…`) or its name in your organisation. */
export async function resolveCluster(client: KubeMarketClient, nameOrId: string): Promise<Cluster> {
  if (nameOrId.startsWith('clu_')) return client.GET('/api/clusters/{id}', { params: { path: { id: nameOrId } } });
  const matches = (await listAll(client, '/api/clusters', { query: { q: nameOrId } })).filter((cluster) => cluster.name === nameOrId);
  if (matches.length !== 1) throw new UsageError(matches.length ? `${matches.length} clusters are named ${nameOrId}: give the id.` : `No cluster named ${nameOrId} (kubemarket clusters list).`);
  return client.GET('/api/clusters/{id}', { params: { path: { id: matches[0]!.id } } });
}

/** --wait: follows the cluster until `status`, drawing its progress; prints the cluster at the end. */
async function waitAndPrint(context: Context, cluster: Cluster, status: Cluster['status']): Promise<void> {
  const client = context.client();
  if (context.values.wait) {
    const reporter = clusterProgressReporter(context.err, cluster.name);
    try {
      cluster = await waitForCluster(client, cluster.id, { status, timeoutMs: integer(context.values, 'timeout') * 1000, onProgress: (progress) => reporter.report(progress) });
    } finally {
      reporter.end();
    }
  }
  printCluster(context, cluster);
}

/** A change to the cluster named by the first argument: made, then (with --wait) followed until `status`, and the cluster printed. */
async function changeCluster(context: Context, status: Cluster['status'], change: (client: KubeMarketClient, cluster: Cluster) => Promise<unknown>): Promise<void> {
  const client = context.client();
  const cluster = await resolveCluster(client, context.positionals[0]!);
  await change(client, cluster);
  await waitAndPrint(context, await client.GET('/api/clusters/{id}', { params: { path: { id: cluster.id } } }), status);
}

/**
 * A command that reads about the cluster its one argument names (its name or id): `read` gets the
 * client and the cluster, and prints; --output is offered as on every command.
 */
function clusterReadCommand(spec: Pick<Command, 'name' | 'summary'> & { usage?: string; options?: Command['options']; read: (context: Context, client: KubeMarketClient, cluster: Cluster) => Promise<void> }): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.usage ?? '<cluster>',
    positionals: [1, 1],
    options: { ...spec.options, output: OUTPUT_OPTION },
    async run(context) {
      const client = context.client();
      await spec.read(context, client, await resolveCluster(client, context.positionals[0]!));
    },
  };
}

function printCluster(context: Context, cluster: Cluster): void {
  const operation = cluster.currentOperation;
  print(context, cluster, fieldRows([
    ['id', cluster.id],
    ['name', cluster.name],
    ['status', cluster.status],
    ['tier', cluster.tier.name],
    ['region', `${cluster.region.name} (${cluster.region.id})`],
    ['kubernetes', cluster.kubernetesVersion],
    ['endpoint', cluster.endpoint],
    ['nodes', `${cluster.readyNodes}/${cluster.nodeCount} ready`],
    ['pools', cluster.nodePools.map((pool) => `${pool.name} (${pool.id}): ${pool.count} × ${pool.flavor.id}`).join('; ')],
    ['operation', operation ? `${operation.type} ${operation.progressPercent}% (${operation.steps[operation.currentStep]?.label ?? operation.status})` : null],
    ['upgrades', cluster.availableUpgrades],
    ['monthly', euros(cluster.monthlyCents)],
    ['created', date(cluster.createdAt)],
  ]), FIELD_COLUMNS);
}

/** The payment method of `clusters create`: a saved one, a sandbox test card, or a bank transfer. */
function paymentMethod(values: Context['values']) {
  const chosen = ['payment-method', 'test-card', 'bank-transfer'].filter((name) => values[name] !== undefined && values[name] !== false);
  if (chosen.length !== 1) throw new UsageError('Pay with exactly one of --payment-method <pm_…>, --test-card <number> (test mode) or --bank-transfer.');
  if (values['bank-transfer']) return { kind: 'bank_transfer' as const };
  if (typeof values['payment-method'] === 'string') return { kind: 'saved' as const, paymentMethodId: values['payment-method'] };
  const year = new Date().getUTCFullYear() + 3;
  return { kind: 'card' as const, card: { number: String(values['test-card']), expMonth: 12, expYear: year, cvc: '123', holderName: 'KubeMarket CLI' } };
}

async function billingOf(client: KubeMarketClient, values: Context['values']) {
  const flags = { companyName: values['billing-company'], countryCode: values['billing-country'], addressLine1: values['billing-address'], postalCode: values['billing-postal-code'], city: values['billing-city'] };
  if (Object.values(flags).some((value) => value !== undefined)) {
    for (const [name, value] of Object.entries({ 'billing-company': flags.companyName, 'billing-address': flags.addressLine1, 'billing-postal-code': flags.postalCode, 'billing-city': flags.city })) {
      if (typeof value !== 'string') throw new UsageError(`--${name} is required with the other --billing-* options.`);
    }
    return { ...flags, countryCode: typeof flags.countryCode === 'string' ? flags.countryCode : 'FR' } as { companyName: string; countryCode: string; addressLine1: string; postalCode: string; city: string };
  }
  const { profile } = await client.GET('/api/billing/profile');
  if (!profile) throw new UsageError('Your organisation has no billing details yet: give --billing-company, --billing-address, --billing-postal-code and --billing-city.');
  return profile;
}

export const clusterCommands: Command[] = [
  {
    name: 'clusters list',
    summary: "your organisation's clusters",
    usage: '[--status <status>] [-q <text>]',
    options: { status: { type: 'string', description: 'Only clusters in this status (running, provisioning, hibernated, failed, …).' }, query: { type: 'string', short: 'q', description: 'Part of the name or the id.' }, output: OUTPUT_OPTION },
    async run(context) {
      const query = { ...(context.values.status ? { status: context.values.status as ClusterItem['status'] } : {}), ...(context.values.query ? { q: String(context.values.query) } : {}) };
      const clusters = await listAll(context.client(), '/api/clusters', { query });
      print(context, clusters, clusters, LIST_COLUMNS);
    },
  },
  clusterReadCommand({
    name: 'clusters get',
    summary: 'one cluster: status, pools, the operation running now',
    read: async (context, _client, cluster) => printCluster(context, cluster),
  }),
  clusterReadCommand({
    name: 'clusters costs',
    summary: 'a cluster per month: quoted, metered actual, this month’s forecast, and the difference explained by line',
    usage: '<cluster> [--months <n>]',
    options: { months: { type: 'string', default: '6', description: 'Months back, this one included (1 to 12).' } },
    async read(context, client, cluster) {
      const costs = await client.GET('/api/clusters/{id}/costs', { params: { path: { id: cluster.id }, query: { months: integer(context.values, 'months') } } });
      const rows = costs.months.map((month) => ({
        month: month.month,
        quoted: euros(month.quotedCents),
        actual: euros(month.actualCents),
        forecast: euros(month.forecast?.forecastCents),
        difference: euros(month.differenceCents),
        lines: month.lines.map((line) => `${line.label} ${euros(line.cents)}`).join('; '),
      }));
      print(context, costs, rows, [
        ['month', (row) => row.month],
        ['quoted', (row) => row.quoted],
        ['actual', (row) => row.actual],
        ['forecast', (row) => row.forecast],
        ['difference', (row) => row.difference],
        ['lines', (row) => row.lines],
      ]);
    },
  }),
  {
    name: 'clusters create',
    summary: 'order a cluster, pay the order, and (with --wait) follow its provisioning until it runs',
    usage: '--name <name> [--tier <id>] [--region <id>] [--flavor <id>] [--nodes <n>] (--payment-method <pm_…> | --test-card <number> | --bank-transfer) [--wait]',
    options: {
      name: { type: 'string', description: 'The cluster name: lower-case letters, digits and dashes.' },
      tier: { type: 'string', default: 'tier_devtest', description: 'Cluster tier id (GET /api/catalog/cluster-tiers).' },
      region: { type: 'string', default: 'fr-par-1', description: 'Region id.' },
      version: { type: 'string', description: 'Kubernetes minor version (default: the catalogue default).' },
      flavor: { type: 'string', default: 'gp-2-4', description: 'Node flavour id of the pool.' },
      nodes: { type: 'string', default: '2', description: 'Nodes in the pool.' },
      pool: { type: 'string', default: 'default', description: 'Name of the node pool.' },
      ha: { type: 'boolean', description: 'A highly available control plane.' },
      'payment-method': { type: 'string', description: 'A payment method your organisation saved (pm_…).' },
      'test-card': { type: 'string', description: 'Test mode only: a sandbox card number, e.g. 4242424242424242.' },
      'bank-transfer': { type: 'boolean', description: 'Pay against an invoice (organisations approved for it).' },
      'billing-company': { type: 'string', description: "Billing details for the order (default: your organisation's billing profile)." },
      'billing-country': { type: 'string', description: 'ISO country code of the billing address (FR unless said).' },
      'billing-address': { type: 'string', description: 'Street address.' },
      'billing-postal-code': { type: 'string', description: 'Postal code.' },
      'billing-city': { type: 'string', description: 'City.' },
      ...WAIT_OPTIONS,
      output: OUTPUT_OPTION,
    },
    details: 'The order is placed with a fresh Idempotency-Key and paid with another: a retried request never orders or charges twice.\nExample: kubemarket clusters create --name web --test-card 4242424242424242 --wait',
    async run(context) {
      const client = context.client();
      const { values } = context;
      const name = required(values, 'name');
      const method = paymentMethod(values);
      const version = typeof values.version === 'string' ? values.version : (await client.GET('/api/catalog/kubernetes-versions')).find((entry) => 'isDefault' in entry && entry.isDefault)?.version;
      if (!version) throw new UsageError('The catalogue names no default Kubernetes version: give --version.');
      const line = { kind: 'cluster' as const, name, tierId: String(values.tier), regionId: String(values.region), kubernetesVersion: version, highAvailability: values.ha === true, nodePools: [{ name: String(values.pool), flavorId: String(values.flavor), count: integer(values, 'nodes') }] };
      const order = await client.POST('/api/orders', { params: { header: { 'Idempotency-Key': idempotencyKey() } }, body: { lines: [line], billing: await billingOf(client, values) } });
      const paid = await client.POST('/api/orders/{id}/pay', { params: { path: { id: order.id }, header: { 'Idempotency-Key': idempotencyKey() } }, body: { method } });
      const clusterId = paid.order.createdClusterId;
      if (!['succeeded', 'invoiced'].includes(paid.result) || !clusterId) {
        throw new UsageError(`Order ${order.id} is placed but not paid: ${paid.result}${paid.reason ? ` (${paid.reason})` : ''}. Pay it in the console or with another method.`);
      }
      context.err.write(`Order ${order.id} paid (${euros(paid.order.totalCents)}); cluster ${clusterId} is provisioning.\n`);
      await waitAndPrint(context, await client.GET('/api/clusters/{id}', { params: { path: { id: clusterId } } }), 'running');
    },
  },
  {
    name: 'clusters scale',
    summary: 'set the node count of a pool',
    usage: '<cluster> --nodes <n> [--pool <name>] [--wait]',
    positionals: [1, 1],
    options: { nodes: { type: 'string', description: 'The new node count.' }, pool: { type: 'string', description: 'The pool name or id (default: the only pool).' }, ...WAIT_OPTIONS, output: OUTPUT_OPTION },
    async run(context) {
      await changeCluster(context, 'running', async (client, cluster) => {
        const wanted = context.values.pool;
        const pools = cluster.nodePools.filter((pool) => wanted === undefined || pool.name === wanted || pool.id === wanted);
        if (pools.length !== 1) throw new UsageError(wanted === undefined ? `${cluster.name} has ${cluster.nodePools.length} pools (${cluster.nodePools.map((pool) => pool.name).join(', ')}): give --pool.` : `${cluster.name} has no pool ${String(wanted)}.`);
        await client.PATCH('/api/clusters/{id}/node-pools/{poolId}', { params: { path: { id: cluster.id, poolId: pools[0]!.id } }, body: { count: integer(context.values, 'nodes') } });
      });
    },
  },
  {
    name: 'clusters upgrade',
    summary: 'upgrade Kubernetes (see the upgrades `clusters get` lists)',
    usage: '<cluster> --version <x.y.z> [--wait]',
    positionals: [1, 1],
    options: { version: { type: 'string', description: 'The version to move to, e.g. 1.37.2.' }, ...WAIT_OPTIONS, output: OUTPUT_OPTION },
    async run(context) {
      await changeCluster(context, 'running', (client, cluster) => client.POST('/api/clusters/{id}/upgrade', { params: { path: { id: cluster.id } }, body: { version: required(context.values, 'version') } }));
    },
  },
  clusterReadCommand({
    name: 'clusters leftovers',
    summary: 'what deleting a cluster would leave billable (load balancers, volumes, backups, snapshots) and what keeping each costs',
    async read(context, client, cluster) {
      const report = await client.GET('/api/clusters/{id}/leftovers', { params: { path: { id: cluster.id } } });
      if (report.unavailable) context.err.write(`${report.unavailable}\n`);
      print(context, report, report.items, [
        ['id', (item) => item.id],
        ['kind', (item) => item.kind],
        ['size', (item) => (item.sizeGb === null ? '' : `${item.sizeGb} GB`)],
        ['monthly', (item) => euros(item.monthlyCents)],
      ]);
    },
  }),
  {
    name: 'clusters delete',
    summary: 'delete a cluster and everything in it, but for what --keep names',
    usage: '<cluster> --yes [--keep <leftover id>]... [--wait]',
    positionals: [1, 1],
    options: {
      yes: { type: 'boolean', description: 'Required: you mean it.' },
      keep: { type: 'string', multiple: true, description: 'An id `clusters leftovers` lists, kept after the deletion and billed until removed; repeat for each.' },
      ...WAIT_OPTIONS,
      output: OUTPUT_OPTION,
    },
    async run(context) {
      if (!context.values.yes) throw new UsageError('Deleting a cluster cannot be undone: add --yes.');
      const keep = Array.isArray(context.values.keep) ? context.values.keep : [];
      await changeCluster(context, 'deleted', (client, cluster) => client.DELETE('/api/clusters/{id}', { params: { path: { id: cluster.id }, query: { confirmName: cluster.name, ...(keep.length > 0 ? { keep } : {}) } } }));
    },
  },
];
