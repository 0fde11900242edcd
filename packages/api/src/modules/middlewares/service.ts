import {
  clusterOperations,
  clusters,
  dataCenters,
  middlewareBackups,
  middlewareInstances,
  middlewarePlans,
  middlewares,
  newId,
  orders,
  usageRecords,
  type MiddlewareInstance,
  type MiddlewarePlan,
} from '@kubemarket/db';
import type { BillingCycle } from '@kubemarket/shared';
import { deleteConfirmationMatches } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { busyMessage, loadClusterState, retryOperation, runningOperation, startOperation } from '../clusters';
import { BACKUP_RETENTION_MS, backupSizeMb } from '../clusters';
import { operationView } from '../clusters';
import { CLUSTER_OPERATION_PHRASES } from '@kubemarket/shared';
import { connectionString, instanceLabel, loadInstance, newPassword, passwordContext, type LoadedInstance } from './lifecycle';
import type { deleteInputSchema, InstanceDetail, InstanceSummary, listInstancesInputSchema, resizeInputSchema, restoreInputSchema } from './schemas';
import type { SignedInContext } from '../../trpc';

/**
 * Managed middleware instances (issue 31): their page, credentials, backups, resize and deletion.
 * Each runs in a cluster of the organisation; every change that takes time is an operation of
 * that cluster's operator (lifecycle.ts, ADR 31). Another organisation's instance is a 404.
 */

type OrgContext = SignedInContext;

export const MIDDLEWARE_NOT_FOUND = 'No middleware with this id in your organisation.';
const MASK = '••••••••';
const DAY_MS = 24 * 60 * 60_000;

function notFound(message = MIDDLEWARE_NOT_FOUND): never {
  throw new TRPCError({ code: 'NOT_FOUND', message });
}
function badRequest(message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}
function conflict(message: string): never {
  throw new TRPCError({ code: 'CONFLICT', message });
}

/** A month of a plan at a billing cycle: a yearly price is spread over its 12 months. */
export function monthlyAt(plan: Pick<MiddlewarePlan, 'monthlyPriceCents' | 'yearlyPriceCents'>, cycle: BillingCycle): number {
  return cycle === 'yearly' && plan.yearlyPriceCents !== null ? Math.round(plan.yearlyPriceCents / 12) : plan.monthlyPriceCents;
}

function planView(plan: MiddlewarePlan, cycle: BillingCycle) {
  return { id: plan.id, name: plan.name, nodes: plan.nodes, vcpu: plan.vcpu, memoryGb: plan.memoryGb, storageGb: plan.storageGb, highAvailability: plan.highAvailability, monthlyCents: monthlyAt(plan, cycle) };
}

async function ownInstance(ctx: OrgContext, id: string): Promise<LoadedInstance> {
  const loaded = await loadInstance(ctx.db, id);
  if (!loaded || loaded.instance.organizationId !== ctx.user.organizationId) notFound();
  return loaded;
}

const summaryColumns = {
  instance: middlewareInstances,
  plan: middlewarePlans,
  middleware: { id: middlewares.id, name: middlewares.name, engine: middlewares.engine, category: middlewares.category },
  clusterName: clusters.name,
  regionName: dataCenters.name,
  cycle: orders.cycle,
};

