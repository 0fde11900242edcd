import { formatKgCo2e, pueText } from '@kubemarket/shared';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DetailsList } from '../../components/details-list';
import { SectionCard } from '../../components/section-card';
import { useTRPC } from '../../lib/trpc';
import { RegionJurisdiction } from '../catalog';

const kwh = (value: number) => `${new Intl.NumberFormat('en-IE', { maximumFractionDigits: value >= 10 ? 0 : 1 }).format(value)} kWh`;
const hours = (value: number) => new Intl.NumberFormat('en-IE', { maximumFractionDigits: 1 }).format(value);

/**
 * A cluster's region and footprint on its page (issue 34): who runs the region under which law, its
 * certifications and EU-only access; the kg CO₂e its metered node-hours stand for this month so far,
 * and a month of it as it is now, by the carbon model (ADR 39). Estimates, and said to be.
 */
export function ClusterFootprint({ clusterId, regionId, deleted }: { clusterId: string; regionId: string; deleted: boolean }) {
  const trpc = useTRPC();
  const carbon = useQuery(trpc.usage.clusterCarbon.queryOptions({ id: clusterId }));
  const region = useQuery(trpc.catalog.regions.queryOptions()).data?.find((candidate) => candidate.id === regionId);
  const data = carbon.data;
  return (
    <SectionCard
      id="footprint"
      title="Region and footprint"
      description="Estimated carbon footprint of the nodes and control plane: average power draw × hours × the data centre's PUE × the grid's carbon intensity. Storage, network and the hardware's manufacture are not counted."
    >
      {region ? <RegionJurisdiction region={region} /> : null}
      {data ? (
        <DetailsList
          details={[
            {
              label: 'This month so far',
              value: `${formatKgCo2e(data.monthToDate.kgCo2e)} (${kwh(data.monthToDate.facilityKwh)}, ${hours(data.monthToDate.nodeHours)} node-hours)`,
              testId: 'footprint-month-to-date',
            },
            ...(deleted
              ? []
              : [{ label: 'A month as it is now', value: `${formatKgCo2e(data.monthEstimate.kgCo2e)} (${kwh(data.monthEstimate.facilityKwh)}, ${hours(data.monthEstimate.watts)} W on average)`, testId: 'footprint-month-estimate' }]),
            { label: 'Region figures', value: `Grid ${data.gridGramsPerKwh} g CO₂e/kWh (${data.gridSource || 'no source'}, ${data.gridYear}); PUE ${pueText(data.pueMilli)}`, testId: 'footprint-region-figures' },
          ]}
        />
      ) : carbon.error ? (
        <Text size="sm" c="dimmed">
          The footprint could not be loaded: {carbon.error.message}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Loading the footprint…
        </Text>
      )}
    </SectionCard>
  );
}
