// The cloud connections feature's door (issue 16): the seven provider test pages and the
// external clusters section of /my-clusters.
export { ProviderTestPage } from './provider-test-page';
export { ExternalClustersSection } from './external-clusters-section';
export { PROVIDER_PAGES, type ProviderId } from './providers';