function summaryQuery(ctx: OrgContext) {
  return ctx.db
    .select(summaryColumns)
    .from(middlewareInstances)
    .innerJoin(middlewarePlans, eq(middlewarePlans.id, middlewareInstances.planId))
    .innerJoin(middlewares, eq(middlewares.id, middlewareInstances.middlewareId))
    .innerJoin(clusters, eq(clusters.id, middlewareInstances.clusterId))
    .innerJoin(dataCenters, eq(dataCenters.id, middlewareInstances.regionId))
    .innerJoin(orders, eq(orders.id, middlewareInstances.orderId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['where']>>[number];

/** What each deleted instance cost from creation to deletion (its metered hours), cents. */
async function costsOf(ctx: OrgContext, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ subjectId: usageRecords.subjectId, millicents: sql<number>`sum(${usageRecords.amountMillicents})` })
    .from(usageRecords)
    .where(and(eq(usageRecords.organizationId, ctx.user.organizationId), inArray(usageRecords.subjectId, ids)))
    .groupBy(usageRecords.subjectId);
  return new Map(rows.map((row) => [row.subjectId, Math.round(Number(row.millicents) / 1000)]));
}

function summaryView(row: SummaryRow, costs: ReadonlyMap<string, number>): InstanceSummary {
  const { instance } = row;
  return {
    id: instance.id,
    name: instance.name,
    status: instance.status,
    statusReason: instance.statusReason,
    middleware: row.middleware,
    plan: planView(row.plan, row.cycle),
    version: instance.version,
    cluster: { id: instance.clusterId, name: row.clusterName },
    region: { id: instance.regionId, name: row.regionName },
    cycle: row.cycle,
    orderId: instance.orderId,
    createdAt: instance.createdAt,
    readyAt: instance.readyAt,
    deletedAt: instance.deletedAt,
    costUntilDeletionCents: instance.status === 'deleted' ? (costs.get(instance.id) ?? 0) : null,
  };
}

export async function listInstances(ctx: OrgContext, input: z.output<typeof listInstancesInputSchema>): Promise<{ items: InstanceSummary[] }> {
  const now = ctx.ports.clock.now();
  const rows = await summaryQuery(ctx)
    .where(
      and(
        eq(middlewareInstances.organizationId, ctx.user.organizationId),
        input.includeDeleted ? or(ne(middlewareInstances.status, 'deleted'), gte(middlewareInstances.deletedAt, now - 90 * DAY_MS)) : ne(middlewareInstances.status, 'deleted'),
      ),
    )
    .orderBy(asc(middlewareInstances.name));
  const costs = await costsOf(ctx, rows.filter((row) => row.instance.status === 'deleted').map((row) => row.instance.id));
  return { items: rows.map((row) => summaryView(row, costs)) };
}

/** The instance's latest operation, found by the instance id its operations carry. */
async function latestOperation(ctx: OrgContext, instance: MiddlewareInstance) {
  const [row] = await ctx.db
    .select()
    .from(clusterOperations)
    .where(and(eq(clusterOperations.clusterId, instance.clusterId), sql`json_extract(${clusterOperations.params}, '$.middlewareInstanceId') = ${instance.id}`))
    .orderBy(desc(clusterOperations.createdAt))
    .limit(1);
  return row ?? null;
}

async function waitingFor(ctx: OrgContext, instance: MiddlewareInstance, clusterName: string): Promise<string | null> {
  if (instance.status !== 'pending') return null;
  const [cluster] = await ctx.db.select({ status: clusters.status }).from(clusters).where(eq(clusters.id, instance.clusterId));
  const running = await runningOperation(ctx.db, instance.clusterId);
  if (running) return `Waiting for ${clusterName} to finish ${CLUSTER_OPERATION_PHRASES[running.type]}; its creation starts as soon as that is done.`;
  if (cluster?.status === 'hibernated') return `Waiting for ${clusterName}, which is hibernated: wake it up, and its creation starts once it runs.`;
  if (cluster?.status === 'provisioning') return `Waiting for ${clusterName} to finish provisioning; its creation starts as soon as that is done.`;
  return 'Starting within five minutes.';
}

export async function getInstance(ctx: OrgContext, id: string): Promise<InstanceDetail> {
  const [row] = await summaryQuery(ctx).where(and(eq(middlewareInstances.id, id), eq(middlewareInstances.organizationId, ctx.user.organizationId)));
  if (!row) notFound();
  const { instance } = row;
  const [costs, backups, operation, plans, waiting] = await Promise.all([
    costsOf(ctx, instance.status === 'deleted' ? [instance.id] : []),
    ctx.db.select().from(middlewareBackups).where(eq(middlewareBackups.instanceId, instance.id)).orderBy(desc(middlewareBackups.createdAt)),
    latestOperation(ctx, instance),
    ctx.db
      .select()
      .from(middlewarePlans)
      .where(and(eq(middlewarePlans.middlewareId, instance.middlewareId), isNull(middlewarePlans.archivedAt)))
      .orderBy(asc(middlewarePlans.sortOrder)),
    waitingFor(ctx, instance, row.clusterName),
  ]);
  const now = ctx.ports.clock.now();
  return {
    ...summaryView(row, costs),
    endpoint: {
      host: instance.host,
      port: instance.port,
      databaseName: instance.databaseName,
      username: instance.username,
      connectionString: connectionString(row.middleware.engine, instance, MASK),
    },
    passwordRotatedAt: instance.passwordRotatedAt,
    waitingFor: waiting,
    backups: backups.map(({ id: backupId, kind, sizeMb, createdAt, expiresAt }) => ({ id: backupId, kind, sizeMb, createdAt, expiresAt })),
    operation: operation ? operationView(operation, now) : null,
    resizeOptions: plans
      .filter((plan) => plan.id !== instance.planId)
      .map((plan) => {
        const reason = resizeRefusal(row.plan, plan);
        return { ...planView(plan, row.cycle), allowed: reason === null, reason };
      }),
  };
}

/** Volumes grow, never shrink; and a high-availability instance keeps its replicas. */
function resizeRefusal(current: MiddlewarePlan, target: MiddlewarePlan): string | null {
  if (target.storageGb < current.storageGb) return `Volumes cannot shrink: ${target.name} has ${target.storageGb} GB, less than the ${current.storageGb} GB in use.`;
  if (current.highAvailability && !target.highAvailability) return `${target.name} has no automatic failover; moving a high-availability instance to it would drop its replicas.`;
  return null;
}

function assertRunning(loaded: LoadedInstance, what: string) {
  const { status, name } = loaded.instance;
  if (status === 'running') return;
  const now: Partial<Record<MiddlewareInstance['status'], string>> = {
    pending: 'waiting to be created',
    provisioning: 'being created',
    updating: 'being resized',
    restoring: 'being restored',
    failed: 'not created: its creation failed',
    deleting: 'being deleted',
    deleted: 'deleted',
  };
  conflict(`${name} is ${now[status] ?? status}, so ${what} has to wait.`);
}

async function revealedCredentials(ctx: OrgContext, loaded: LoadedInstance) {
  const { instance, middleware } = loaded;
  if (!instance.password) conflict(`${instance.name} has no credentials yet: they are created with it.`);
  const password = await ctx.ports.secrets.open(instance.password, passwordContext(instance.id));
  return { username: instance.username, password, connectionString: connectionString(middleware.engine, instance, password), rotatedAt: instance.passwordRotatedAt };
}

/** The password and connection string, revealed on demand; each reveal is in the audit log. */
export async function revealCredentials(ctx: OrgContext, id: string) {
  const loaded = await ownInstance(ctx, id);
  if (loaded.instance.status === 'deleted' || loaded.instance.status === 'deleting') conflict(`${loaded.instance.name} is ${loaded.instance.status === 'deleted' ? 'deleted' : 'being deleted'}; its credentials are gone.`);
  const credentials = await revealedCredentials(ctx, loaded);
  await audit(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.user.organizationId, action: 'middleware.credentials_revealed', targetType: 'middleware', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { name: loaded.instance.name } }, ctx.ports.clock.now());
  return credentials;
}

