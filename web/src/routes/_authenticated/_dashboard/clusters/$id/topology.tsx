import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/clusters/$id/topology')({
  component: ClusterTopologyPage,
});

function ClusterTopologyPage() {
  const { id } = Route.useParams();
  return (
    <SectionNotBuilt
      title="Cluster Topology"
      description="How the nodes, node pools and workloads of one cluster are laid out."
      reference={{ label: 'Cluster', value: id }}
    />
  );
}
