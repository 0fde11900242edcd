import { kubeconfigIssuances, webhookDeliveries } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emitExpiringKubeconfigs, KUBECONFIG_WARNING_MS } from '.';
import { callerAs, createTestCaller, insertRunningCluster, manualClock, sessionUserOf } from '../../testing/callers';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY_MS = 24 * 3_600_000;

it('announces a kubeconfig ending within a week once, and neither a later, an expired nor a revoked one', async () => {
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { clock } });
  const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
  const endpoint = await gabriel.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['kubeconfig.expiring'] });
  const clusterId = await insertRunningCluster(db, 'org_demo_globex', { now: NOW });
  const issuance = (id: string, notAfter: number, revokedAt: number | null = null) => ({ id, clusterId, userId: 'usr_demo_gabriel', serialNumber: id, notAfter, caFingerprint: 'x', createdAt: NOW - 300 * DAY_MS, revokedAt });
  await db.insert(kubeconfigIssuances).values([
    issuance('kci_soon', NOW + 3 * DAY_MS),
    issuance('kci_later', NOW + KUBECONFIG_WARNING_MS + DAY_MS),
    issuance('kci_expired', NOW - DAY_MS),
    issuance('kci_revoked', NOW + 2 * DAY_MS, NOW - DAY_MS),
  ]);
  expect(await emitExpiringKubeconfigs(ctx, NOW)).toBe(1);
  expect(await emitExpiringKubeconfigs(ctx, NOW + 3_600_000)).toBe(0);
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
  expect(rows.map((row) => row.eventId)).toEqual(['kubeconfig.expiring:kci_soon']);
  expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: 'kubeconfig.expiring', data: { kubeconfigId: 'kci_soon', clusterId, expiresAt: new Date(NOW + 3 * DAY_MS).toISOString() } });
});