/**
 * A new password, effective at once (in production the operator's Secret is updated and the
 * engine's role altered). The old one stops working; the update is conditional on the one read,
 * so two rotations at once leave exactly one password.
 */
export async function rotatePassword(ctx: OrgContext, id: string) {
  const loaded = await ownInstance(ctx, id);
  assertRunning(loaded, 'a new password');
  const now = ctx.ports.clock.now();
  const previous = loaded.instance.password;
  const sealed = await ctx.ports.secrets.seal(newPassword(), passwordContext(id));
  const updated = await ctx.db
    .update(middlewareInstances)
    .set({ password: sealed, passwordRotatedAt: now, updatedAt: now })
    .where(and(eq(middlewareInstances.id, id), eq(middlewareInstances.status, 'running'), previous ? sql`${middlewareInstances.password} = ${JSON.stringify(previous)}` : isNull(middlewareInstances.password)))
    .returning({ id: middlewareInstances.id });
  if (updated.length === 0) conflict(`The password of ${loaded.instance.name} was just changed by someone else; reveal it to see the new one.`);
  await audit(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.user.organizationId, action: 'middleware.password_rotated', targetType: 'middleware', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { name: loaded.instance.name } }, now);
  return revealedCredentials(ctx, { ...loaded, instance: { ...loaded.instance, password: sealed, passwordRotatedAt: now } });
}

