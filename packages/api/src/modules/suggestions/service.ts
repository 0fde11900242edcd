import { addons, dataCenters, nodeFlavors, clusterTiers, type Database } from '@kubemarket/db';
import { defaultKubernetesVersion, type SuggestionsQuestionnaire, type SuggestionsResult } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { asc, isNull } from 'drizzle-orm';
import type { Context } from '../../context';
import { loadOrderCatalogue, onSaleTiers } from '../catalog';
import { rankTiers, type SuggestionCatalogue } from './ranking';

/**
 * The catalogue on sale at `now`, priced as POST /api/quotes prices it (loadOrderCatalogue), with
 * what ranking needs beyond prices: SLAs and purposes, region certifications, flavour kinds and
 * add-on categories.
 */
async function loadSuggestionCatalogue(db: Database, now: number): Promise<SuggestionCatalogue> {
  const [order, tierRows, regionRows, flavorRows, addonRows] = await Promise.all([
    loadOrderCatalogue(db, now),
    db
      .select({ id: clusterTiers.id, purpose: clusterTiers.purpose, slaBasisPoints: clusterTiers.slaBasisPoints })
      .from(clusterTiers)
      .where(onSaleTiers),
    db
      .select({ id: dataCenters.id, name: dataCenters.name, city: dataCenters.city, certifications: dataCenters.certifications, status: dataCenters.status })
      .from(dataCenters)
      .orderBy(asc(dataCenters.sortOrder)),
    db
      .select({
        id: nodeFlavors.id,
        category: nodeFlavors.category,
        vcpu: nodeFlavors.vcpu,
        memoryGb: nodeFlavors.memoryGb,
        gpuModel: nodeFlavors.gpuModel,
        gpuCount: nodeFlavors.gpuCount,
        gpuMemoryGb: nodeFlavors.gpuMemoryGb,
        regionIds: nodeFlavors.regionIds,
      })
      .from(nodeFlavors)
      .where(isNull(nodeFlavors.archivedAt)),
    db.select({ id: addons.id, category: addons.category }).from(addons).where(isNull(addons.archivedAt)),
  ]);
  // The version new clusters get, by the rule the configurator and the listings use.
  const kubernetesVersion = defaultKubernetesVersion(order.kubernetesVersions);
  if (kubernetesVersion === '') {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'No Kubernetes version is on offer right now, so nothing can be suggested. Please try again later.' });
  }
  return { priceBook: order.priceBook, tiers: tierRows, regions: regionRows, flavors: flavorRows, addons: addonRows, kubernetesVersion };
}

/**
 * Smart suggestions: the tiers on sale that can run the workload the questionnaire describes,
 * ranked, with nodes, add-ons, reasons and prices (see ranking.ts). A region that does not exist,
 * or has not opened, is the caller's mistake (400).
 */
export async function suggest(ctx: Pick<Context, 'db' | 'ports'>, questionnaire: SuggestionsQuestionnaire): Promise<SuggestionsResult> {
  const now = ctx.ports.clock.now();
  const catalogue = await loadSuggestionCatalogue(ctx.db, now);
  if (questionnaire.regionId !== null) {
    const region = catalogue.regions.find((candidate) => candidate.id === questionnaire.regionId);
    const open = catalogue.regions.filter((candidate) => candidate.status !== 'planned').map((candidate) => candidate.id);
    if (!region) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `There is no region "${questionnaire.regionId}"; choose one of ${open.join(', ')}, or any region.` });
    }
    if (region.status === 'planned') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `${region.name} has not opened yet; choose one of ${open.join(', ')}, or any region.` });
    }
  }
  return rankTiers(questionnaire, catalogue, now);
}
