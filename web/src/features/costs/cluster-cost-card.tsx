import { NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DetailsList } from '../../components/details-list';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { costChartRows, monthName, QUOTE_REASONS, type CostMonth } from './cost-data';
import { CostLines } from './cost-lines';
import { ForecastFormula } from './forecast-formula';
import { LazyCostChart } from './lazy-cost-chart';
import { useCostMoney } from './use-cost-money';

/** The figures of one month: quoted against actual for the hours metered, and for this month the whole month against the forecast. */
function monthDetails(month: CostMonth, format: (eurCents: number) => string) {
  const hours = `${month.hours.toLocaleString('en-GB')} hour${month.hours === 1 ? '' : 's'}`;
  return [
    { label: month.current ? 'Quoted, hours so far' : 'Quoted', value: `${format(month.quotedCents)} (${hours})`, testId: 'cost-quoted' },
    { label: month.current ? 'Actual so far (metered)' : 'Actual (metered)', value: format(month.actualCents), testId: 'cost-actual' },
    ...(month.forecast
      ? [
          { label: 'Quoted for the whole month', value: format(month.quotedMonthCents), testId: 'cost-quoted-month' },
          { label: 'Forecast to month end', value: format(month.forecast.forecastCents), testId: 'cost-forecast' },
        ]
      : []),
  ];
}

/**
 * A cluster's cost card (issue 34): per month, the price it was quoted (at order and after each
 * change that repriced it) prorated over the hours it ran, the metered actual, and this month's
 * forecast with its formula; a chart of the three; and the difference explained by line
 * (autoscaling, hibernation, egress, storage, add-ons outside the quote).
 */
export function ClusterCostCard({ clusterId, clusterName }: { clusterId: string; clusterName: string }) {
  const trpc = useTRPC();
  const costs = useQuery(trpc.costs.cluster.queryOptions({ id: clusterId, months: 6 }));
  const money = useCostMoney();
  const [chosen, setChosen] = useState<string | null>(null);
  const data = costs.data;
  const rows = useMemo(() => (data ? costChartRows(data.months, money.toDisplay) : []), [data, money]);
  const month = data?.months.find((candidate) => candidate.month === chosen) ?? data?.months[0];
  return (
    <SectionCard
      id="cost-control"
      title="Quoted, actual and forecast"
      description="What the cluster was quoted, at order and after each change that repriced it, spread over the hours it ran (monthly price ÷ 730 an hour), against what was metered. VAT excluded."
    >
      {costs.error ? (
        <QueryErrorAlert title="The costs could not be loaded" query={costs} />
      ) : !data || !month ? (
        <Text size="sm" c="dimmed">
          Loading the costs…
        </Text>
      ) : (
        <Stack gap="md" data-testid="cost-card">
          <LazyCostChart
            rows={rows}
            label={`Quoted, actual and forecast cost of ${clusterName} per month, in ${money.currency}; the figures below give each month's amounts.`}
            format={money.formatAmount}
          />
          <NativeSelect
            label="Month"
            value={month.month}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={data.months.map((candidate) => ({ value: candidate.month, label: `${monthName(candidate.monthStart)}${candidate.current ? ' (so far)' : ''}` }))}
            maw={260}
            data-testid="cost-month"
          />
          <DetailsList details={monthDetails(month, money.format)} />
          {month.forecast ? <ForecastFormula forecast={month.forecast} format={money.format} testId="cost-forecast-formula" /> : null}
          <CostLines month={month} format={money.format} />
          <Stack gap={2} data-testid="cost-quotes">
            <Text size="sm" fw={600}>
              Quotes in force in {monthName(month.monthStart)}
            </Text>
            {month.quotes.map((quote) => (
              <Text size="sm" key={quote.effectiveAt}>
                {QUOTE_REASONS[quote.reason]}, {formatDate(quote.effectiveAt)}: {money.format(quote.monthlyCents)} a month for {quote.nodeCount} node{quote.nodeCount === 1 ? '' : 's'};{' '}
                {quote.hours.toLocaleString('en-GB')} hours this month, {money.format(quote.cents)}.
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
