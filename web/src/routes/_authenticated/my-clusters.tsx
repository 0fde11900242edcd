import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../features/shell/section-not-built';

export const Route = createFileRoute('/_authenticated/my-clusters')({
  component: MyClustersPage,
});

function MyClustersPage() {
  return <SectionNotBuilt title="My Clusters" description="The Kubernetes clusters of your organisation, with their status, region and version." />;
}
