// The cluster configurator's door: /configure-cluster and /clusters/configure.
export { ConfiguratorPage, type ConfiguratorSearch } from './configurator-page';
export { useStepNavigation } from './use-step-navigation';
