import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryTable, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { TableSkeleton } from '../../components/table-skeleton';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import type { BillingCredits } from './billing-types';
import { Money } from './money';

const ORIGIN_LABELS: Record<Credit['origin'], string> = {
  promotion: 'Promotion',
  prepaid: 'Prepaid',
  goodwill: 'Goodwill',
  refund: 'Refund',
};

const STATUS = { active: { label: 'Active', color: 'teal' }, used: { label: 'Used up', color: 'gray' }, expired: { label: 'Expired', color: 'gray' } } as const;

type Credit = BillingCredits['items'][number];

const CREDIT_COLUMNS: Column<Credit>[] = [
  {
    header: 'Credit',
    rowHeader: true,
    cell: (credit) => (
      <>
        {credit.description}{' '}
        <Badge size="xs" variant="light" color={STATUS[credit.status].color}>
          {STATUS[credit.status].label}
        </Badge>
      </>
    ),
  },
  { header: 'Origin', cell: (credit) => ORIGIN_LABELS[credit.origin] },
  { header: 'Amount', cell: (credit) => <Money cents={credit.amountCents} /> },
  { header: 'Left', cell: (credit) => <Money cents={credit.remainingCents} testId="credit-left" /> },
  { header: 'Expires', cell: (credit) => (credit.expiresAt === null ? 'Never' : formatDate(credit.expiresAt)) },
  {
    header: 'Applied to',
    cell: (credit) =>
      credit.applied.length === 0
        ? '—'
        : credit.applied.map((application) => (
            <Text key={application.invoiceId} size="sm">
              {application.invoiceNumber}: <Money cents={application.amountCents} />
            </Text>
          )),
  },
];
const CREDITS_CAPTION = 'Credits, in the order they are spent';
const CREDITS_MIN_WIDTH = 640;
/** A typical credit, under the loading row's skeletons: the row wraps on a phone as a real one does. */
const CREDIT_SAMPLE = [
  <>
    Welcome credit{' '}
    <Badge size="xs" variant="light">
      Active
    </Badge>
  </>,
  'Promotion',
  '€50.00',
  '€50.00',
  '22 February 2027',
  '—',
];

export function CreditsSection() {
  const trpc = useTRPC();
  const query = useQuery(trpc.billing.credits.queryOptions());
  return (
    <SectionCard
      id="credits"
      title="Credits"
      description="Promotional and prepaid credits are applied to your invoices before anything is charged, the soonest expiring first."
      aside={query.data ? <Money cents={query.data.totalLeftCents} testId="credits-total-left" /> : null}
    >
      <QueryTable
        query={query}
        loading={<TableSkeleton columns={CREDIT_COLUMNS.map((column) => column.header)} caption={CREDITS_CAPTION} minWidth={CREDITS_MIN_WIDTH} sample={CREDIT_SAMPLE} />}
        errorTitle="Credits could not be loaded"
        empty={
          <Text size="sm" c="dimmed" data-testid="credits-empty">
            You have no credits.
          </Text>
        }
        columns={CREDIT_COLUMNS}
        rowKey={(credit) => credit.id}
        rowProps={(credit) => ({ 'data-testid': 'credit-row', 'data-status': credit.status })}
        caption={CREDITS_CAPTION}
        minWidth={CREDITS_MIN_WIDTH}
        verticalSpacing="xs"
        testId="credits-table"
      />
    </SectionCard>
  );
}
