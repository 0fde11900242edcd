import { createFileRoute } from '@tanstack/react-router';
import { ConfiguratorRoute, configuratorSearch } from '../../../features/configurator';

export const Route = createFileRoute('/_authenticated/_configuration/configure-cluster')({
  // Only shapes are checked (configuratorSearch), so that this route adds nothing to the first page load.
  validateSearch: configuratorSearch,
  component: ConfigureClusterRoute,
});

function ConfigureClusterRoute() {
  return <ConfiguratorRoute search={Route.useSearch()} />;
}
