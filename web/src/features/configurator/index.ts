// The cluster configurator's door: /configure-cluster and /clusters/configure.
export { ConfiguratorRoute } from './configurator-route';
export { configuratorSearch, type ConfiguratorSearch } from './search-params';
