import { ConfiguratorPage } from './configurator-page';
import type { ConfiguratorSearch } from './search-params';
import { useStepNavigation } from './use-step-navigation';

/** The configurator on the page it is mounted on (/configure-cluster and /clusters/configure alike), its steps in the address. */
export function ConfiguratorRoute({ search }: { search: ConfiguratorSearch }) {
  const onStepChange = useStepNavigation();
  return <ConfiguratorPage search={search} onStepChange={onStepChange} />;
}
