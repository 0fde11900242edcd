import type { Suggestion } from '@kubemarket/shared';
import { emptyEstimate, encodeEstimate } from '../catalog-browse';

/** The price estimator's `?estimate=` for a suggestion: its cluster, nothing else, in the visitor's own currency and cycle. */
export function suggestionEstimate(suggestion: Pick<Suggestion, 'configuration'>): string {
  const { configuration } = suggestion;
  return encodeEstimate({
    ...emptyEstimate(),
    clusters: [
      {
        tierId: configuration.tierId,
        regionId: configuration.regionId,
        kubernetesVersion: configuration.kubernetesVersion,
        highAvailability: configuration.highAvailability,
        pools: configuration.nodePools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: null })),
        addonIds: [...configuration.addonIds],
      },
    ],
  });
}
