import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/clusters')({
  component: ClusterOrdersPage,
});

function ClusterOrdersPage() {
  return <SectionNotBuilt title="Cluster Orders" description="Orders for new clusters and for changes to existing ones." />;
}
