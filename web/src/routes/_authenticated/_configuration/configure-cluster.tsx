import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_configuration/configure-cluster')({
  component: ConfigureNewClusterPage,
});

function ConfigureNewClusterPage() {
  return <SectionNotBuilt title="Configure New Cluster" description="Choose the tier, region, node pools and add-ons of a new cluster." />;
}
