import { createFileRoute } from '@tanstack/react-router';
import { ConfiguratorPage, useStepNavigation } from '../../../../features/configurator';
import type { ConfiguratorSearch } from '../../../../features/configurator';

/** The same configurator as /configure-cluster (docs/product/screens.md#signed-in-layouts), at its second address. */
export const Route = createFileRoute('/_authenticated/_configuration/clusters/configure')({
  validateSearch: (search: Record<string, unknown>): ConfiguratorSearch => ({
    ...(typeof search.step === 'number' && Number.isInteger(search.step) ? { step: search.step } : {}),
    ...(typeof search.estimate === 'string' && search.estimate.length <= 8192 ? { estimate: search.estimate } : {}),
    ...(typeof search.tier === 'string' && search.tier.length <= 64 ? { tier: search.tier } : {}),
  }),
  component: ConfigureClusterRoute,
});

function ConfigureClusterRoute() {
  const search = Route.useSearch();
  const onStepChange = useStepNavigation();
  return <ConfiguratorPage search={search} onStepChange={onStepChange} />;
}
