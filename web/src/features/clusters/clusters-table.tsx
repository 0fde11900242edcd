import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { DataTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { useDisplayPrice } from '../currency';
import { ClusterStatusCell } from './cluster-status-badge';
import type { ClusterSummary } from './cluster-types';

interface ClustersTableProps {
  items: readonly ClusterSummary[];
  caption: string;
}

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

/** The organisation's clusters, each linked to its page. */
export function ClustersTable({ items, caption }: ClustersTableProps) {
  const { format, ready } = useDisplayPrice();
  const columns: Column<ClusterSummary>[] = [
    {
      header: 'Cluster',
      rowHeader: true,
      cell: (cluster) => (
        <Stack gap={2}>
          <AnchorLink to="/clusters/$id" params={{ id: cluster.id }} size="sm" fw={600} data-testid="cluster-link">
            {cluster.name}
          </AnchorLink>
          <Text size="xs" c="dimmed" ff="monospace">
            {cluster.id}
          </Text>
        </Stack>
      ),
    },
    { header: 'Status', cell: (cluster) => <ClusterStatusCell cluster={cluster} /> },
    { header: 'Tier', cell: (cluster) => cluster.tier.name },
    {
      header: 'Region',
      cell: (cluster) => (
        <>
          <Text size="sm">{cluster.region.name}</Text>
          <Text size="xs" c="dimmed">
            {cluster.region.id}
          </Text>
        </>
      ),
    },
    { header: 'Kubernetes', cell: (cluster) => cluster.kubernetesVersion },
    {
      header: 'Nodes ready',
      align: 'right',
      cellProps: (cluster) => ({ 'data-testid': 'cluster-nodes', 'data-ready': cluster.readyNodes, 'data-wanted': cluster.nodeCount }),
      cell: (cluster) => (
        <>
          <Text size="sm" span aria-hidden>
            {cluster.readyNodes}/{cluster.nodeCount}
          </Text>
          <VisuallyHidden>
            {cluster.readyNodes} of {cluster.nodeCount} nodes ready
          </VisuallyHidden>
        </>
      ),
    },
    {
      header: 'Monthly cost',
      align: 'right',
      cellProps: () => NO_WRAP,
      cell: (cluster) =>
        cluster.deletedAt !== null ? (
          // Nothing to pay any more (issue 31: a deleted cluster showed its old monthly price).
          <Text size="sm" c="dimmed" data-testid="cluster-cost" data-cents={0}>
            Deleted {formatDate(cluster.deletedAt)}
          </Text>
        ) : (
          <Text size="sm" fw={600} data-testid="cluster-cost" data-cents={cluster.monthlyCents}>
            {ready ? format(cluster.monthlyCents) : '…'}
          </Text>
        ),
    },
    { header: 'Created', cellProps: () => NO_WRAP, cell: (cluster) => formatDate(cluster.createdAt) },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(cluster) => cluster.id}
      rowProps={(cluster) => ({ 'data-testid': 'cluster-row', 'data-cluster-id': cluster.id, 'data-status': cluster.status })}
      caption={caption}
      minWidth={900}
      verticalSpacing="sm"
      highlightOnHover
      withTableBorder
      testId="clusters-table"
    />
  );
}
