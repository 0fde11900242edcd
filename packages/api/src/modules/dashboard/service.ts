import { clusters, orders, type Database } from '@kubemarket/db';
import { and, eq, ne } from 'drizzle-orm';

/** The sidebar counts (docs/product/entities.md#sidebar-counts), for one organisation: deleted clusters no longer count. */
export async function sidebarCounts(db: Database, organizationId: string) {
  const [clusterCount, orderCount] = await Promise.all([
    db.$count(clusters, and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted'))),
    db.$count(orders, eq(orders.organizationId, organizationId)),
  ]);
  return { clusters: clusterCount, orders: { total: orderCount } };
}
