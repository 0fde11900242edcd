import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_configuration/clusters/provisioning')({
  component: ClusterProvisioningPage,
});

function ClusterProvisioningPage() {
  return <SectionNotBuilt title="Cluster Provisioning" description="Follow a new cluster while it is being created." />;
}
