import { clusters, orders, type Database } from '@kubemarket/db';
import { eq } from 'drizzle-orm';

/** SPEC.md section 3's sidebar counts, for one organisation. */
export async function sidebarCounts(db: Database, organizationId: string) {
  const [clusterCount, orderCount] = await Promise.all([
    db.$count(clusters, eq(clusters.organizationId, organizationId)),
    db.$count(orders, eq(orders.organizationId, organizationId)),
  ]);
  return { clusters: clusterCount, orders: { total: orderCount } };
}
