import { Alert, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import type { BillingSummary } from './billing-types';
import { Money } from './money';

const INVOICE_STATUS_COLORS = { paid: 'teal', due: 'blue', overdue: 'red', void: 'gray' } as const;

function Figure({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" fz="xl" fw={700} m={0}>
        {children}
      </Text>
      {hint ? (
        // A second <dd> of the same term: a <div> of a <dl> holds only <dt> and <dd> elements.
        <Text size="xs" c="dimmed" component="dd" m={0}>
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

const FORECAST_HINT = 'So far, plus the last day’s hourly rate to month end (as on Usage)';
const CREDITS_HINT = 'Applied to invoices before any charge';

/**
 * The summary's grid while it loads: the same labels, and skeletons over placeholder amounts and
 * hints in the same type, so each figure is as tall (and wraps the same) as when the data arrives.
 */
function SummarySkeleton() {
  const figures = [
    { label: 'Month to date', hint: 'Since 1 November 2026' },
    { label: 'Forecast to month end', hint: FORECAST_HINT },
    { label: 'Last invoice', hint: 'KM-2026-000001' },
    { label: 'Balance due', hint: 'Nothing to pay' },
    { label: 'Credits left', hint: CREDITS_HINT },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} aria-busy="true" data-testid="billing-summary-skeleton">
      {figures.map(({ label, hint }) => (
        <Stack key={label} gap={2}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Skeleton width="fit-content" aria-hidden>
            <Text fz="xl" fw={700}>
              €0,000.00
            </Text>
          </Skeleton>
          <Skeleton width="fit-content" maw="100%" aria-hidden>
            <Text size="xs">{hint}</Text>
          </Skeleton>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** What an overdue organisation reads first on every billing visit, with what to do about it. */
export function OverdueBanner({ summary }: { summary: BillingSummary }) {
  if (!summary.overdue) return null;
  return (
    <Alert color="red" variant="filled" icon={<IconAlertTriangle size={20} />} title="Your account is overdue" role="alert" data-testid="overdue-banner">
      <Stack gap={4}>
        <Text size="sm">Overdue since {formatDate(summary.overdue.since)}.</Text>
        <Text size="sm">{summary.overdue.whatToDo}</Text>
      </Stack>
    </Alert>
  );
}

export function SummarySection({ query }: { query: { data?: BillingSummary | undefined; error: { message: string } | null; isPending: boolean; isFetching: boolean; refetch: () => unknown } }) {
  const summary = query.data;
  return (
    <SectionCard id="summary" title="Summary" description="This month so far and what you owe. Amounts are charged in euros.">
      {query.error ? (
        <QueryErrorAlert title="The summary could not be loaded" query={query} />
      ) : !summary ? (
        <SummarySkeleton />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} component="dl" m={0} data-testid="billing-summary">
          <Figure label="Month to date" hint={`Usage metered since ${formatDate(summary.periodStart)}`}>
            <Money cents={summary.monthToDateCents} testId="summary-month-to-date" />
          </Figure>
          <Figure
            label="Paid at checkout this month"
            hint={
              summary.checkoutThisMonth.payments === 0
                ? 'No order paid this month'
                : `${summary.checkoutThisMonth.payments} ${summary.checkoutThisMonth.payments === 1 ? 'payment' : 'payments'}, each with its invoice on the order`
            }
          >
            <Money cents={summary.checkoutThisMonth.paidCents} testId="summary-paid-at-checkout" />
            {summary.checkoutThisMonth.refundedCents > 0 ? (
              <Text size="xs" component="span" display="block" data-testid="summary-refunded">
                −<Money cents={summary.checkoutThisMonth.refundedCents} testId="summary-refunded-amount" /> refunded
              </Text>
            ) : null}
          </Figure>
          <Figure label="Forecast to month end" hint={FORECAST_HINT}>
            <Money cents={summary.forecastCents} testId="summary-forecast" />
          </Figure>
          <Figure
            label="Last invoice"
            hint={
              summary.lastInvoice ? (
                <Group gap={6} component="span">
                  {summary.lastInvoice.number}
                  <Badge size="xs" color={INVOICE_STATUS_COLORS[summary.lastInvoice.status]} data-testid="summary-last-invoice-status">
                    {summary.lastInvoice.status}
                  </Badge>
                </Group>
              ) : (
                'No invoice yet: the first is issued on the 1st for the month before.'
              )
            }
          >
            {summary.lastInvoice ? <Money cents={summary.lastInvoice.totalCents} testId="summary-last-invoice" /> : <span data-testid="summary-last-invoice">—</span>}
          </Figure>
          <Figure label="Balance due" hint={summary.unpaidInvoices === 0 ? 'Nothing to pay' : `${summary.unpaidInvoices} unpaid invoice${summary.unpaidInvoices === 1 ? '' : 's'}`}>
            <Money cents={summary.balanceDueCents} testId="summary-balance-due" />
          </Figure>
          <Figure label="Credits left" hint={CREDITS_HINT}>
            <Money cents={summary.creditsLeftCents} testId="summary-credits-left" />
          </Figure>
        </SimpleGrid>
      )}
      {summary?.bankTransfer ? <BankTransferCredit bankTransfer={summary.bankTransfer} /> : null}
    </SectionCard>
  );
}

/**
 * For an organisation staff approved for bank transfers: what it owes against its credit limit,
 * the figure a bank-transfer confirmation is checked against, so a refusal is no surprise.
 */
function BankTransferCredit({ bankTransfer }: { bankTransfer: NonNullable<BillingSummary['bankTransfer']> }) {
  const { creditLimitCents: limit, outstandingCents: owed } = bankTransfer;
  return (
    <Text size="sm" mt="md" data-testid="summary-bank-transfer">
      Bank transfer: <Money cents={owed} testId="summary-bank-transfer-owed" /> owed
      {limit === null ? (
        ', with no credit limit.'
      ) : (
        <>
          {' '}
          of your <Money cents={limit} testId="summary-bank-transfer-limit" /> credit limit
          {owed < limit ? (
            <>
              {' '}
              (<Money cents={limit - owed} testId="summary-bank-transfer-left" /> left).
            </>
          ) : (
            ': pay your outstanding invoices before confirming more orders by bank transfer.'
          )}{' '}
          Orders confirmed by bank transfer beyond it are refused; card payments are not limited.
        </>
      )}
    </Text>
  );
}
