import {
  clusterOperations,
  middlewareBackups,
  middlewareInstances,
  middlewarePlans,
  middlewares,
  newId,
  orders,
  randomString,
  type Database,
  type MiddlewareInstance,
  type NewMiddlewareInstance,
  type Order,
  type OrderMiddlewareLine,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Context } from '../../context';
import { logError } from '../../platform/log';
import { loadClusterState, runningOperation, startOperation, type EngineDeps } from '../clusters';
import { BACKUP_RETENTION_MS, backupSizeMb } from '../clusters';

/**
 * The life of a managed middleware instance (issue 31, ADR 31): written when its order is settled,
 * created by an operation of the cluster it runs in as soon as that cluster is free, backed up
 * daily. In production the operation's steps drive an operator in the customer's cluster
 * (CloudNativePG for PostgreSQL and the like); the simulator walks the same steps.
 */

type Statement = BatchItem<'sqlite'>;

/** How an engine is reached inside the cluster: the service, port, scheme and default database. */
interface EngineAccess {
  /** The in-cluster service of the instance named `name` (namespace `middlewares`). */
  service: (name: string) => string;
  port: number;
  scheme: string;
  username: string;
  database: string | null;
}

const NAMESPACE = 'middlewares';
const svc = (name: string) => `${name}.${NAMESPACE}.svc.cluster.local`;

const ACCESS: Record<string, EngineAccess> = {
  // CloudNativePG's read-write service.
  postgresql: { service: (name) => svc(`${name}-rw`), port: 5432, scheme: 'postgresql', username: 'app', database: 'app' },
  mysql: { service: svc, port: 3306, scheme: 'mysql', username: 'app', database: 'app' },
  valkey: { service: svc, port: 6379, scheme: 'redis', username: 'default', database: null },
  kafka: { service: (name) => svc(`${name}-kafka-bootstrap`), port: 9092, scheme: 'kafka', username: 'app', database: null },
  rabbitmq: { service: svc, port: 5672, scheme: 'amqp', username: 'app', database: null },
  mongodb: { service: (name) => svc(`${name}-svc`), port: 27017, scheme: 'mongodb', username: 'app', database: 'app' },
  opensearch: { service: svc, port: 9200, scheme: 'https', username: 'app', database: null },
  s3: { service: (name) => svc(`${name}-hl`), port: 9000, scheme: 'https', username: 'app', database: null },
};
const FALLBACK: EngineAccess = { service: svc, port: 443, scheme: 'https', username: 'app', database: null };

export function accessOf(engine: string): EngineAccess {
  return ACCESS[engine] ?? FALLBACK;
}

/** A connection string, with the password or a mask in its place. */
export function connectionString(engine: string, instance: Pick<MiddlewareInstance, 'host' | 'port' | 'username' | 'databaseName' | 'name'>, password: string): string {
  const access = accessOf(engine);
  const user = encodeURIComponent(instance.username);
  // Our passwords are [a-z0-9]: nothing to escape, and the mask reads as a mask.
  const secret = password;
  if (engine === 's3') return `${access.scheme}://${instance.host}:${instance.port}/${instance.name} (access key ${instance.username}, secret key ${password})`;
  const path = instance.databaseName ? `/${instance.databaseName}` : '';
  return `${access.scheme}://${user}:${secret}@${instance.host}:${instance.port}${path}`;
}

/** 32 characters of [a-z0-9]: about 165 bits. */
export function newPassword(): string {
  return randomString(32);
}

export function passwordContext(instanceId: string): string {
  return `middleware-password:${instanceId}`;
}

/**
 * The instances of a settled middleware order, for the settling batch: one per line that names
 * where it runs, waiting for its creation. Settled twice, the unique (order, line) index keeps one.
 */
