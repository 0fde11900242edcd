import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/clusters')({
  component: ClustersPage,
});

function ClustersPage() {
  return <SectionNotBuilt title="Clusters" description="The clusters of every organisation." />;
}
