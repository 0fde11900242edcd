import { Card, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/list-kit';
import { useTRPC } from '../../lib/trpc';
import { monthName, type ClusterCosts, type CostMonth } from './cost-data';
import { ForecastFormula } from './forecast-formula';
import { LazyCostChart } from './lazy-cost-chart';
import { useCostMoney } from './use-cost-money';

interface Row {
  cluster: ClusterCosts;
  month: CostMonth;
}

/**
 * /usage's quoted, actual and forecast per cluster for a chosen month (issue 34): a chart and a
 * table of the same amounts, read from each cluster's costs (the answer its page's card reads).
 * Quoted is for the hours metered, as is the actual; this month's forecast says how it was reached.
 */
export function UsageClusterCosts({ clusters }: { clusters: Array<{ key: string; label: string }> }) {
  const trpc = useTRPC();
  const money = useCostMoney();
  const answers = useQueries({ queries: clusters.map((cluster) => trpc.costs.cluster.queryOptions({ id: cluster.key, months: 6 })) });
  const loaded = answers.flatMap((answer) => (answer.data ? [answer.data] : []));
  const months = useMemo(() => {
    const found = new Map<string, CostMonth>();
    for (const answer of loaded) for (const month of answer.months) if (!found.has(month.month)) found.set(month.month, month);
    return [...found.values()].sort((a, b) => b.monthStart - a.monthStart);
  }, [loaded]);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = months.find((month) => month.month === chosen) ?? months[0];
  const rows: Row[] = selected ? loaded.flatMap((cluster) => cluster.months.filter((month) => month.month === selected.month).map((month) => ({ cluster, month }))) : [];
  const chartRows = rows.map(({ cluster, month }) => ({
    cluster: cluster.clusterName,
    quoted: money.toDisplay(month.quotedCents),
    actual: money.toDisplay(month.actualCents),
    ...(month.forecast ? { forecast: money.toDisplay(month.forecast.forecastCents) } : {}),
  }));
  if (clusters.length === 0) return null;
  return (
    <Card withBorder data-testid="usage-cluster-costs">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Quoted, actual and forecast by cluster
        </Title>
        {selected ? (
          <NativeSelect
            label="Month"
            value={selected.month}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={months.map((month) => ({ value: month.month, label: `${monthName(month.monthStart)}${month.current ? ' (so far)' : ''}` }))}
            data-testid="usage-cost-month"
          />
        ) : null}
      </Group>
      {!selected ? (
        <Text size="sm" c="dimmed">
          {answers.some((answer) => answer.isPending) ? 'Loading the quotes…' : 'No cluster has a month to compare yet.'}
        </Text>
      ) : (
        <>
          <LazyCostChart
            rows={chartRows}
            dataKey="cluster"
            testId="usage-cost-chart"
            label={`Quoted, actual and forecast cost per cluster, ${monthName(selected.monthStart)}, in ${money.currency}; the table below lists the same amounts.`}
            format={money.formatAmount}
          />
          <DataTable
            rows={rows}
            columns={[
              { header: 'Cluster', cell: (row) => row.cluster.clusterName },
              { header: selected.current ? 'Quoted, hours so far' : 'Quoted', align: 'right', cell: (row) => money.format(row.month.quotedCents) },
              { header: selected.current ? 'Actual so far' : 'Actual', align: 'right', cell: (row) => money.format(row.month.actualCents) },
              { header: 'Difference', align: 'right', cell: (row) => money.format(row.month.differenceCents) },
              selected.current && { header: 'Forecast to month end', align: 'right', cell: (row) => (row.month.forecast ? money.format(row.month.forecast.forecastCents) : '—') },
              selected.current && { header: 'Quoted for the month', align: 'right', cell: (row) => money.format(row.month.quotedMonthCents) },
            ]}
            rowKey={(row) => row.cluster.clusterId}
            caption="Quoted: each cluster's quotes over the hours it ran; the cluster's page explains each difference by line. VAT excluded."
            minWidth={560}
            striped
            testId="usage-cost-table"
          />
          {rows.map(({ cluster, month }) =>
            month.forecast ? (
              <Text size="xs" c="dimmed" key={cluster.clusterId} mt={4} component="div">
                {cluster.clusterName}: <ForecastFormula forecast={month.forecast} format={money.format} />
              </Text>
            ) : null,
          )}
        </>
      )}
    </Card>
  );
}
