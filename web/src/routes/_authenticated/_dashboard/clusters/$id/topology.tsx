import { createFileRoute } from '@tanstack/react-router';
import { ClusterTopologyRoute } from '../../../../../features/clusters';

export const Route = createFileRoute('/_authenticated/_dashboard/clusters/$id/topology')({
  component: ClusterTopologyPage,
});

function ClusterTopologyPage() {
  const { id } = Route.useParams();
  return <ClusterTopologyRoute clusterId={id} />;
}
