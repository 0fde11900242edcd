import { clusters, orders } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { protectedProcedure, router } from '../trpc';

export const dashboardRouter = router({
  /** SPEC.md section 3's sidebar counts, for the caller's organisation. */
  sidebarCounts: protectedProcedure.query(async ({ ctx }) => {
    const organizationId = ctx.user.organizationId;
    const [clusterCount, orderCount] = await Promise.all([
      ctx.db.$count(clusters, eq(clusters.organizationId, organizationId)),
      ctx.db.$count(orders, eq(orders.organizationId, organizationId)),
    ]);
    return { clusters: clusterCount, orders: { total: orderCount } };
  }),
});