function instanceRow(order: Pick<Order, 'id' | 'organizationId'>, line: OrderMiddlewareLine, index: number, name: string, now: number): NewMiddlewareInstance | null {
  if (!line.clusterId || !line.middlewareId || !line.engine || !line.regionId) return null;
  const access = accessOf(line.engine);
  return {
    id: newId('middlewareInstance'),
    organizationId: order.organizationId,
    orderId: order.id,
    lineIndex: index,
    middlewareId: line.middlewareId,
    planId: line.planId,
    clusterId: line.clusterId,
    regionId: line.regionId,
    name,
    version: line.version ?? '',
    status: 'pending',
    host: access.service(name),
    port: access.port,
    databaseName: access.database,
    username: access.username,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The instances of a settled middleware order, for the settling batch: one per line that names
 * where it runs, waiting for its creation. Settled twice, the unique (order, line) index keeps one;
 * a name another instance took meanwhile (two orders of one name paid at once) skips the row here,
 * and ensureOrderInstances creates it under a name of its own once the batch is committed.
 */
export function instanceStatements(db: Database, order: Order, now: number): Statement[] {
  return order.lines.flatMap((line, index) => {
    const row = line.kind === 'middleware' && line.name ? instanceRow(order, line, index, line.name, now) : null;
    return row ? [db.insert(middlewareInstances).values(row).onConflictDoNothing()] : [];
  });
}

/**
 * Every placed line of a settled order has its instance: one whose name was taken between ordering
 * and paying gets the name with a suffix ("orders-db-4k2m"), so what was paid for is always there.
 */
export async function ensureOrderInstances(db: Database, order: Pick<Order, 'id' | 'organizationId' | 'lines'>, now: number): Promise<void> {
  const present = new Set((await db.select({ lineIndex: middlewareInstances.lineIndex }).from(middlewareInstances).where(eq(middlewareInstances.orderId, order.id))).map((row) => row.lineIndex));
  for (const [index, line] of order.lines.entries()) {
    if (line.kind !== 'middleware' || !line.name || present.has(index)) continue;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = instanceRow(order, line, index, `${line.name.slice(0, 35)}-${randomString(4)}`, now);
      if (!row) break;
      const inserted = await db.insert(middlewareInstances).values(row).onConflictDoNothing().returning({ id: middlewareInstances.id });
      if (inserted.length > 0) break;
      // The (order, line) instance appeared meanwhile: nothing more to do for this line.
      const [again] = await db.select({ id: middlewareInstances.id }).from(middlewareInstances).where(and(eq(middlewareInstances.orderId, order.id), eq(middlewareInstances.lineIndex, index)));
      if (again) break;
    }
  }
}

/** The instance with its plan and middleware, for operations and screens. */
export async function loadInstance(db: Database, id: string) {
  const [row] = await db
    .select({ instance: middlewareInstances, plan: middlewarePlans, middleware: middlewares })
    .from(middlewareInstances)
    .innerJoin(middlewarePlans, eq(middlewarePlans.id, middlewareInstances.planId))
    .innerJoin(middlewares, eq(middlewares.id, middlewareInstances.middlewareId))
    .where(eq(middlewareInstances.id, id))
    .limit(1);
  return row ?? null;
}

export type LoadedInstance = NonNullable<Awaited<ReturnType<typeof loadInstance>>>;

/** "PostgreSQL orders-db" */
export function instanceLabel(loaded: Pick<LoadedInstance, 'instance' | 'middleware'>): string {
  return `${loaded.middleware.name} ${loaded.instance.name}`;
}

type Deps = EngineDeps & Pick<Context, 'ports'>;

/**
 * Starts creating a pending instance in its cluster, with its password sealed in the same batch.
 * A cluster busy with another operation (or not running) keeps it pending: the sweep
 * (startPendingInstances) starts it once the cluster is free. Returns whether it started.
 */
export async function startInstanceCreation(deps: Deps, instanceId: string, requestedBy: string | null): Promise<boolean> {
  const loaded = await loadInstance(deps.db, instanceId);
  if (!loaded || loaded.instance.status !== 'pending') return false;
  const { instance, plan } = loaded;
  const state = await loadClusterState(deps.db, instance.clusterId);
  if (!state || state.cluster.status !== 'running' || (await runningOperation(deps.db, instance.clusterId))) return false;
  const now = deps.ports.clock.now();
  const label = instanceLabel(loaded);
  const password = await deps.ports.secrets.seal(newPassword(), passwordContext(instance.id));
  try {
    await startOperation(deps, state, {
      clusterId: instance.clusterId,
      type: 'middleware_create',
      params: {
        middlewareInstanceId: instance.id,
        middlewareLabel: label,
        replicas: plan.nodes ?? 1,
        storageGb: plan.storageGb,
        highAvailability: plan.highAvailability,
      },
      requestedBy,
      orderId: instance.orderId,
      message: `Creating ${label} in ${state.cluster.name} started for order ${instance.orderId}.`,
      with: [
        deps.db
          .update(middlewareInstances)
          .set({ status: 'provisioning', password, passwordRotatedAt: now, updatedAt: now })
          .where(and(eq(middlewareInstances.id, instance.id), eq(middlewareInstances.status, 'pending'))),
      ],
    });
    return true;
  } catch (error) {
    // Another operation of the cluster started meanwhile: the sweep tries again.
    if (error instanceof TRPCError && error.code === 'CONFLICT') return false;
    throw error;
  }
}

/** Creates the instances of a settled order that can start now (the rest wait for the sweep). */
export async function startOrderInstances(deps: Deps, order: Pick<Order, 'id' | 'userId' | 'organizationId' | 'lines'>): Promise<void> {
  await ensureOrderInstances(deps.db, order, deps.ports.clock.now());
  const rows = await deps.db
    .select({ id: middlewareInstances.id })
    .from(middlewareInstances)
    .where(and(eq(middlewareInstances.orderId, order.id), eq(middlewareInstances.status, 'pending')));
  for (const row of rows) {
    await startInstanceCreation(deps, row.id, order.userId).catch((error: unknown) => logError('Starting a middleware instance failed', error));
  }
}

/**
 * When an operation of a cluster ends, the first middleware waiting for that cluster starts at
 * once (the cluster's operator calls this), rather than at the next sweep. Returns whether one did.
 */
export async function startPendingAfter(deps: Deps, operationId: string): Promise<boolean> {
  const [operation] = await deps.db.select({ clusterId: clusterOperations.clusterId }).from(clusterOperations).where(eq(clusterOperations.id, operationId));
  if (!operation) return false;
  const [waiting] = await deps.db
    .select({ id: middlewareInstances.id })
    .from(middlewareInstances)
    .where(and(eq(middlewareInstances.clusterId, operation.clusterId), eq(middlewareInstances.status, 'pending')))
    .orderBy(middlewareInstances.createdAt)
    .limit(1);
  return waiting ? startInstanceCreation(deps, waiting.id, null) : false;
}

/** The sweep: pending instances whose cluster is free now start (cron, every five minutes). */
export async function startPendingInstances(deps: Deps): Promise<number> {
  // A settled order whose instance was not written (the process stopped before ensureOrderInstances).
  const settling = await deps.db.select({ id: orders.id, organizationId: orders.organizationId, lines: orders.lines }).from(orders).where(and(eq(orders.kind, 'middleware'), eq(orders.status, 'provisioning')));
  for (const order of settling) await ensureOrderInstances(deps.db, order, deps.ports.clock.now());
  const rows = await deps.db
    .select({ id: middlewareInstances.id, clusterId: middlewareInstances.clusterId })
    .from(middlewareInstances)
    .where(eq(middlewareInstances.status, 'pending'))
    .orderBy(middlewareInstances.createdAt);
  let started = 0;
  const tried = new Set<string>();
  for (const row of rows) {
    // One operation per cluster at a time: the first pending instance of each cluster goes.
    if (tried.has(row.clusterId)) continue;
    tried.add(row.clusterId);
    try {
      if (await startInstanceCreation(deps, row.id, null)) started += 1;
    } catch (error) {
      logError('Starting a pending middleware instance failed', error);
    }
  }
  return started;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Daily backups of running instances, and the removal of expired ones. A backup's id is its
 * instance and UTC day, so a repeated run takes none twice.
 */
export async function takeScheduledBackups(db: Database, now: number): Promise<{ taken: number; expired: number }> {
  const running = await db
    .select({ id: middlewareInstances.id, storageGb: middlewarePlans.storageGb })
    .from(middlewareInstances)
    .innerJoin(middlewarePlans, eq(middlewarePlans.id, middlewareInstances.planId))
    .where(eq(middlewareInstances.status, 'running'));
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
  let taken = 0;
  for (const instance of running) {
    const [latest] = await db
      .select({ createdAt: middlewareBackups.createdAt })
      .from(middlewareBackups)
      .where(and(eq(middlewareBackups.instanceId, instance.id), eq(middlewareBackups.kind, 'scheduled')))
      .orderBy(desc(middlewareBackups.createdAt))
      .limit(1);
    if (latest && now - latest.createdAt < DAY_MS - 60 * 60_000) continue;
    const inserted = await db
      .insert(middlewareBackups)
      .values({ id: `mwb_${instance.id.replace(/^mwi_/, '')}_${day}`, instanceId: instance.id, kind: 'scheduled', sizeMb: backupSizeMb(instance.storageGb), createdAt: now, expiresAt: now + BACKUP_RETENTION_MS })
      .onConflictDoNothing()
      .returning({ id: middlewareBackups.id });
    taken += inserted.length;
  }
  const expired = await db.delete(middlewareBackups).where(lt(middlewareBackups.expiresAt, now)).returning({ id: middlewareBackups.id });
  return { taken, expired: expired.length };
}
