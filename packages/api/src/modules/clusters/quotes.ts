import { clusterQuotes, newId, type ClusterQuoteReason, type Database } from '@kubemarket/db';
import type { Statement } from './engine-state';

/**
 * The row that records a cluster's new monthly price (cluster_quotes): written in the same batch
 * as the clusters.monthly_cents it repeats, so the cost card's "quoted" never parts from what the
 * cluster was sold at. From `at` on, it is the quote in force.
 */
export function quoteStatement(
  db: Database,
  input: { clusterId: string; organizationId: string; monthlyCents: number; reason: ClusterQuoteReason; orderId?: string | null; operationId?: string | null; at: number },
): Statement {
  return db.insert(clusterQuotes).values({
    id: newId('clusterQuote'),
    clusterId: input.clusterId,
    organizationId: input.organizationId,
    effectiveAt: input.at,
    monthlyCents: input.monthlyCents,
    reason: input.reason,
    orderId: input.orderId ?? null,
    operationId: input.operationId ?? null,
    createdAt: input.at,
  });
}
