import { CONTROL_PLANE_SHARE, formatKgCo2e, formatWatts, pueText } from '@kubemarket/shared';
import { Card, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { DataTable } from '../../components/list-kit';
import { useTRPC } from '../../lib/trpc';
import type { UsageChartProps } from './usage-chart';
import type { UsageGroupBy } from './usage-data';

const number = (value: number, digits: number) => new Intl.NumberFormat('en-IE', { maximumFractionDigits: digits }).format(value);
/** kg with three decimals in the chart's tooltips, where days of a small cluster weigh grams. */
const kg = (value: number) => `${number(value, 3)} kg`;

interface UsageCarbonProps {
  from: string;
  to: string;
  groupBy: UsageGroupBy;
  enabled: boolean;
  /** The page's chart, loaded on demand (usage-page.tsx). */
  chart: (props: UsageChartProps) => ReactNode;
}

/**
 * /usage's carbon section (issue 34): each cluster's estimated kg CO₂e per period as a chart, and per
 * cluster over the range as a table (node-hours, kWh, kg), with the model's sources (ADR 39).
 */
export function UsageCarbon({ from, to, groupBy, enabled, chart }: UsageCarbonProps) {
  const trpc = useTRPC();
  const carbon = useQuery(trpc.usage.carbon.queryOptions({ from, to, groupBy }, { enabled, placeholderData: keepPreviousData }));
  const report = carbon.data;
  const rows = useMemo(() => (report ? report.series.map((entry) => ({ period: entry.period, ...entry.kgCo2e })) : []), [report]);
  const groups = useMemo(() => (report ? report.clusters.map((cluster) => ({ key: cluster.clusterId, label: cluster.name })) : []), [report]);
  if (!report) return null;
  const factors = report.sources.factors.map((factor) => `${factor.label} ${formatWatts(factor.milliwatts)} (${factor.source}, ${factor.year})`);
  const regions = report.sources.regions.map((region) => `${region.name}: ${region.gridGramsPerKwh} g CO₂e/kWh (${region.gridSource}, ${region.gridYear}), PUE ${pueText(region.pueMilli)}`);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="usage-carbon-title" data-testid="usage-carbon">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="usage-carbon-title">
            Estimated carbon footprint
          </Title>
          <Text size="sm" c="dimmed">
            {report.clusters.length > 0
              ? `${formatKgCo2e(report.totalKgCo2e)} over the range: each cluster's metered node-hours and control-plane hours × average power × the data centre's PUE × the grid's carbon intensity. An estimate; storage, network and the hardware's manufacture are not counted.`
              : 'No cluster ran in this range.'}
          </Text>
        </div>
        {report.clusters.length > 0 ? (
          <>
            {chart({ rows, groups, label: `Estimated kg CO₂e per ${groupBy === 'day' ? 'day' : 'month'} by cluster, ${from} to ${to}; the table below lists each cluster's total.`, format: kg, testId: 'usage-carbon-chart' })}
            <DataTable
              rows={report.clusters}
              columns={[
                { header: 'Cluster', cell: (row) => row.name },
                { header: 'Region', cell: (row) => row.regionId },
                { header: 'Node-hours', align: 'right', cell: (row) => number(row.nodeHours, 1) },
                { header: 'Energy (kWh, with PUE)', align: 'right', cell: (row) => number(row.facilityKwh, 1) },
                { header: 'kg CO₂e', align: 'right', cell: (row) => number(row.kgCo2e, 2) },
              ]}
              rowKey={(row) => row.clusterId}
              caption="Estimated footprint of each cluster over the range."
              minWidth={520}
              striped
              busy={carbon.isPlaceholderData}
              testId="usage-carbon-table"
            />
            <Text size="xs" c="dimmed" data-testid="usage-carbon-sources">
              Power: {factors.join('; ')}; a control plane counts as {CONTROL_PLANE_SHARE.vcpu} vCPU and {CONTROL_PLANE_SHARE.memoryGb} GB. Regions: {regions.join('; ')}.
            </Text>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
