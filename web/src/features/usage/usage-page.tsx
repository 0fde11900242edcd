import { convertFromEurCents, formatMoney } from '@kubemarket/shared';
import { Alert, Button, Card, Container, Group, NativeSelect, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { lazy, useEffect, useMemo, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { LazyChart } from '../../components/lazy-chart';
import { DataTable } from '../../components/list-kit';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ForecastFormula, UsageClusterCosts } from '../costs';
import { useDisplayPrice } from '../currency';
import {
  chartRows,
  defaultRange,
  formatQuantity,
  QUANTITY_LABELS,
  quantityChartRows,
  quantityCsv,
  quantityGroups,
  quantityKindOf,
  quantityTableRows,
  tableRows,
  usageCsv,
  type UsageBy,
  type UsageGroupBy,
  type UsageKind,
} from './usage-data';
import { UsageCarbon } from './usage-carbon';
import { useUsage } from './usage-query';

// @mantine/charts and recharts load with this page only, keeping them out of the first bundle.
const loadUsageChart = () => import('./usage-chart');
const UsageChart = lazy(loadUsageChart);

/** The chart, its code loaded on demand and drawn once it scrolls into view. */
function LazyUsageChart(props: ComponentProps<typeof UsageChart>) {
  return (
    <LazyChart height={330}>
      <UsageChart {...props} />
    </LazyChart>
  );
}

const PERIOD_LABELS: Record<UsageGroupBy, string> = { day: 'Daily', month: 'Monthly' };
const SPLIT_LABELS: Record<UsageBy, string> = { cluster: 'By cluster', kind: 'By resource kind' };

/** A choice among a few options, each a segment, named by `label` for assistive technology. */
function OptionSwitch<T extends string>({ label, value, onChange, options }: { label: string; value: T; onChange: (value: T) => void; options: Record<T, string> }) {
  return (
    <SegmentedControl
      aria-label={label}
      value={value}
      onChange={(next) => onChange(next as T)}
      data={(Object.keys(options) as T[]).map((option) => ({ value: option, label: options[option] }))}
    />
  );
}

/** One figure of the summary: an amount in the display currency, in euros on hover when that is another currency. */
function UsageFigure({ label, eurCents, showEur, testId, children }: { label: string; eurCents: number; showEur: boolean; testId?: string; children?: ReactNode }) {
  const price = useDisplayPrice();
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId} title={showEur ? formatMoney(eurCents / 100, 'EUR') : undefined}>
        {price.format(eurCents)}
      </Text>
      {children}
    </Card>
  );
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function downloadCsv(csv: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function UsagePage() {
  const [range, setRange] = useState(() => defaultRange(Date.now()));
  const [groupBy, setGroupBy] = useState<UsageGroupBy>('day');
  const [by, setBy] = useState<UsageBy>('cluster');
  const [chosenKind, setChosenKind] = useState<UsageKind | null>(null);
  const rangeProblem = !DATE_PATTERN.test(range.from) || !DATE_PATTERN.test(range.to) ? 'Enter both dates.' : range.from > range.to ? 'The start date must not be after the end date.' : null;
  const usage = useUsage({ ...range, groupBy, by }, rangeProblem === null);
  const price = useDisplayPrice();
  const toDisplay = useMemo(() => (eurCents: number) => convertFromEurCents(eurCents, price.rate), [price.rate]);
  const report = usage.data;
  // While another period or split loads, the previous answer stays on screen (keepPreviousData):
  // nothing may be exported from it under the new headings.
  const stale = usage.isPlaceholderData;
  const rows = useMemo(() => (report ? tableRows(report) : []), [report]);
  const chart = useMemo(() => (report ? chartRows(report, toDisplay) : []), [report, toDisplay]);
  // Quantities: one resource kind at a time (hours, GB-hours and GB do not add up).
  const quantityKind = report ? quantityKindOf(report, chosenKind) : null;
  const quantityRows = useMemo(() => (report && quantityKind ? quantityTableRows(report, quantityKind) : []), [report, quantityKind]);
  const quantityChart = useMemo(() => (report && quantityKind ? quantityChartRows(report, quantityKind) : []), [report, quantityKind]);
  const quantityChartGroups = useMemo(() => (report && quantityKind ? quantityGroups(report, quantityKind) : []), [report, quantityKind]);
  const quantityUnit = report?.quantities.find((entry) => entry.kind === quantityKind)?.unit ?? '';
  const quantityTitle = quantityKind ? `${QUANTITY_LABELS[quantityKind]} per ${groupBy === 'day' ? 'day' : 'month'}${by === 'cluster' ? ', by cluster' : ''}` : '';
  // The chart's code comes in while the page renders, ready for when the chart scrolls into view.
  useEffect(() => {
    void loadUsageChart();
  }, []);
  const showEur = price.currency !== 'EUR';
  const periodLabel = groupBy === 'day' ? 'Day' : 'Month';
  const groupLabel = by === 'cluster' ? 'Cluster or service' : 'Resource kind';

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} data-testid="page-title">
            Usage
          </Title>
          <Text c="dimmed">What your clusters and services used each hour, at the prices agreed in your orders.</Text>
        </div>

        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput type="date" label="From" value={range.from} max={range.to} onChange={(event) => setRange((current) => ({ ...current, from: event.currentTarget.value }))} />
          <TextInput type="date" label="To" value={range.to} min={range.from} onChange={(event) => setRange((current) => ({ ...current, to: event.currentTarget.value }))} />
          <OptionSwitch label="Period" value={groupBy} onChange={setGroupBy} options={PERIOD_LABELS} />
          <OptionSwitch label="Split by" value={by} onChange={setBy} options={SPLIT_LABELS} />
        </Group>
        {rangeProblem && (
          <Alert color="orange" icon={<IconInfoCircle size={18} />} role="alert">
            {rangeProblem}
          </Alert>
        )}
        <QueryErrorAlert title="Usage could not be loaded" query={usage} />

        {report ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <UsageFigure label="Total for the range" eurCents={report.totals.amountCents} showEur={showEur} testId="usage-total" />
              <UsageFigure label="This month so far" eurCents={report.forecast.monthToDateCents} showEur={showEur} />
              <UsageFigure label="Forecast to month end" eurCents={report.forecast.forecastCents} showEur={showEur} testId="usage-forecast">
                <ForecastFormula forecast={report.forecast} format={price.format} testId="usage-forecast-formula" />
              </UsageFigure>
            </SimpleGrid>

            <Card withBorder data-testid="usage-chart-card">
              <Title order={2} size="h4" mb="sm">
                {groupBy === 'day' ? 'Daily' : 'Monthly'} cost {by === 'cluster' ? 'by cluster' : 'by resource kind'} ({price.currency})
              </Title>
              {chart.length === 0 ? (
                <Text c="dimmed">No usage was recorded in this range.</Text>
              ) : (
                <LazyUsageChart
                  rows={chart}
                  groups={report.groups}
                  label={`${groupBy === 'day' ? 'Daily' : 'Monthly'} cost ${by === 'cluster' ? 'by cluster' : 'by resource kind'}, ${range.from} to ${range.to}; the table below lists the same amounts.`}
                  format={(amount) => formatMoney(amount, price.currency)}
                />
              )}
            </Card>

            {by === 'cluster' ? <UsageClusterCosts clusters={report.groups.filter((group) => group.key.startsWith('clu_'))} /> : null}

            {quantityKind && (
              <Card withBorder data-testid="usage-quantity-card">
                <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
                  <Title order={2} size="h4" data-testid="usage-quantity-title">
                    {quantityTitle}
                  </Title>
                  <NativeSelect
                    label="Resource"
                    data-testid="usage-quantity-kind"
                    value={quantityKind}
                    onChange={(event) => setChosenKind(event.currentTarget.value as UsageKind)}
                    data={report.quantities.map((entry) => ({ value: entry.kind, label: QUANTITY_LABELS[entry.kind] }))}
                  />
                </Group>
                <LazyUsageChart
                  testId="usage-quantity-chart"
                  rows={quantityChart}
                  groups={quantityChartGroups}
                  label={`${quantityTitle} (${quantityUnit}), ${range.from} to ${range.to}; the table below lists the same quantities.`}
                  format={formatQuantity}
                />
                <Group justify="flex-end" mt="md" mb="xs">
                  <Button
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                    disabled={stale}
                    // A phone is narrower than the label: it wraps rather than being cut (issue 31).
                    h="auto"
                    mih={36}
                    py={6}
                    maw="100%"
                    styles={{ label: { whiteSpace: 'normal' } }}
                    onClick={() => downloadCsv(quantityCsv(quantityTableRows(report), by), `usage-quantities-${range.from}-${range.to}-${groupBy}-${by}.csv`)}
                  >
                    Export quantities CSV (every resource)
                  </Button>
                </Group>
                <DataTable
                  rows={quantityRows}
                  columns={[
                    { header: periodLabel, cell: (row) => row.period },
                    { header: groupLabel, cell: (row) => row.group },
                    { header: `Quantity (${quantityUnit})`, align: 'right', cell: (row) => formatQuantity(row.quantity) },
                  ]}
                  rowKey={(row) => `${row.period}/${row.groupKey}`}
                  caption={`${QUANTITY_LABELS[quantityKind]} in ${quantityUnit}. Quantities of different resources do not add up; the export lists every resource with its unit.`}
                  minWidth={420}
                  striped
                  busy={stale}
                  testId="usage-quantity-table"
                />
              </Card>
            )}

            {report.quantities.length > 0 && (
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  Quantities over the range
                </Title>
                <DataTable
                  rows={report.quantities}
                  columns={[
                    { header: 'Resource kind', cell: (entry) => entry.kind.replace(/_/g, ' ') },
                    { header: 'Quantity', align: 'right', cell: (entry) => `${entry.quantity.toLocaleString('en-GB', { maximumFractionDigits: 3 })} ${entry.unit}` },
                    { header: 'Amount', align: 'right', cell: (entry) => price.format(entry.amountCents) },
                  ]}
                  rowKey={(entry) => entry.kind}
                  minWidth={360}
                />
              </Card>
            )}

            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  Amounts
                </Title>
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  disabled={rows.length === 0 || stale}
                  onClick={() => downloadCsv(usageCsv(rows, by, showEur ? { currency: price.currency, toDisplay } : null), `usage-${range.from}-${range.to}-${groupBy}-${by}.csv`)}
                >
                  Export CSV
                </Button>
              </Group>
              <DataTable
                rows={rows}
                columns={[
                  { header: periodLabel, cell: (row) => row.period },
                  { header: groupLabel, cell: (row) => row.group },
                  showEur && { header: `Amount (${price.currency})`, align: 'right', cell: (row) => price.format(row.amountCents) },
                  { header: 'Amount (EUR)', align: 'right', cell: (row) => formatMoney(row.amountCents / 100, 'EUR') },
                ]}
                rowKey={(row) => `${row.period}/${row.groupKey}`}
                caption={`Amounts charged are in EUR${showEur ? `; ${price.currency} amounts are at today's rate (${price.rateLine})` : ''}.`}
                minWidth={480}
                striped
                busy={stale}
                testId="usage-table"
              />
            </Card>
          </>
        ) : (
          !usage.error && rangeProblem === null && <Skeleton height={300} role="status" aria-label="Loading usage" />
        )}

        <UsageCarbon from={range.from} to={range.to} groupBy={groupBy} enabled={rangeProblem === null} chart={(props) => <LazyUsageChart {...props} />} />
      </Stack>
    </Container>
  );
}
