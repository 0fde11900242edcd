import { Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { euros } from '../checkout';
import { InstanceStatusBadge } from './middleware-instance-page';
import { softwareLabel } from './middleware-types';
import type { MiddlewareSummary } from './middleware-types';

/** What one costs: a month of its plan, or, once deleted, what it cost until then. */
function costOf(instance: MiddlewareSummary): string {
  if (instance.status === 'deleted') return `${euros(instance.costUntilDeletionCents ?? 0)} until deleted on ${formatDate(instance.deletedAt ?? 0)}`;
  return `${euros(instance.plan.monthlyCents)} / month`;
}

export function MiddlewareInstancesTable({ items, caption }: { items: readonly MiddlewareSummary[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped withTableBorder data-testid="middleware-instances">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Software</Table.Th>
            <Table.Th scope="col">Plan</Table.Th>
            <Table.Th scope="col">Cluster</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Cost before VAT</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((instance) => (
            <Table.Tr key={instance.id} data-testid="middleware-instance-row" data-instance-id={instance.id}>
              <Table.Th scope="row">
                <AnchorLink to="/middlewares/$id" params={{ id: instance.id }} fw={600}>
                  {instance.name}
                </AnchorLink>
              </Table.Th>
              <Table.Td>{softwareLabel(instance)}</Table.Td>
              <Table.Td>{instance.plan.name}</Table.Td>
              <Table.Td>
                {instance.cluster.name}
                <Text size="xs" c="dimmed">
                  {instance.region.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <InstanceStatusBadge status={instance.status} />
              </Table.Td>
              <Table.Td>{costOf(instance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The organisation's middlewares (deleted ones of the last 90 days too), or `empty`. */
export function YourMiddlewares({ empty, includeDeleted = true }: { empty: ReactNode; includeDeleted?: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.middlewares.list.queryOptions({ includeDeleted }));
  if (list.isPending) return <Skeleton height={120} radius="md" aria-label="Loading your middlewares" />;
  if (list.error) return <QueryErrorAlert title="Your middlewares could not be loaded" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <>{empty}</>;
  return <MiddlewareInstancesTable items={list.data.items} caption="Your organisation's middlewares" />;
}
