import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { useDisplayPrice } from '../pricing';
import { ClusterStatusCell } from './cluster-status-badge';
import type { ClusterSummary } from './cluster-types';

interface ClustersTableProps {
  items: readonly ClusterSummary[];
  caption: string;
}

/** The organisation's clusters, each linked to its page. */
export function ClustersTable({ items, caption }: ClustersTableProps) {
  const { format, ready } = useDisplayPrice();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="clusters-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Cluster</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Tier</Table.Th>
            <Table.Th scope="col">Region</Table.Th>
            <Table.Th scope="col">Kubernetes</Table.Th>
            <Table.Th scope="col" ta="right">
              Nodes ready
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Monthly cost
            </Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((cluster) => (
            <Table.Tr key={cluster.id} data-testid="cluster-row" data-cluster-id={cluster.id} data-status={cluster.status}>
              <Table.Th scope="row" fw={500}>
                <Stack gap={2}>
                  <AnchorLink to="/clusters/$id" params={{ id: cluster.id }} size="sm" fw={600} data-testid="cluster-link">
                    {cluster.name}
                  </AnchorLink>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {cluster.id}
                  </Text>
                </Stack>
              </Table.Th>
              <Table.Td>
                <ClusterStatusCell cluster={cluster} />
              </Table.Td>
              <Table.Td>{cluster.tier.name}</Table.Td>
              <Table.Td>
                <Text size="sm">{cluster.region.name}</Text>
                <Text size="xs" c="dimmed">
                  {cluster.region.id}
                </Text>
              </Table.Td>
              <Table.Td>{cluster.kubernetesVersion}</Table.Td>
              <Table.Td ta="right" data-testid="cluster-nodes" data-ready={cluster.readyNodes} data-wanted={cluster.nodeCount}>
                <Text size="sm" span aria-hidden>
                  {cluster.readyNodes}/{cluster.nodeCount}
                </Text>
                <VisuallyHidden>
                  {cluster.readyNodes} of {cluster.nodeCount} nodes ready
                </VisuallyHidden>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {cluster.deletedAt !== null ? (
                  // Nothing to pay any more (issue 31: a deleted cluster showed its old monthly price).
                  <Text size="sm" c="dimmed" data-testid="cluster-cost" data-cents={0}>
                    Deleted {formatDate(cluster.deletedAt)}
                  </Text>
                ) : (
                  <Text size="sm" fw={600} data-testid="cluster-cost" data-cents={cluster.monthlyCents}>
                    {ready ? format(cluster.monthlyCents) : '…'}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(cluster.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

