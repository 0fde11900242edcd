import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { SectionCard } from '../../components/section-card';
import { formatRelativeTime } from '../../lib/relative-time';
import { NODE_STATUS_COLORS, NODE_STATUS_LABELS } from './cluster-types';
import type { ClusterDetail, ClusterNode } from './cluster-types';
import { useNow } from '../../lib/use-now';

/** "2 vCPU" from 2000 millicores, "7.5 GiB" from 7680 MiB. */
export function capacityLabel(node: Pick<ClusterNode, 'cpuMillicores' | 'memoryMib'>): string {
  const cores = node.cpuMillicores / 1000;
  const gib = node.memoryMib / 1024;
  const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
  return `${number.format(cores)} vCPU, ${number.format(gib)} GiB`;
}

function usageColor(percent: number): string {
  return percent >= 90 ? 'red' : percent >= 75 ? 'yellow' : 'teal';
}

function Usage({ percent, what, node }: { percent: number | null; what: string; node: string }) {
  if (percent === null) {
    return (
      <Text size="sm" c="dimmed">
        Not measured
      </Text>
    );
  }
  return (
    <Stack gap={2} miw={110}>
      <Text size="xs">{percent}%</Text>
      <Progress value={percent} size="sm" color={usageColor(percent)} aria-label={`${what} use of ${node}`} />
    </Stack>
  );
}

export function NodesTab({ cluster }: { cluster: ClusterDetail }) {
  const pools = new Map(cluster.nodePools.map((pool) => [pool.id, pool.name]));
  const now = useNow();
  return (
    <SectionCard
      id="nodes"
      title="Nodes"
      description={`${cluster.readyNodes} of ${cluster.nodeCount} nodes ready. Updated live while an operation changes them; CPU and memory use as last measured.`}
    >
      {cluster.nodes.length === 0 ? (
        <Text size="sm" data-testid="nodes-empty">
          {cluster.status === 'hibernated' ? 'The cluster is hibernated: its nodes are stopped and not billed.' : 'No node has joined the cluster yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" withTableBorder data-testid="nodes-table">
            <Table.Caption>Worker nodes of {cluster.name}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Node</Table.Th>
                <Table.Th scope="col">Pool</Table.Th>
                <Table.Th scope="col">Zone</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Capacity</Table.Th>
                <Table.Th scope="col">CPU use</Table.Th>
                <Table.Th scope="col">Memory use</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cluster.nodes.map((node) => (
                <Table.Tr key={node.name} data-testid="node-row" data-node={node.name} data-status={node.status} data-pool-id={node.poolId}>
                  <Table.Th scope="row">
                    <Text size="sm" ff="monospace" fw={500}>
                      {node.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      kubelet {node.kubeletVersion}, joined {formatRelativeTime(node.createdAt, now)}
                    </Text>
                  </Table.Th>
                  <Table.Td>{pools.get(node.poolId) ?? node.poolId}</Table.Td>
                  <Table.Td>{node.zone}</Table.Td>
                  <Table.Td>
                    <Badge color={NODE_STATUS_COLORS[node.status]} variant="filled" size="sm">
                      {NODE_STATUS_LABELS[node.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{capacityLabel(node)}</Table.Td>
                  <Table.Td>
                    <Usage percent={node.cpuUsagePercent} what="CPU" node={node.name} />
                  </Table.Td>
                  <Table.Td>
                    <Usage percent={node.memoryUsagePercent} what="Memory" node={node.name} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs">
        {cluster.nodePools.map((pool) => (
          <Text key={pool.id} size="xs" c="dimmed">
            {pool.name}: {pool.readyNodes} of {pool.count} ready.
          </Text>
        ))}
      </Group>
    </SectionCard>
  );
}