/** A backup now, kept 7 days like the daily ones; at most one a minute. */
export async function backupNow(ctx: OrgContext, id: string) {
  const loaded = await ownInstance(ctx, id);
  assertRunning(loaded, 'a backup');
  const now = ctx.ports.clock.now();
  // One per instance and minute: a double click takes one backup.
  const backupId = `${newId('middlewareBackup')}`;
  const minute = Math.floor(now / 60_000);
  const [recent] = await ctx.db
    .select({ id: middlewareBackups.id })
    .from(middlewareBackups)
    .where(and(eq(middlewareBackups.instanceId, id), eq(middlewareBackups.kind, 'manual'), gte(middlewareBackups.createdAt, minute * 60_000)))
    .limit(1);
  if (recent) conflict('A backup was taken less than a minute ago.');
  const row = { id: backupId, instanceId: id, kind: 'manual' as const, sizeMb: backupSizeMb(loaded.plan.storageGb), requestedBy: ctx.user.id, createdAt: now, expiresAt: now + BACKUP_RETENTION_MS };
  await ctx.db.insert(middlewareBackups).values(row);
  await audit(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.user.organizationId, action: 'middleware.backup_taken', targetType: 'middleware', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { name: loaded.instance.name, backupId } }, now);
  return { id: row.id, kind: row.kind, sizeMb: row.sizeMb, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

/**
 * Starts an operation of the instance on its cluster, with the instance's own status change in
 * the same batch; the cluster's one-operation-at-a-time index refuses a second one.
 */
async function startInstanceOperation(
  ctx: OrgContext,
  loaded: LoadedInstance,
  input: { type: 'middleware_resize' | 'middleware_restore' | 'middleware_delete'; status: MiddlewareInstance['status']; params: Record<string, unknown>; message: string },
) {
  const state = await loadClusterState(ctx.db, loaded.instance.clusterId);
  if (!state) notFound();
  const busy = await runningOperation(ctx.db, loaded.instance.clusterId);
  if (busy) conflict(`${busyMessage(busy)} ${loaded.instance.name} runs in it, so this waits until it is done.`);
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: loaded.instance.clusterId,
    type: input.type,
    params: { middlewareInstanceId: loaded.instance.id, middlewareLabel: instanceLabel(loaded), ...input.params },
    requestedBy: ctx.user.id,
    message: input.message,
    with: [
      ctx.db
        .update(middlewareInstances)
        .set({ status: input.status, statusReason: null, updatedAt: now })
        .where(and(eq(middlewareInstances.id, loaded.instance.id), eq(middlewareInstances.status, 'running'))),
    ],
  });
  return operationView(operation, ctx.ports.clock.now());
}

