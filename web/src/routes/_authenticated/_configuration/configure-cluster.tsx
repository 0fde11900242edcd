import { createFileRoute } from '@tanstack/react-router';
import { ConfiguratorPage, useStepNavigation } from '../../../features/configurator';
import type { ConfiguratorSearch } from '../../../features/configurator';

export const Route = createFileRoute('/_authenticated/_configuration/configure-cluster')({
  // Only shapes are checked here, so that this route adds nothing to the first page load; the page
  // decodes the estimate, and clamps the step to those reached.
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
