import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, QueryView } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { euros } from '../checkout';
import { InstanceStatusBadge } from './instance-status-badge';
import { softwareLabel } from './middleware-types';
import type { MiddlewareSummary } from './middleware-types';

/** What one costs: a month of its plan, or, once deleted, what it cost until then. */
function costOf(instance: MiddlewareSummary): string {
  if (instance.status === 'deleted') return `${euros(instance.costUntilDeletionCents ?? 0)} until deleted on ${formatDate(instance.deletedAt ?? 0)}`;
  return `${euros(instance.plan.monthlyCents)} / month`;
}

const COLUMNS: Column<MiddlewareSummary>[] = [
  {
    header: 'Name',
    rowHeader: true,
    cell: (instance) => (
      <AnchorLink to="/middlewares/$id" params={{ id: instance.id }} fw={600}>
        {instance.name}
      </AnchorLink>
    ),
  },
  { header: 'Software', cell: softwareLabel },
  { header: 'Plan', cell: (instance) => instance.plan.name },
  {
    header: 'Cluster',
    cell: (instance) => (
      <>
        {instance.cluster.name}
        <Text size="xs" c="dimmed">
          {instance.region.name}
        </Text>
      </>
    ),
  },
  { header: 'Status', cell: (instance) => <InstanceStatusBadge status={instance.status} /> },
  { header: 'Cost before VAT', cell: costOf },
];

export function MiddlewareInstancesTable({ items, caption }: { items: readonly MiddlewareSummary[]; caption: string }) {
  return (
    <DataTable
      rows={items}
      columns={COLUMNS}
      rowKey={(instance) => instance.id}
      rowProps={(instance) => ({ 'data-testid': 'middleware-instance-row', 'data-instance-id': instance.id })}
      caption={caption}
      minWidth={640}
      verticalSpacing="sm"
      striped
      withTableBorder
      testId="middleware-instances"
    />
  );
}

/** The organisation's middlewares (deleted ones of the last 90 days too), or `empty`. */
export function YourMiddlewares({ empty, includeDeleted = true }: { empty: ReactNode; includeDeleted?: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.middlewares.list.queryOptions({ includeDeleted }));
  return (
    <QueryView
      query={list}
      loading={<Skeleton height={120} radius="md" aria-label="Loading your middlewares" />}
      errorTitle="Your middlewares could not be loaded"
      isEmpty={(data) => data.items.length === 0}
      empty={empty}
    >
      {(data) => <MiddlewareInstancesTable items={data.items} caption="Your organisation's middlewares" />}
    </QueryView>
  );
}
