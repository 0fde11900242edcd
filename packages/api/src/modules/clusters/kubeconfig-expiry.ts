/**
 * `kubeconfig.expiring` (ADR 36): a kubeconfig that is neither revoked nor expired and ends
 * within KUBECONFIG_WARNING_MS, once per kubeconfig and endpoint (its event id is the issuance's).
 * Run by the hourly housekeeping cron; running it again changes nothing.
 */
import { clusters, kubeconfigIssuances, type Database } from '@kubemarket/db';
import { and, asc, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Ports } from '../../context';
import { emitEvent } from '../../platform/webhook-events';

/** How long before its end a kubeconfig is announced as expiring. */
export const KUBECONFIG_WARNING_MS = 7 * 24 * 3_600_000;
/** Kubeconfigs one run looks at; the next hour's run takes the rest. */
const PER_RUN = 500;

export async function emitExpiringKubeconfigs(deps: { db: Database; ports: Pick<Ports, 'clock'> & Partial<Pick<Ports, 'webhooks'>> }, now: number): Promise<number> {
  const rows = await deps.db
    .select({ id: kubeconfigIssuances.id, clusterId: kubeconfigIssuances.clusterId, notAfter: kubeconfigIssuances.notAfter, organizationId: clusters.organizationId, clusterName: clusters.name })
    .from(kubeconfigIssuances)
    .innerJoin(clusters, eq(clusters.id, kubeconfigIssuances.clusterId))
    .where(and(isNull(kubeconfigIssuances.revokedAt), gt(kubeconfigIssuances.notAfter, now), lte(kubeconfigIssuances.notAfter, now + KUBECONFIG_WARNING_MS), isNull(clusters.deletedAt), ne(clusters.status, 'deleted')))
    .orderBy(asc(kubeconfigIssuances.notAfter))
    .limit(PER_RUN);
  let enqueued = 0;
  for (const row of rows) {
    const data = { kubeconfigId: row.id, clusterId: row.clusterId, clusterName: row.clusterName, expiresAt: new Date(row.notAfter).toISOString() };
    enqueued += await emitEvent(deps, row.organizationId, { type: 'kubeconfig.expiring', key: row.id, data });
  }
  return enqueued;
}
