import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { DataTable } from '../../components/list-kit';
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
        <DataTable
          rows={cluster.nodes}
          columns={[
            {
              header: 'Node',
              rowHeader: true,
              cellProps: () => ({ fw: undefined }),
              cell: (node) => (
                <>
                  <Text size="sm" ff="monospace" fw={500}>
                    {node.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    kubelet {node.kubeletVersion}, joined {formatRelativeTime(node.createdAt, now)}
                  </Text>
                </>
              ),
            },
            { header: 'Pool', cell: (node) => pools.get(node.poolId) ?? node.poolId },
            { header: 'Zone', cell: (node) => node.zone },
            {
              header: 'Status',
              cell: (node) => (
                <Badge color={NODE_STATUS_COLORS[node.status]} variant="filled" size="sm">
                  {NODE_STATUS_LABELS[node.status]}
                </Badge>
              ),
            },
            { header: 'Capacity', cellProps: () => ({ style: { whiteSpace: 'nowrap' } }), cell: (node) => capacityLabel(node) },
            { header: 'CPU use', cell: (node) => <Usage percent={node.cpuUsagePercent} what="CPU" node={node.name} /> },
            { header: 'Memory use', cell: (node) => <Usage percent={node.memoryUsagePercent} what="Memory" node={node.name} /> },
          ]}
          rowKey={(node) => node.name}
          rowProps={(node) => ({ 'data-testid': 'node-row', 'data-node': node.name, 'data-status': node.status, 'data-pool-id': node.poolId })}
          caption={`Worker nodes of ${cluster.name}`}
          minWidth={860}
          verticalSpacing="sm"
          withTableBorder
          testId="nodes-table"
        />
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
