import { createFileRoute } from '@tanstack/react-router';
import { ConfiguratorRoute, configuratorSearch } from '../../../../features/configurator';

/** The same configurator as /configure-cluster (docs/product/screens.md#signed-in-layouts), at its second address. */
export const Route = createFileRoute('/_authenticated/_configuration/clusters/configure')({
  validateSearch: configuratorSearch,
  component: ConfigureClusterRoute,
});

function ConfigureClusterRoute() {
  return <ConfiguratorRoute search={Route.useSearch()} />;
}
