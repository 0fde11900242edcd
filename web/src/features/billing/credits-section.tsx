import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
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
        <Skeleton height={60} />
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="credits-empty">
          You have no credits.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="credits-table" verticalSpacing="xs">
            <Table.Caption>Credits, in the order they are spent</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Credit</Table.Th>
                <Table.Th scope="col">Origin</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Left</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
                <Table.Th scope="col">Applied to</Table.Th>
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
