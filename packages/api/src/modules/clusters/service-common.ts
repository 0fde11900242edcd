import {
  type Cluster,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { loadClusterState, runningOperation, busyMessage, type ClusterState } from './engine';
import type { SignedInContext } from '../../trpc';

export type OrgContext = SignedInContext;

export const CLUSTER_NOT_FOUND = 'No cluster with this id in your organisation.';

export function notFound(message = CLUSTER_NOT_FOUND): never {
  throw new TRPCError({ code: 'NOT_FOUND', message });
}

export function badRequest(message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}

/** The cluster of the caller's organisation (another organisation's id is a 404, like a missing one). */
export async function ownState(ctx: OrgContext, id: string): Promise<ClusterState> {
  const state = await loadClusterState(ctx.db, id);
  if (!state || state.cluster.organizationId !== ctx.user.organizationId) notFound();
  return state;
}

/** A cluster that can take a change now: alive, not failed, not busy. */
export async function changeableState(ctx: OrgContext, id: string, allowed: ReadonlyArray<Cluster['status']> = ['running']): Promise<ClusterState> {
  const state = await ownState(ctx, id);
  const { status, name } = state.cluster;
  if (status === 'deleted' || status === 'deleting') throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${name} is ${status === 'deleted' ? 'deleted' : 'being deleted'}.` });
  const running = await runningOperation(ctx.db, id);
  if (running) throw new TRPCError({ code: 'CONFLICT', message: busyMessage(running) });
  if (!allowed.includes(status)) {
    const why: Partial<Record<Cluster['status'], string>> = {
      hibernated: `The cluster ${name} is hibernated; wake it up first.`,
      failed: `The cluster ${name} failed to provision; retry its provisioning or delete it.`,
      provisioning: `The cluster ${name} is still being provisioned.`,
    };
    throw new TRPCError({ code: 'CONFLICT', message: why[status] ?? `The cluster ${name} cannot take this change while it is ${status}.` });
  }
  return state;
}