export async function restoreBackup(ctx: OrgContext, input: z.output<typeof restoreInputSchema>) {
  const loaded = await ownInstance(ctx, input.id);
  assertRunning(loaded, 'a restore');
  const [backup] = await ctx.db.select().from(middlewareBackups).where(and(eq(middlewareBackups.id, input.backupId), eq(middlewareBackups.instanceId, input.id)));
  if (!backup) notFound('No backup with this id for this middleware.');
  return startInstanceOperation(ctx, loaded, {
    type: 'middleware_restore',
    status: 'restoring',
    params: { backupId: backup.id, backupTakenAt: backup.createdAt },
    message: `Restoring ${instanceLabel(loaded)} from its backup of ${new Date(backup.createdAt).toISOString()}.`,
  });
}

/** Another plan of the same middleware, billed by the hour from the change at the order's cycle. */
export async function resizeInstance(ctx: OrgContext, input: z.output<typeof resizeInputSchema>) {
  const loaded = await ownInstance(ctx, input.id);
  if (input.planId === loaded.instance.planId) badRequest(`${loaded.instance.name} already runs on ${loaded.plan.name}.`);
  const [target] = await ctx.db.select().from(middlewarePlans).where(and(eq(middlewarePlans.id, input.planId), eq(middlewarePlans.middlewareId, loaded.instance.middlewareId), isNull(middlewarePlans.archivedAt)));
  if (!target) badRequest(`That plan is not a plan of ${loaded.middleware.name}; choose one of its plans.`);
  const refusal = resizeRefusal(loaded.plan, target);
  if (refusal) badRequest(refusal);
  assertRunning(loaded, 'a resize');
  return startInstanceOperation(ctx, loaded, {
    type: 'middleware_resize',
    status: 'updating',
    params: { planId: target.id, planName: target.name },
    message: `Resizing ${instanceLabel(loaded)} from ${loaded.plan.name} to ${target.name}.`,
  });
}

/** Deletion, confirmed by the instance's name typed; billing stops when it is gone. */
export async function deleteInstance(ctx: OrgContext, input: z.output<typeof deleteInputSchema>) {
  const loaded = await ownInstance(ctx, input.id);
  if (!deleteConfirmationMatches(input.confirmName, loaded.instance.name)) badRequest(`Type the name of the middleware, ${loaded.instance.name}, to delete it.`);
  if (loaded.instance.status === 'failed' || loaded.instance.status === 'pending') {
    // Never created: nothing runs in the cluster, so it is gone at once.
    const now = ctx.ports.clock.now();
    const gone = await ctx.db
      .update(middlewareInstances)
      .set({ status: 'deleted', deletedAt: now, password: null, updatedAt: now })
      .where(and(eq(middlewareInstances.id, input.id), inArray(middlewareInstances.status, ['failed', 'pending'])))
      .returning({ id: middlewareInstances.id });
    if (gone.length === 0) conflict(`${loaded.instance.name} changed meanwhile; reload its page.`);
    await audit(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.user.organizationId, action: 'middleware.deleted', targetType: 'middleware', targetId: input.id, ipAddress: ctx.request.ipAddress, metadata: { name: loaded.instance.name } }, now);
    return null;
  }
  assertRunning(loaded, 'its deletion');
  return startInstanceOperation(ctx, loaded, { type: 'middleware_delete', status: 'deleting', params: {}, message: `Deleting ${instanceLabel(loaded)}.` });
}

/** Retries the instance's failed operation (a creation that failed) from its failed step. */
export async function retryInstance(ctx: OrgContext, id: string) {
  const loaded = await ownInstance(ctx, id);
  const operation = await latestOperation(ctx, loaded.instance);
  if (!operation || operation.status !== 'failed') conflict(`Nothing of ${loaded.instance.name} failed to retry.`);
  await retryOperation(ctx, operation, ctx.user.id);
  const [row] = await ctx.db.select().from(clusterOperations).where(eq(clusterOperations.id, operation.id));
  return operationView(row!, ctx.ports.clock.now());
}
