import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-clusters')({
  component: ManageClustersPage,
});

function ManageClustersPage() {
  return <SectionNotBuilt title="Manage Clusters" description="The cluster tiers of the catalogue: sizes, prices and availability." />;
}
