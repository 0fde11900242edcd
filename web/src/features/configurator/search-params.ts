/**
 * The configurator's search parameters, for the routes' validateSearch (/configure-cluster and
 * /clusters/configure). Only shapes are checked here, so that the routes add nothing to the first
 * page load; the page decodes the estimate, and clamps the step to those reached.
 */
export interface ConfiguratorSearch {
  step?: number;
  /** The price estimator's encoded estimate: its first cluster is configured. */
  estimate?: string;
  /** A tier chosen on /cluster-selection. */
  tier?: string;
}

export function configuratorSearch(search: Record<string, unknown>): ConfiguratorSearch {
  return {
    ...(typeof search.step === 'number' && Number.isInteger(search.step) ? { step: search.step } : {}),
    ...(typeof search.estimate === 'string' && search.estimate.length <= 8192 ? { estimate: search.estimate } : {}),
    ...(typeof search.tier === 'string' && search.tier.length <= 64 ? { tier: search.tier } : {}),
  };
}
