import { createFileRoute } from '@tanstack/react-router';
import { ProvisioningPage, provisioningSearch } from '../../../features/clusters';

export const Route = createFileRoute('/_authenticated/_configuration/cluster-provisioning')({
  validateSearch: provisioningSearch,
  component: ClusterProvisioningRoute,
});

function ClusterProvisioningRoute() {
  return <ProvisioningPage search={Route.useSearch()} path="/cluster-provisioning" />;
}
