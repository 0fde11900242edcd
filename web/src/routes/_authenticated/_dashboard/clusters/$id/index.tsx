import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/clusters/$id/')({
  component: ClusterDetailsPage,
});

function ClusterDetailsPage() {
  const { id } = Route.useParams();
  return (
    <SectionNotBuilt
      title="Cluster Details"
      description="Status, node pools, Kubernetes version and access of one cluster."
      reference={{ label: 'Cluster', value: id }}
    />
  );
}
