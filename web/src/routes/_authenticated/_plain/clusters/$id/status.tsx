import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/clusters/$id/status')({
  component: ClusterStatusPage,
});

function ClusterStatusPage() {
  const { id } = Route.useParams();
  return (
    <SectionNotBuilt
      title="Cluster Status"
      description="The provisioning progress of one cluster."
      reference={{ label: 'Cluster', value: id }}
    />
  );
}
