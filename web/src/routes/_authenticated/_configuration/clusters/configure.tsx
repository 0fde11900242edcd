import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ConfiguratorPage } from '../../../../features/configurator';
import type { ConfiguratorSearch } from '../../../../features/configurator';

/** The same configurator as /configure-cluster (SPEC.md section 2), at its second address. */
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
  const navigate = Route.useNavigate();
  // A step is not another page: no view transition (a correction of the address made while the
  // slide back from provisioning runs would otherwise start that slide a second time).
  const onStepChange = useCallback(
    (step: number, { replace }: { replace: boolean }) =>
      void navigate({ search: (previous) => (replace ? { ...previous, step } : { step }), replace, viewTransition: false }),
    [navigate],
  );
  return <ConfiguratorPage search={search} onStepChange={onStepChange} />;
}
