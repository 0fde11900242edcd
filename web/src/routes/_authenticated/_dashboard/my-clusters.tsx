import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/my-clusters')({
  component: MyClustersPage,
});

function MyClustersPage() {
  return <SectionNotBuilt title="My Clusters" description="The Kubernetes clusters of your organisation, with their status, region and version." />;
}
