import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ConfiguratorPageProps } from './configurator-page';

/**
 * The configurator's `onStepChange` for the page it is mounted on (/configure-cluster and
 * /clusters/configure alike). `replace` rewrites the current entry and keeps what the address
 * carries; otherwise a new entry names the step alone. A step is not another page: no view
 * transition (a correction of the address made while the slide back from provisioning runs would
 * otherwise start that slide a second time).
 */
export function useStepNavigation(): ConfiguratorPageProps['onStepChange'] {
  const navigate = useNavigate();
  return useCallback(
    (step, { replace }) =>
      void navigate({
        to: '.',
        search: (previous) => (replace ? { ...previous, step } : { step }),
        replace,
        viewTransition: false,
      }),
    [navigate],
  );
}
