import { clusters, middlewareInstances, middlewarePlans, middlewares, orders, type Database, type OrderMiddlewareLine } from '@kubemarket/db';
import type { MiddlewarePlacement } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';

/**
 * Where an ordered middleware runs (issue 31): a cluster of the organisation, in a region the
 * middleware is offered in, under a name no live instance (nor an order awaiting payment) has.
 * Checked before the order is written, so a customer learns it at ordering, not after paying.
 */

export type MiddlewareOrderLine = { kind: 'middleware'; planId: string } & MiddlewarePlacement;

/** Clusters a middleware can be placed in: alive and not failed (a busy one takes it once free). */
const PLACEABLE = ['running', 'updating', 'upgrading', 'provisioning'] as const;

function badRequest(message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}

export const MIDDLEWARE_CLUSTER_NOT_FOUND = 'No cluster with this id in your organisation.';

export async function placeMiddlewareLines(db: Database, organizationId: string, lines: readonly MiddlewareOrderLine[]): Promise<OrderMiddlewareLine[]> {
  const names = new Set<string>();
  for (const line of lines) {
    if (names.has(line.name)) badRequest(`Two middlewares of this order are named "${line.name}"; give each its own name.`);
    names.add(line.name);
  }
  const clusterIds = [...new Set(lines.map((line) => line.clusterId))];
  const planIds = [...new Set(lines.map((line) => line.planId))];
  const [clusterRows, planRows, taken, pending] = await Promise.all([
    db
      .select({ id: clusters.id, name: clusters.name, region: clusters.region, status: clusters.status })
      .from(clusters)
      .where(and(eq(clusters.organizationId, organizationId), inArray(clusters.id, clusterIds))),
    db
      .select({ id: middlewarePlans.id, middlewareId: middlewares.id, engine: middlewares.engine, middlewareName: middlewares.name, regionIds: middlewares.regionIds, versions: middlewares.versions })
      .from(middlewarePlans)
      .innerJoin(middlewares, eq(middlewares.id, middlewarePlans.middlewareId))
      .where(inArray(middlewarePlans.id, planIds)),
    db
      .select({ name: middlewareInstances.name })
      .from(middlewareInstances)
      .where(and(eq(middlewareInstances.organizationId, organizationId), ne(middlewareInstances.status, 'deleted'), inArray(middlewareInstances.name, [...names]))),
    db
      .select({ id: orders.id, lines: orders.lines })
      .from(orders)
      .where(
        and(
          eq(orders.organizationId, organizationId),
          eq(orders.status, 'pending'),
          eq(orders.kind, 'middleware'),
          sql`EXISTS (SELECT 1 FROM json_each(${orders.lines}) WHERE json_extract(value, '$.name') IN (${sql.join([...names].map((name) => sql`${name}`), sql`, `)}))`,
        ),
      )
      .limit(1),
  ]);
  const clusterById = new Map(clusterRows.map((row) => [row.id, row]));
  const planById = new Map(planRows.map((row) => [row.id, row]));
  if (taken[0]) badRequest(`Your organisation already has a middleware named "${taken[0].name}"; choose another name.`);
  const clash = pending[0]?.lines.find((line): line is OrderMiddlewareLine => line.kind === 'middleware' && 'name' in line && names.has(line.name ?? ''));
  if (pending[0] && clash) badRequest(`Order ${pending[0].id}, awaiting payment, already creates a middleware named "${clash.name}"; pay or cancel it, or choose another name.`);

  return lines.map((line): OrderMiddlewareLine => {
    const cluster = clusterById.get(line.clusterId);
    if (!cluster) throw new TRPCError({ code: 'NOT_FOUND', message: MIDDLEWARE_CLUSTER_NOT_FOUND });
    if (!(PLACEABLE as readonly string[]).includes(cluster.status)) {
      badRequest(
        cluster.status === 'hibernated'
          ? `The cluster ${cluster.name} is hibernated; wake it up first, or choose another cluster.`
          : `The cluster ${cluster.name} is ${cluster.status === 'deleting' || cluster.status === 'deleted' ? 'deleted or being deleted' : 'in a failed state'}; choose another cluster.`,
      );
    }
    // The quote reports an unknown plan in its own words; only a known plan is placed here.
    const plan = planById.get(line.planId);
    if (!plan) return { kind: 'middleware', planId: line.planId };
    if (plan.regionIds.length > 0 && !plan.regionIds.includes(cluster.region)) {
      badRequest(`${plan.middlewareName} is not offered in ${cluster.region}, where ${cluster.name} runs; it is offered in ${plan.regionIds.join(', ')}.`);
    }
    const version = line.version ?? plan.versions[0] ?? '';
    if (plan.versions.length > 0 && !plan.versions.includes(version)) {
      badRequest(`${plan.middlewareName} ${version} is not offered; choose ${plan.versions.join(' or ')}.`);
    }
    return { kind: 'middleware', planId: line.planId, name: line.name, clusterId: cluster.id, clusterName: cluster.name, regionId: cluster.region, version, middlewareId: plan.middlewareId, engine: plan.engine };
  });
}
