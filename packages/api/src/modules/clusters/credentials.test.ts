/**
 * A cluster's kubeconfigs and the revocation of its credentials.
 */
import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import { auditLog, clusterEvents, kubeconfigIssuances } from '@kubemarket/db';
import { asc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { aliceWithRunningCluster, clusterRow, clusterTestbed, refusal } from '../../testing';

function readKubeconfig(text: string) {
  const config = parse(text) as {
    clusters: Array<{ name: string; cluster: { server: string; 'certificate-authority-data': string } }>;
    users: Array<{ name: string; user: { 'client-certificate-data': string; 'client-key-data': string } }>;
    'current-context': string;
  };
  return {
    config,
    ca: new X509Certificate(atob(config.clusters[0]!.cluster['certificate-authority-data'])),
    client: new X509Certificate(atob(config.users[0]!.user['client-certificate-data'])),
  };
}
describe('clusters.kubeconfig and clusters.revokeCredentials', () => {
  it('issues a kubeconfig whose client certificate chains to the cluster CA and expires exactly when asked', async () => {
    const { t, alice, clusterId } = await aliceWithRunningCluster();
    t.clock.advance(1_234);
    const now = t.clock.now();
    const cluster = await clusterRow(t, clusterId);
    const issued = await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 86_400 });
    const { config, ca, client } = readKubeconfig(issued.kubeconfig);
    expect(config.clusters[0]).toMatchObject({ name: 'shop-prod', cluster: { server: cluster.endpoint } });
    expect(config['current-context']).toBe('alice@shop-prod');
    expect(ca.toString('pem').replace(/\r/g, '')).toBe(cluster.caCertificate!.replace(/\r/g, ''));
    expect(client.subject).toBe('CN=alice, O=kubemarket:cluster-admins');
    expect(await client.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);
    expect(await client.verify({ publicKey: ca.publicKey, date: new Date(now) })).toBe(true);
    const expected = Math.floor((now + 86_400_000) / 1000) * 1000;
    expect(client.notAfter.getTime()).toBe(expected);
    expect(issued).toMatchObject({ expiresAt: expected, serialNumber: client.serialNumber });

    const [row] = await t.db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, clusterId));
    expect(row).toMatchObject({ userId: 'usr_demo_alice', serialNumber: client.serialNumber, notAfter: expected, createdAt: now, revokedAt: null });
    expect(row!.caFingerprint).toBe(createHash('sha256').update(Buffer.from(ca.rawData)).digest('hex'));
    const [event] = (await alice.clusters.events({ id: clusterId, pageSize: 1 })).items;
    expect(event).toMatchObject({ type: 'kubeconfig_issued', actor: { id: 'usr_demo_alice', name: 'Alice Martin' }, message: `Alice Martin downloaded a kubeconfig valid until ${new Date(expected).toISOString().replace('.000Z', 'Z')}.` });
    expect(JSON.stringify(await t.db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId)))).not.toContain('PRIVATE KEY');
    // Audited in Acme's log: who took credentials for which cluster, from where; the certificate's serial, never the kubeconfig.
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'cluster.kubeconfig'));
    expect(audited).toEqual([
      expect.objectContaining({
        actorUserId: 'usr_demo_alice',
        organizationId: 'org_demo_acme',
        targetType: 'cluster',
        targetId: clusterId,
        createdAt: now,
        metadata: { serialNumber: client.serialNumber, notAfter: expected },
      }),
    ]);
    const entry = JSON.stringify(audited);
    const { 'client-key-data': key, 'client-certificate-data': certificate } = config.users[0]!.user;
    for (const secret of ['PRIVATE KEY', 'CERTIFICATE', key, certificate, issued.kubeconfig]) expect(entry).not.toContain(secret);

    // Seven days when not said; one hour and one year are the bounds.
    expect((await alice.clusters.kubeconfig({ id: clusterId })).expiresAt).toBe(Math.floor((now + 7 * 86_400_000) / 1000) * 1000);
    expect((await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 3600 })).expiresAt).toBe(Math.floor((now + 3_600_000) / 1000) * 1000);
    expect((await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 31_536_000 })).expiresAt).toBe(Math.floor((now + 31_536_000_000) / 1000) * 1000);
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 3599 }))).toEqual({ code: 'BAD_REQUEST', message: 'expiresInSeconds: A kubeconfig lasts at least 1 hour (3600 seconds).' });
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 31_536_001 }))).toEqual({ code: 'BAD_REQUEST', message: 'expiresInSeconds: A kubeconfig lasts at most 1 year (31536000 seconds).' });
    expect(await t.db.$count(kubeconfigIssuances, eq(kubeconfigIssuances.clusterId, clusterId))).toBe(4);
    // Viewers read clusters but do not get credentials.
    expect((await refusal((await t.as('vera')).clusters.kubeconfig({ id: clusterId }))).code).toBe('FORBIDDEN');
  });

  it('has no kubeconfig before the API server exists', async () => {
    const t = await clusterTestbed();
    const alice = await t.as('alice');
    const { clusterId } = await t.order(alice);
    expect(await refusal(alice.clusters.kubeconfig({ id: clusterId }))).toEqual({
      code: 'CONFLICT',
      message: 'The cluster shop-prod has no reachable API server right now (provisioning); a kubeconfig is available once it runs.',
    });
  });

  it('revokes every kubeconfig by rotating the CA: an old certificate no longer verifies, a new one does', async () => {
    const { t, alice, clusterId } = await aliceWithRunningCluster();
    const old = readKubeconfig((await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 3600 })).kubeconfig);
    await alice.clusters.kubeconfig({ id: clusterId, expiresInSeconds: 7200 });
    t.clock.advance(3_660_000);
    // The one-hour kubeconfig has expired by now; both are revoked.
    expect(await alice.clusters.revokeCredentials({ id: clusterId })).toEqual({ revoked: 1 });
    const cluster = await clusterRow(t, clusterId);
    const rotated = new X509Certificate(cluster.caCertificate!);
    expect(rotated.serialNumber).not.toBe(old.ca.serialNumber);
    expect(await old.client.verify({ publicKey: rotated.publicKey, signatureOnly: true })).toBe(false);
    expect(await old.client.verify({ publicKey: old.ca.publicKey, signatureOnly: true })).toBe(true);
    expect(JSON.stringify(cluster.caPrivateKey)).not.toContain('PRIVATE KEY');

    const revokedAt = t.clock.now();
    t.clock.advance(1_000);
    const fresh = readKubeconfig((await alice.clusters.kubeconfig({ id: clusterId })).kubeconfig);
    expect(fresh.ca.serialNumber).toBe(rotated.serialNumber);
    expect(await fresh.client.verify({ publicKey: rotated.publicKey, signatureOnly: true })).toBe(true);
    const issuances = await t.db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, clusterId)).orderBy(asc(kubeconfigIssuances.createdAt));
    expect(issuances.map((row) => row.revokedAt)).toEqual([revokedAt, revokedAt, null]);
    const [, event] = (await alice.clusters.events({ id: clusterId, pageSize: 2 })).items;
    expect(event).toMatchObject({ type: 'credentials_revoked', message: "Alice Martin revoked every kubeconfig issued so far (1 still valid); the cluster's certificate authority was rotated." });
  });
});
