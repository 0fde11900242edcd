import { clusterAddons, clusters, clusterSettingsColumns, newId, nodePools, type ClusterOperation, type Database, type Order, type OrderAddonLine, type OrderClusterLine } from '@kubemarket/db';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Ports } from '../../context';
import { poolInputs, type ClusterSpec } from '../../platform/provisioner';
import { TRPCError } from '@trpc/server';
import { loadClusterState, operationStatements, runningOperation, startOperation, type EngineDeps } from './engine';
import { quoteStatement } from './quotes';

type Statement = BatchItem<'sqlite'>;

/**
 * What a settled order builds, written in the batch that settles it (orders/fulfilment.ts): a cluster
 * order's cluster with its node pools and its provisioning operation, so an order is never paid
 * without a cluster on its way; an add-on order's add-ons on their cluster.
 */

/** The spec a new cluster's provisioning is planned from (steps read names, counts and settings, not machines). */
function plannedSpec(order: Order, line: OrderClusterLine, clusterId: string, poolIds: string[]): ClusterSpec {
  const settings = line.settings;
  return {
    id: clusterId,
    organizationId: order.organizationId,
    name: line.name,
    region: line.regionId,
    zones: settings.zones,
    tierId: line.tierId,
    purpose: 'production',
    kubernetesVersion: line.kubernetesVersion,
    highAvailability: line.highAvailability,
    ...clusterSettingsColumns(settings),
    hibernation: null,
    providerRef: null,
    endpoint: null,
    pools: line.nodePools.map((pool, index) => ({
      id: poolIds[index]!,
      name: pool.name,
      machine: { flavorId: pool.flavorId, vcpu: 0, memoryGb: 0, gpuCount: 0 },
      count: pool.count,
      autoscaling: pool.autoscale ?? null,
      labels: pool.labels,
      taints: pool.taints,
      kubernetesVersion: line.kubernetesVersion,
    })),
  };
}

export function newClusterStatements(
  deps: { db: Database; ports: Pick<Ports, 'provisioner' | 'clock'> },
  order: Order,
  line: OrderClusterLine,
  now: number,
): { clusterId: string; operationId: string; statements: Statement[] } {
  const { db } = deps;
  const clusterId = newId('cluster');
  const poolIds = line.nodePools.map(() => newId('nodePool'));
  const spec = plannedSpec(order, line, clusterId, poolIds);
  const settings = line.settings;
  const cluster = {
    id: clusterId,
    organizationId: order.organizationId,
    name: line.name,
    tierId: line.tierId,
    region: line.regionId,
    status: 'provisioning' as const,
    kubernetesVersion: line.kubernetesVersion,
    nodeCount: line.nodePools.reduce((sum, pool) => sum + pool.count, 0),
    zones: settings.zones,
    highAvailability: line.highAvailability,
    networking: spec.networking,
    maintenance: spec.maintenance,
    monthlyCents: order.quote?.lines[0]?.monthlyPriceCents ?? 0,
    orderId: order.id,
    createdAt: now,
    updatedAt: now,
  };
  const statements: Statement[] = [
    db.insert(clusters).values(cluster),
    // The price it was sold at, per month for the cycle paid (a yearly order's discount kept): the quote in force until a change reprices it.
    quoteStatement(db, { clusterId, organizationId: order.organizationId, monthlyCents: order.quote?.lines[0]?.monthlyEquivalentCents ?? cluster.monthlyCents, reason: 'order', orderId: order.id, at: now }),
    ...poolInputs(spec).map((pool) => db.insert(nodePools).values({ ...pool, clusterId, createdAt: now, updatedAt: now })),
  ];
  const state = { cluster: { ...cluster, hibernation: null, endpoint: null, caCertificate: null, caPrivateKey: null, providerRef: null, deletedAt: null }, pools: [], nodes: [], spec };
  const operation = operationStatements(deps as EngineDeps, state, {
    clusterId,
    type: 'provision',
    params: { addonIds: line.addonIds },
    requestedBy: order.userId,
    orderId: order.id,
    message: `Provisioning of ${line.name} started for order ${order.id}.`,
  }, now);
  // The operation's own cluster-status update and event follow the insert of the cluster.
  statements.push(...operation.statements);
  return { clusterId, operationId: operation.id, statements };
}

/**
 * Installs the add-ons of a settled add-on order on their cluster as an operation of its operator,
 * step by step with live progress (issue 31), once the settling batch is committed. The add-ons
 * are the organisation's from the settlement on (recorded by addonInstallStatements, billed); a
 * cluster busy with another operation keeps them recorded without the install steps, and a failed
 * install can be retried from the cluster's page. Returns the operation, or null when none started.
 */
export async function startAddonInstall(
  deps: EngineDeps,
  order: Order,
  names: ReadonlyMap<string, string>,
): Promise<ClusterOperation | null> {
  const lines = order.lines.filter((line): line is OrderAddonLine => line.kind === 'addon');
  const clusterId = lines[0]?.clusterId;
  if (!clusterId) return null;
  const state = await loadClusterState(deps.db, clusterId);
  if (!state || state.cluster.status !== 'running' || (await runningOperation(deps.db, clusterId))) return null;
  const addonIds = lines.map((line) => line.addonId);
  const addonNames = addonIds.map((id) => names.get(id) ?? id);
  try {
    return await startOperation(deps, state, {
      clusterId,
      type: 'install_addons',
      params: { addonIds, addonNames },
      requestedBy: order.userId,
      orderId: order.id,
      message: `Installing ${addonNames.join(' and ')} on ${state.cluster.name} started for order ${order.id}.`,
    });
  } catch (error) {
    // Another operation started meanwhile: the add-ons stay recorded, the install is not shown.
    if (error instanceof TRPCError && error.code === 'CONFLICT') return null;
    throw error;
  }
}

/** Add-ons of a paid add-on order, recorded on their cluster at once (the install runs after: startAddonInstall). */
export function addonInstallStatements(db: Database, order: Order, now: number): Statement[] {
  return order.lines.flatMap((line) =>
    line.kind === 'addon'
      ? [
          db
            .insert(clusterAddons)
            .values({ id: newId('clusterAddon'), clusterId: (line as OrderAddonLine).clusterId, addonId: line.addonId, orderId: order.id, installedAt: now })
            .onConflictDoNothing(),
        ]
      : [],
  );
}
