import {
  clusterEvents,
  clusters,
  kubeconfigIssuances,
  newId,
  type Cluster,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { CertificateAuthority } from '../../platform/provisioner';
import { caKeyContext, type ClusterState } from './engine';
import { describeActor } from './pools';
import { changeableState, ownState, type OrgContext } from './service-common';

// Credentials

/**
 * The CA the simulator signs kubeconfigs with. A running simulator cluster without one (a seeded
 * cluster: the seed stores no private keys) gets one now, as a credential rotation would make it;
 * of two downloads racing to create it, the first stored wins and both sign with that one.
 * Gardener signs with the Shoot's own CA, so nothing is created for it.
 */
export async function clusterCa(ctx: OrgContext, state: ClusterState, now: number): Promise<CertificateAuthority | null> {
  const { cluster } = state;
  const open = async (certificatePem: string, sealed: NonNullable<Cluster['caPrivateKey']>) => ({ certificatePem, privateKeyPem: await ctx.ports.secrets.open(sealed, caKeyContext(cluster.id)) });
  if (cluster.caCertificate && cluster.caPrivateKey) return open(cluster.caCertificate, cluster.caPrivateKey);
  if (ctx.ports.provisioner.kind !== 'simulator') return null;
  const { ca } = await ctx.ports.provisioner.rotateCredentials(state.spec, now);
  if (!ca) return null;
  await ctx.db
    .update(clusters)
    .set({ caCertificate: ca.certificatePem, caPrivateKey: await ctx.ports.secrets.seal(ca.privateKeyPem, caKeyContext(cluster.id)), updatedAt: now })
    .where(and(eq(clusters.id, cluster.id), isNull(clusters.caCertificate)));
  const [stored] = await ctx.db.select({ caCertificate: clusters.caCertificate, caPrivateKey: clusters.caPrivateKey }).from(clusters).where(eq(clusters.id, cluster.id));
  return stored?.caCertificate && stored.caPrivateKey ? open(stored.caCertificate, stored.caPrivateKey) : null;
}

export async function issueKubeconfig(ctx: OrgContext, input: { id: string; expiresInSeconds: number }) {
  const state = await ownState(ctx, input.id);
  const { cluster } = state;
  if (!cluster.endpoint || !['running', 'updating', 'upgrading'].includes(cluster.status)) {
    throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${cluster.name} has no reachable API server right now (${cluster.status}); a kubeconfig is available once it runs.` });
  }
  const now = ctx.ports.clock.now();
  const ca = await clusterCa(ctx, state, now);
  const issued = await ctx.ports.provisioner.issueKubeconfig({
    cluster: state.spec,
    ca,
    user: { id: ctx.user.id, username: ctx.user.username, organizationId: ctx.user.organizationId },
    expiresInSeconds: input.expiresInSeconds,
    now,
  });
  await ctx.db.batch([
    ctx.db.insert(kubeconfigIssuances).values({
      id: newId('kubeconfig'),
      clusterId: cluster.id,
      userId: ctx.user.id,
      serialNumber: issued.serialNumber,
      notAfter: issued.notAfter,
      caFingerprint: issued.caFingerprint,
      createdAt: now,
    }),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: cluster.id,
      operationId: null,
      type: 'kubeconfig_issued',
      message: `${describeActor(ctx)} downloaded a kubeconfig valid until ${new Date(issued.notAfter).toISOString().replace('.000Z', 'Z')}.`,
      actorUserId: ctx.user.id,
      data: { serialNumber: issued.serialNumber, notAfter: issued.notAfter },
      createdAt: now,
    }),
  ]);
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'cluster.kubeconfig', targetType: 'cluster', targetId: cluster.id, ipAddress: ctx.request.ipAddress, metadata: { serialNumber: issued.serialNumber, notAfter: issued.notAfter } }, now);
  return { kubeconfig: issued.yaml, expiresAt: issued.notAfter, serialNumber: issued.serialNumber };
}

export async function revokeCredentials(ctx: OrgContext, id: string): Promise<{ revoked: number }> {
  const state = await changeableState(ctx, id, ['running', 'hibernated']);
  const now = ctx.ports.clock.now();
  const rotated = await ctx.ports.provisioner.rotateCredentials(state.spec, now);
  const statements = [];
  if (rotated.ca) {
    statements.push(
      ctx.db
        .update(clusters)
        .set({ caCertificate: rotated.ca.certificatePem, caPrivateKey: await ctx.ports.secrets.seal(rotated.ca.privateKeyPem, caKeyContext(id)), updatedAt: now })
        .where(eq(clusters.id, id)),
    );
  }
  const [live] = await ctx.db
    .select({ value: count() })
    .from(kubeconfigIssuances)
    .where(and(eq(kubeconfigIssuances.clusterId, id), isNull(kubeconfigIssuances.revokedAt), gte(kubeconfigIssuances.notAfter, now)));
  const revoked = live?.value ?? 0;
  statements.push(
    ctx.db.update(kubeconfigIssuances).set({ revokedAt: now }).where(and(eq(kubeconfigIssuances.clusterId, id), isNull(kubeconfigIssuances.revokedAt))),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: id,
      operationId: null,
      type: 'credentials_revoked',
      message: `${describeActor(ctx)} revoked every kubeconfig issued so far (${revoked} still valid); the cluster's certificate authority was rotated.`,
      actorUserId: ctx.user.id,
      createdAt: now,
    }),
  );
  await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'cluster.credentials.revoke', targetType: 'cluster', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { revoked } }, now);
  return { revoked };
}
