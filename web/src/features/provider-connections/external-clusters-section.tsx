import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, QueryView, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatRelativeTime } from '../../lib/relative-time';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useMayManageConnections } from './may-manage-connections';
import { badgeOf, type StoredExternalCluster } from './providers';
import { clusterFactColumns } from './test-result-view';

const EXTERNAL_COLUMNS: Column<StoredExternalCluster>[] = [
  {
    header: 'Provider',
    cell: (cluster) => (
      <Badge variant="outline" color="dark">
        {badgeOf(cluster.provider)}
      </Badge>
    ),
  },
  ...clusterFactColumns<StoredExternalCluster>(),
  { header: 'Status', cell: (cluster) => cluster.status },
  { header: 'Connection', cell: (cluster) => cluster.connectionName },
  { header: 'Refreshed', cell: (cluster) => formatRelativeTime(cluster.refreshedAt) },
];

/**
 * On /my-clusters: the clusters the organisation's saved connections listed at other clouds,
 * read-only and counted apart from its KubeMarket clusters. Nothing shows until a connection exists.
 */
export function ExternalClustersSection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const mayManage = useMayManageConnections();
  const clusters = useQuery(trpc.providerConnections.externalClusters.queryOptions());
  const connections = useQuery(trpc.providerConnections.list.queryOptions());
  // Every connection in turn: one slow or failing provider does not hide the others' answers.
  const refresh = useMutation({
    mutationFn: async () => {
      const failed: string[] = [];
      for (const connection of connections.data ?? []) {
        const result = await client.providerConnections.refresh.mutate({ id: connection.id });
        if (!result.ok) failed.push(`${connection.name}: ${result.explanation ?? result.kind}`);
      }
      return failed;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.providerConnections.externalClusters.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.providerConnections.list.queryKey() }),
      ]),
  });

  if (connections.data?.length === 0 && clusters.data?.length === 0) return null;
  const count = clusters.data?.length ?? 0;

  return (
    <SectionCard
      title="Clusters at other clouds"
      description="Listed with your organisation's saved cloud connections. Read-only: they are not managed or billed by KubeMarket, and not counted with your clusters above."
      aside={
        mayManage && (connections.data?.length ?? 0) > 0 ? (
          <Button size="xs" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={refresh.isPending} onClick={() => refresh.mutate()} data-testid="refresh-external-clusters">
            Refresh
          </Button>
        ) : null
      }
    >
      <QueryView query={clusters} loading={<Skeleton height={72} aria-label="Loading clusters at other clouds" />} errorTitle="Clusters at other clouds could not be loaded">
        {() => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="external-clusters-count">
              {count === 0 ? 'No cluster at other clouds' : `${count} cluster${count === 1 ? '' : 's'} at other clouds`}
            </Text>
            {refresh.data && refresh.data.length > 0 ? (
              <Alert color="red" variant="light" role="alert" title="Some connections could not be refreshed; their last clusters are kept.">
                <Stack gap={2}>
                  {refresh.data.map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {refresh.error ? (
              <Alert color="red" variant="light" role="alert">
                {refresh.error.message}
              </Alert>
            ) : null}
            {count > 0 ? (
              <DataTable
                rows={clusters.data ?? []}
                columns={EXTERNAL_COLUMNS}
                rowKey={(cluster) => cluster.id}
                rowProps={() => ({ 'data-testid': 'external-cluster' })}
                label="Clusters at other clouds"
                minWidth={720}
                verticalSpacing="xs"
                testId="external-clusters"
              />
            ) : null}
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                Refreshed every hour, and when you choose Refresh.
              </Text>
            </Group>
          </Stack>
        )}
      </QueryView>
    </SectionCard>
  );
}
