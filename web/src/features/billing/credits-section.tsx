import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { TableSkeleton } from '../../components/table-skeleton';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import type { BillingCredits } from './billing-types';
import { Money } from './money';

const ORIGIN_LABELS: Record<BillingCredits['items'][number]['origin'], string> = {
  promotion: 'Promotion',
  prepaid: 'Prepaid',
  goodwill: 'Goodwill',
  refund: 'Refund',
};

const STATUS = { active: { label: 'Active', color: 'teal' }, used: { label: 'Used up', color: 'gray' }, expired: { label: 'Expired', color: 'gray' } } as const;

const CREDIT_COLUMNS = ['Credit', 'Origin', 'Amount', 'Left', 'Expires', 'Applied to'] as const;
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
      {query.error ? (
        <QueryErrorAlert title="Credits could not be loaded" error={query.error} retrying={query.isRefetching} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <TableSkeleton columns={CREDIT_COLUMNS} caption={CREDITS_CAPTION} minWidth={CREDITS_MIN_WIDTH} sample={CREDIT_SAMPLE} />
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="credits-empty">
          You have no credits.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={CREDITS_MIN_WIDTH}>
          <Table data-testid="credits-table" verticalSpacing="xs">
            <Table.Caption>{CREDITS_CAPTION}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {CREDIT_COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((credit) => (
                <Table.Tr key={credit.id} data-testid="credit-row" data-status={credit.status}>
                  <Table.Th scope="row" fw={500}>
                    {credit.description}{' '}
                    <Badge size="xs" variant="light" color={STATUS[credit.status].color}>
                      {STATUS[credit.status].label}
                    </Badge>
                  </Table.Th>
                  <Table.Td>{ORIGIN_LABELS[credit.origin]}</Table.Td>
                  <Table.Td>
                    <Money cents={credit.amountCents} />
                  </Table.Td>
                  <Table.Td>
                    <Money cents={credit.remainingCents} testId="credit-left" />
                  </Table.Td>
                  <Table.Td>{credit.expiresAt === null ? 'Never' : formatDate(credit.expiresAt)}</Table.Td>
                  <Table.Td>
                    {credit.applied.length === 0
                      ? '—'
                      : credit.applied.map((application) => (
                          <Text key={application.invoiceId} size="sm">
                            {application.invoiceNumber}: <Money cents={application.amountCents} />
                          </Text>
                        ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
