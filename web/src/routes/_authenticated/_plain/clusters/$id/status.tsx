import { createFileRoute } from '@tanstack/react-router';
import { ClusterStatusPage } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_plain/clusters/$id/status')({
  component: ClusterStatusRoute,
});

function ClusterStatusRoute() {
  const { id } = Route.useParams();
  return <ClusterStatusPage clusterId={id} />;
}
